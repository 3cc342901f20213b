package shape

import "strings"

// Query strings: article ids, Joomla views, further pages and utility
// parameters, read without allocating.

type queryKind uint8

const (
	queryNone    queryKind = iota
	queryID                // an article id: ?id=77753720, ?p=1234, ?idxno=317123
	querySection           // a listing: Joomla view=category
	queryPage              // a further page: ?page=2, ?PAGEN_1=2, ?start=10
	queryOther             // a feed, search or login: ?format=feed, ?s=x
)

type queryVerdict struct {
	kind queryKind
	// joomla: the id names Joomla's single article (view=article, or
	// task=view under option=com_content), which its menus use for pages.
	joomla bool
}

// idParams name article ids in query strings, with the fewest digits the
// value must have.
var idParams = map[string]int{
	"id": 4, "p": 3, "idxno": 3, "aid": 4, "articleid": 4, "article_id": 4,
	"newsid": 4, "news_id": 4, "storyid": 4, "story_id": 4, "contentid": 4,
	"cntn_cd": 4, "idx": 4, "no": 4, "nid": 4, "k": 6, "docid": 4, "artid": 4,
	"artnr": 4, "art_nr": 4, "articlenr": 4,
}

// redirectParams carry the address a redirector sends the reader on to
// (/click?url=http%3A//twitter.com/x): an ad or exit link, other.
var redirectParams = wordSet(`
	url u redirect redirect_url redirect_uri redirecturl returnurl return_url
	goto dest destination target link
`)

// isURLValue: a query value that is an absolute or site-relative address.
func isURLValue(v string) bool {
	return len(v) > 4 && (strings.EqualFold(v[:4], "http") || v[0] == '/' ||
		strings.EqualFold(v[:3], "%2f"))
}

// spipKey reads SPIP's bare query keys (spip.php?article717, ?rubrique12,
// ?breve45): an article or brief, or a section, by its number.
func spipKey(key string) queryKind {
	for _, w := range [...]struct {
		word string
		kind queryKind
	}{{"article", queryID}, {"breve", queryID}, {"rubrique", querySection}} {
		if len(key) > len(w.word) && strings.EqualFold(key[:len(w.word)], w.word) && isDigits(key[len(w.word):]) {
			return w.kind
		}
	}
	return queryNone
}

// viewWords are Joomla's view= values.
var viewWords = map[string]queryKind{
	"article": queryID, "category": querySection, "section": querySection,
	"featured": querySection, "categories": querySection,
	"login": queryOther, "registration": queryOther, "reset": queryOther,
	"remind": queryOther, "profile": queryOther,
}

var pageParams = wordSet(`
	page pg start offset updated-max max-results pagen_1 pagen_2
	paged
`)

// judgeQuery reads a raw query string without allocating.
func judgeQuery(q string) queryVerdict {
	var v queryVerdict
	var buf [maxWordLen]byte
	// Joomla 1.0 names its views by task= under option=com_content
	// (index.php?option=com_content&task=view&id=31: an article;
	// task=blogcategory&id=4: a listing), in any order.
	content, task := false, queryNone
	for len(q) > 0 {
		pair := q
		if i := strings.IndexByte(q, '&'); i >= 0 {
			pair, q = q[:i], q[i+1:]
		} else {
			q = ""
		}
		key, val := pair, ""
		if i := strings.IndexByte(pair, '='); i >= 0 {
			key, val = pair[:i], pair[i+1:]
		}
		switch {
		case strings.EqualFold(key, "format") && strings.EqualFold(val, "feed"),
			strings.EqualFold(key, "feed"), strings.EqualFold(key, "replytocom"),
			// An action on the page: Jetpack's share buttons
			// (?share=facebook), Drupal's rating widget (?rate=token).
			strings.EqualFold(key, "share") && val != "", strings.EqualFold(key, "rate") && val != "",
			(strings.EqualFold(key, "s") || strings.EqualFold(key, "q")) && val != "",
			// WordPress's search form as a link: /?s= with nothing typed.
			strings.EqualFold(pair, "s="):
			return queryVerdict{kind: queryOther}
		case foldIn(redirectParams, key) && isURLValue(val):
			return queryVerdict{kind: queryOther}
		case val == "" && spipKey(key) != queryNone:
			if k := spipKey(key); k == queryID || v.kind == queryNone {
				v.kind = k
			}
		case strings.EqualFold(key, "option"):
			content = strings.EqualFold(val, "com_content")
		case strings.EqualFold(key, "task"):
			task = taskWords[string(foldKey(&buf, val))]
		case strings.EqualFold(key, "view"):
			switch viewWords[string(foldKey(&buf, val))] {
			case queryID:
				v.kind, v.joomla = queryID, true
			case querySection:
				if v.kind == queryNone {
					v.kind = querySection
				}
			case queryOther:
				return queryVerdict{kind: queryOther}
			}
		case foldIn(pageParams, key) && val != "" && val != "0":
			if v.kind != queryID {
				v.kind = queryPage
			}
		default:
			k := string(foldKey(&buf, key))
			if min, ok := idParams[k]; ok && longestDigitRun(val) >= min {
				v.kind = queryID
			} else if !ok && idKey(k) && (longestDigitRun(val) >= 4 || isGUID(val)) {
				v.kind = queryID
			}
		}
	}
	if content && task != queryNone && (v.kind == queryNone || task == queryID) {
		v.kind, v.joomla = task, task == queryID
	}
	return v
}

// taskWords are Joomla 1.0's task= values under option=com_content.
var taskWords = map[string]queryKind{
	"view": queryID, "category": querySection, "section": querySection,
	"blogcategory": querySection, "blogsection": querySection,
}

// idKeySuffixes end the names of id parameters that idParams does not
// list: a CMS's own (pk_no, SerialNo, autono, objectId, guid, ArticleNum).
var idKeySuffixes = [...]string{"id", "no", "nr", "num", "guid"}

// notIDKeys end like id parameters but carry no story's id: click and
// session ids, campaigns, users, listings' and pages' numbers, threads.
var notIDKeys = wordSet(`
	fbclid gclid dclid msclkid yclid twclid sid sessionid
	session_id phpsessid jsessionid cid campaignid campaign_id clientid client_id
	uid userid user_id memberid member_id mc_cid mc_eid trackingid
	adid ad_id partnerid affid aff_id siteid site_id playlistid
	channelid catid cat_id categoryid category_id sectionid section_id pageno
	page_no pagenum page_num pagenr phone parentid threadid forumid
	topicid replyid commentid oldid revid deptid ticketid
`)

// idKey reports whether the lower-cased query key k names an item's id by
// its ending (objectid, pk_no, serialno, autono, guid).
func idKey(k string) bool {
	if len(k) < 3 || notIDKeys[k] {
		return false
	}
	for _, suf := range idKeySuffixes {
		if strings.HasSuffix(k, suf) {
			return true
		}
	}
	return false
}

// isGUID: a query value that is a GUID, braced and escaped or bare
// (%7B49E8785A-F1C7-11EA-B8AA-ECF03EAB1839%7D).
func isGUID(v string) bool {
	if len(v) >= 6 && strings.EqualFold(v[:3], "%7b") && strings.EqualFold(v[len(v)-3:], "%7d") {
		v = v[3 : len(v)-3]
	}
	if len(v) != 36 {
		return false
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case i == 8 || i == 13 || i == 18 || i == 23:
			if c != '-' {
				return false
			}
		case c >= '0' && c <= '9', c >= 'a' && c <= 'f', c >= 'A' && c <= 'F':
		default:
			return false
		}
	}
	return true
}
