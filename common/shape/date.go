package shape

import "strings"

// Dates in paths: the strongest sign of an article, in a dozen spellings.

// datedEnd finds the first date in segs (/2024/05/18/, /2024/may/18/,
// /2024-05/, /20240518/, /18/05/2024/, /2405/18/, /24_maggio_18/) and returns
// the index just past it, or 0 when there is none.
func datedEnd(segs []string) int {
	_, end, _ := datedSpan(segs)
	return end
}

// datedSpan finds the first date in segs as datedEnd does, and returns
// where it starts and ends (segs[start:end]), and whether it names the day
// (/2024/05/18/, /20240518/; not /2024/05/ or /2024/).
func datedSpan(segs []string) (start, end int, day bool) {
	n := len(segs)
	for i := 0; i < n; i++ {
		s := segs[i]
		if isDateSeg(s) {
			return i, i + 1, len(s) >= 8
		}
		if isYear(s) {
			if i+1 < n && (isMonth(segs[i+1]) || isMMDD(segs[i+1])) {
				if i+2 < n && isDay(segs[i+2]) {
					return i, i + 3, true
				}
				return i, i + 2, isMMDD(segs[i+1])
			}
			if i+1 == n {
				return i, n, false // a bare year: /2024/
			}
			continue
		}
		if len(s) == 4 && isDigits(s) && i+1 < n && isDay(segs[i+1]) && isMonthNum(s[2:]) {
			return i, i + 2, true // yymm/dd (ITmedia)
		}
		if i+2 < n && isDay(s) && isMonth(segs[i+1]) && isYear(segs[i+2]) {
			return i, i + 3, true // dd/mm/yyyy (RBC)
		}
	}
	return 0, 0, false
}

// isDateSeg: one segment holding a whole date: 2024-05, 2024-05-18,
// 2024_05_18, 20240518, 24_maggio_18.
func isDateSeg(s string) bool {
	switch {
	case len(s) == 8 && isDigits(s):
		return isYear(s[:4]) && isMonthNum(s[4:6]) && isDayNum(s[6:])
	case len(s) == 7 && isYear(s[:4]) && isSep(s[4]):
		return isMonthNum(s[5:])
	case len(s) == 10 && isYear(s[:4]) && isSep(s[4]) && isSep(s[7]):
		return isMonthNum(s[5:7]) && isDayNum(s[8:])
	}
	// yy_month_dd (Corriere della Sera: 24_maggio_18).
	a := strings.IndexByte(s, '_')
	if a != 2 || !isDigits(s[:2]) {
		return false
	}
	b := strings.LastIndexByte(s, '_')
	return b > a+2 && len(s)-b-1 <= 2 && len(s)-b-1 >= 1 && isDigits(s[b+1:]) && isLetters(s[a+1:b])
}

func isSep(c byte) bool { return c == '-' || c == '_' }

// isYear: 4 digits from 1990 to 2099.
func isYear(s string) bool {
	if len(s) != 4 || !isDigits(s) {
		return false
	}
	return (s[0] == '1' && s[1] == '9' && s[2] == '9') || (s[0] == '2' && s[1] == '0')
}

// isMonth: 1 to 12 in one or two digits, or an English month name or its
// three-letter abbreviation (The Guardian: /2024/may/18/).
func isMonth(s string) bool {
	if len(s) <= 2 && isDigits(s) {
		return isMonthNum(s)
	}
	return hasMonthName(s)
}

func isMonthNum(s string) bool {
	if len(s) == 0 || len(s) > 2 || !isDigits(s) {
		return false
	}
	m := atoiSmall(s)
	return m >= 1 && m <= 12
}

func isDayNum(s string) bool {
	if len(s) == 0 || len(s) > 2 || !isDigits(s) {
		return false
	}
	d := atoiSmall(s)
	return d >= 1 && d <= 31
}

func isDay(s string) bool { return isDayNum(s) }

// isMMDD: 4 digits month and day (People's Daily: /2024/0518/).
func isMMDD(s string) bool {
	return len(s) == 4 && isDigits(s) && isMonthNum(s[:2]) && isDayNum(s[2:])
}

var monthNames = map[string]bool{
	"jan": true, "feb": true, "mar": true, "apr": true, "may": true,
	"jun": true, "jul": true, "aug": true, "sep": true, "sept": true,
	"oct": true, "nov": true, "dec": true, "january": true, "february": true,
	"march": true, "april": true, "june": true, "july": true, "august": true,
	"september": true, "october": true, "november": true, "december": true,
}

func hasMonthName(s string) bool { return len(s) >= 3 && foldIn(monthNames, s) }

// yearDirAt reports whether a non-last segment is a bare year
// (/2024/gundem/...), which dates a story slug after it.
func yearDirAt(segs []string) bool {
	for _, s := range segs[:len(segs)-1] {
		if isYear(s) {
			return true
		}
	}
	return false
}
