package shape

import "strings"

// slugInfo describes the last segment of a path, split into tokens at
// - _ . , ~ ! + : ; = and spaces.
type slugInfo struct {
	tokens       int
	words        int  // tokens of letters (any script, or percent-encoded)
	conj         int  // conjunction tokens: and, und, et, y ...
	digitRun     int  // longest run of ASCII digits (percent escapes excluded)
	mixedID      bool // a token like DGXZQOUC026TI0S6A101C or 6a1b2c3d or x7kqz3n
	trailingNum  bool // the last token is a 2-4 digit number that is no year
	utility      bool // the first or last word is a legal or service word
	listingFirst bool // the first token names a listing (channel_25950)
	dated        bool // tokens yyyy-mm-dd or dd-mm-yyyy (slug-2024-05-18)
	bestList     bool // best-x...: a buyer's guide, not best-of (a listing)
}

// slug reports whether s reads as a story's slug: four or more words, where
// a short "x-and-y" list names a department instead
// (klima-energie-und-umwelt, personal-finance-and-money-tips).
func (s slugInfo) slug() bool {
	if s.tokens < 4 || s.words < 3 {
		return false
	}
	if s.conj > 0 && s.tokens <= 5 {
		return false
	}
	return true
}

func isTokenSep(c byte) bool {
	switch c {
	case '-', '_', '.', ',', '~', '!', '+', ':', ';', '=', ' ':
		return true
	}
	return false
}

// slugStats computes slugInfo for seg without allocating.
func slugStats(seg string) slugInfo {
	var st slugInfo
	run := 0
	firstWord, lastWord := "", ""
	lastTok := ""
	var t1, t2 string // the two tokens before the current one
	for i := 0; i < len(seg); {
		for i < len(seg) && isTokenSep(seg[i]) {
			i++
			run = 0
		}
		if i >= len(seg) {
			break
		}
		start := i
		letters, digits, switches, pct := 0, 0, 0, false
		prev := byte(0) // 'a' letter, '0' digit
		for i < len(seg) && !isTokenSep(seg[i]) {
			c := seg[i]
			switch {
			case c == '%' && i+2 < len(seg):
				pct = true
				i += 3
				run = 0
				continue
			case c >= '0' && c <= '9':
				digits++
				run++
				if run > st.digitRun {
					st.digitRun = run
				}
				if prev == 'a' {
					switches++
				}
				prev = '0'
			default:
				letters++
				run = 0
				if prev == '0' {
					switches++
				}
				prev = 'a'
			}
			i++
		}
		tok := seg[start:i]
		if (isYear(t2) && len(t1) == 2 && isMonthNum(t1) && len(tok) == 2 && isDayNum(tok)) ||
			(len(t2) == 2 && isDayNum(t2) && len(t1) == 2 && isMonthNum(t1) && isYear(tok)) {
			st.dated = true
		}
		t2, t1 = t1, tok
		st.tokens++
		lastTok = tok
		if st.tokens == 1 && hasRole(tok, roleListing) {
			st.listingFirst = true
		}
		switch {
		case digits == 0 && (letters > 0 || pct):
			st.words++
			if firstWord == "" {
				firstWord = tok
			}
			lastWord = tok
			if hasRole(tok, roleConj) {
				st.conj++
			}
		case digits > 0 && letters > 0 && !pct:
			n := len(tok)
			if (n >= 8 && digits >= 2 && letters >= 2 && switches >= 2) ||
				(n >= 6 && digits >= 2 && letters >= 2 && switches >= 3) {
				st.mixedID = true
			}
		}
	}
	if n := len(lastTok); n >= 2 && n <= 4 && isDigits(lastTok) && !isYear(lastTok) {
		st.trailingNum = true
	}
	if firstWord != "" {
		st.utility = utilityWord(firstWord) || utilityWord(lastWord)
	}
	if st.tokens >= 2 && st.words == st.tokens && len(seg) > 5 && strings.EqualFold(seg[:5], "best-") &&
		!(len(seg) >= 7 && strings.EqualFold(seg[5:7], "of")) {
		st.bestList = true
	}
	return st
}

// utilityWord: a word of roleUtilityToken, or one glued to "about"
// (aboutthebbc).
func utilityWord(w string) bool {
	if hasRole(w, roleUtilityToken) {
		return true
	}
	return len(w) > 5 && strings.EqualFold(w[:5], "about")
}
