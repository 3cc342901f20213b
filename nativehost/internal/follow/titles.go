package follow

import (
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"errors"
	"io"
	"net/url"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html/charset"

	"feedscout/nativehost/internal/sitemap"
)

// The sitemap extensions whose titles an entry may carry. An undeclared
// prefix reaches the decoder as the prefix itself, which counts too.
const (
	nsImage = "http://www.google.com/schemas/sitemap-image/1.1"
	nsVideo = "http://www.google.com/schemas/sitemap-video/1.1"
)

// mediaTitles are the titles a sitemap's <url> gives its page besides
// news:title: the first video:title and the first image:title.
type mediaTitles struct{ video, image string }

// best is the title of a sitemap entry: news:title (the article's own
// headline), else the first video:title (a page with a video is mostly
// that video), else the first image:title (the picture the page is
// about), else one made from the address (slugTitle).
func (m mediaTitles) best(news, loc string) string {
	if strings.TrimSpace(news) != "" {
		return news // as the sitemap reader gave it
	}
	for _, t := range []string{m.video, m.image} {
		if t = cut(clean(t), maxTitle); t != "" {
			return t
		}
	}
	return slugTitle(loc)
}

// sitemapTitles reads the video and image titles of the entries of body (a
// sitemap, gzip or not) whose <loc> is in want. The sitemap reader does
// not keep them, so this is a second pass over the body, made only when it
// mentions the image or video extension: a sitemap without them (the
// 50,000-URL one) costs a search of its bytes. A body that stops reading
// gives what was read before.
func sitemapTitles(body []byte, want map[string]bool) map[string]mediaTitles {
	if len(want) == 0 {
		return nil
	}
	if len(body) > 1 && body[0] == 0x1f && body[1] == 0x8b {
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			return nil
		}
		b, err := io.ReadAll(io.LimitReader(zr, sitemap.MaxBytes))
		if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
			return nil
		}
		body = b
	}
	if !bytes.Contains(body, []byte("sitemap-image/")) && !bytes.Contains(body, []byte("sitemap-video/")) &&
		!bytes.Contains(body, []byte("<image:")) && !bytes.Contains(body, []byte("<video:")) {
		return nil
	}
	d := xml.NewDecoder(bytes.NewReader(body))
	d.Strict = false
	d.Entity = xml.HTMLEntity
	d.CharsetReader = charset.NewReaderLabel
	out := map[string]mediaTitles{}
	var (
		open       []xml.Name // the open elements; open[0] is the root
		loc, text  strings.Builder
		cur        mediaTitles
		collecting int // 1: the <loc>, 2: a video title, 3: an image title
	)
	for {
		tok, err := d.Token()
		if err != nil {
			return out
		}
		switch t := tok.(type) {
		case xml.StartElement:
			open = append(open, t.Name)
			depth := len(open)
			if depth > 64 {
				return out
			}
			switch {
			case depth == 2 && t.Name.Local == "url":
				loc.Reset()
				cur = mediaTitles{}
			case depth == 3 && t.Name.Local == "loc":
				collecting = 1
				loc.Reset()
			case depth > 3 && t.Name.Local == "title" && inNS(open[depth-2], nsVideo, "video") && cur.video == "":
				collecting = 2
				text.Reset()
			case depth > 3 && t.Name.Local == "title" && inNS(open[depth-2], nsImage, "image") && cur.image == "":
				collecting = 3
				text.Reset()
			}
		case xml.CharData:
			switch {
			case collecting == 1 && loc.Len() < MaxURL:
				loc.Write(t)
			case collecting > 1 && text.Len() < 4*maxTitle:
				text.Write(t)
			}
		case xml.EndElement:
			depth := len(open)
			if depth == 0 {
				continue
			}
			switch {
			case collecting == 2 && depth > 3:
				cur.video = clean(text.String())
			case collecting == 3 && depth > 3:
				cur.image = clean(text.String())
			case depth == 2 && open[1].Local == "url":
				if l := strings.TrimSpace(loc.String()); want[l] && (cur.video != "" || cur.image != "") {
					if _, ok := out[l]; !ok {
						out[l] = cur
					}
				}
			}
			if depth == 3 || collecting > 1 {
				collecting = 0
			}
			open = open[:depth-1]
		}
	}
}

// inNS reports whether an element is the local name local of the namespace
// uri, or of an undeclared prefix of that name.
func inNS(n xml.Name, uri, local string) bool {
	return n.Local == local && (n.Space == uri || n.Space == local)
}

// slugTitle makes a readable title from a page's address, for sitemap
// entries that carry none: the last path segment that is words (an
// extension, an index page or a bare number is passed over for the
// segment before it, when that one is a slug of two words or more),
// percent-decoded, hyphens, underscores and plus signs
// as spaces, the first letter capitalised:
// /news/story-number-00001-of-the-day/ gives "Story number 00001 of the
// day", /2026/11/29/garden-notes/12345.html "Garden notes",
// /%E7%89%B9%E9%9B%86/ "特集". An address with no such segment gives its
// host and path.
func slugTitle(loc string) string {
	u, err := url.Parse(loc)
	if err != nil {
		return loc
	}
	segs := strings.Split(strings.Trim(u.EscapedPath(), "/"), "/")
	for i := len(segs) - 1; i >= 0; i-- {
		seg := segs[i]
		if s, err := url.PathUnescape(seg); err == nil {
			seg = s
		}
		if ext := path.Ext(seg); ext != "" && len(ext) <= 6 && !strings.ContainsAny(ext, "-_ ") {
			seg = strings.TrimSuffix(seg, ext)
		}
		words := strings.FieldsFunc(seg, func(r rune) bool { return r == '-' || r == '_' || r == '+' || unicode.IsSpace(r) })
		title := strings.Join(words, " ")
		if !hasLetter(title) || strings.EqualFold(title, "index") || strings.EqualFold(title, "default") {
			continue
		}
		if i < len(segs)-1 && len(words) < 2 {
			break // /news/12345: "News" would name every entry of the section
		}
		r, n := utf8.DecodeRuneInString(title)
		return cut(string(unicode.ToUpper(r))+title[n:], maxTitle)
	}
	return u.Hostname() + u.Path
}

// hasLetter reports whether s has a letter: "12345" is an id, not a title.
func hasLetter(s string) bool {
	return strings.IndexFunc(s, unicode.IsLetter) >= 0
}
