package shape

import "strings"

// Byte helpers: the package avoids strings.ToLower and friends on the hot
// path so that judging a path does not allocate.

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isLetters(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

func atoiSmall(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

func longestDigitRun(s string) int {
	best, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			run++
			if run > best {
				best = run
			}
		} else {
			run = 0
		}
	}
	return best
}

func containsFold(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

func lowerASCII(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// maxWordLen bounds the words looked up in the word lists; longer segments
// are no list word.
const maxWordLen = 32

// foldKey lower-cases s (ASCII) into buf for a map lookup; a word longer
// than buf comes back empty, which no list holds. Indexing a map with
// string(foldKey(...)) does not allocate.
func foldKey(buf *[maxWordLen]byte, s string) []byte {
	if len(s) > maxWordLen {
		return nil
	}
	for i := 0; i < len(s); i++ {
		buf[i] = lowerASCII(s[i])
	}
	return buf[:len(s)]
}

// foldIn reports whether s, in any case, is a key of set.
func foldIn(set map[string]bool, s string) bool {
	var buf [maxWordLen]byte
	return set[string(foldKey(&buf, s))]
}

// hasRole reports whether word (any case) has role in shapeWords.
func hasRole(word string, role uint16) bool {
	if len(word) > maxWordLen || word == "" {
		return false
	}
	var buf [maxWordLen]byte
	return shapeWords[string(foldKey(&buf, word))]&role != 0
}
