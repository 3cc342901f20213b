package newsmap

import (
	"errors"
	"time"
)

// Precision is how much of a W3C datetime a value gives.
type Precision int

// Precisions of W3C datetimes (https://www.w3.org/TR/NOTE-datetime).
const (
	Year   Precision = iota + 1 // 2026
	Month                       // 2026-10
	Day                         // 2026-10-28
	Minute                      // 2026-10-28T09:00+03:00
	Second                      // 2026-10-28T09:00:00+03:00, fractions too
)

// ErrFormat and ErrImpossible are the two ways ParseW3C and ParseDate
// fail: the text has another form, or it names a day or time that does
// not exist (2026-02-30, 25:00).
var (
	ErrFormat     = errors.New("not a W3C datetime")
	ErrImpossible = errors.New("no such date or time")
)

// ParseW3C reads a W3C datetime: YYYY, YYYY-MM, YYYY-MM-DD, or a complete
// date with hh:mm, optionally :ss and a fraction, and then a zone (Z or
// ±hh:mm), which the format requires whenever a time is given. The time
// is the instant in UTC (a date alone is midnight UTC). It is the rule
// for <lastmod> and <news:publication_date> in `check`, and the generator's
// (ParseDate).
func ParseW3C(s string) (time.Time, Precision, error) { return parse(s, false) }

// ReadW3C reads a W3C datetime as sites publish it, for reading a sitemap
// rather than judging it: what ParseW3C accepts, and also white space
// around it, a space or t for the T (and a time after a year or month), a
// comma for the decimal point, a space before the zone, z, +hhmm or +hh
// zones, and no zone at all, which means UTC. The time is the instant in
// UTC. ok is false for anything else (callers keep the entry and drop the
// date). It allocates nothing, for the []byte of an XML decoder as well.
func ReadW3C[T string | []byte](raw T) (t time.Time, ok bool) {
	t, _, err := parse(trimSpace(raw), true)
	return t, err == nil
}

// parse is ParseW3C, or with lenient ReadW3C's forms too.
func parse[T string | []byte](s T, lenient bool) (time.Time, Precision, error) {
	p := parser[T]{s: s}
	year := p.num(4)
	month, day := 1, 1
	prec := Year
	if p.eat('-') {
		month, prec = p.num(2), Month
		if p.eat('-') {
			day, prec = p.num(2), Day
		}
	}
	hour, minute, sec, nsec := 0, 0, 0, 0
	if (prec == Day || lenient) && (p.eat('T') || lenient && (p.eat('t') || p.eat(' '))) {
		hour = p.num(2)
		p.want(':')
		minute, prec = p.num(2), Minute
		if p.eat(':') {
			sec, prec = p.num(2), Second
			if p.eat('.') || lenient && p.eat(',') {
				nsec = p.frac()
			}
		}
		if lenient {
			p.eat(' ')
		}
		p.zone(lenient)
	}
	if p.bad || p.i != len(p.s) {
		return time.Time{}, 0, ErrFormat
	}
	if month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || sec > 59 || p.badZone {
		return time.Time{}, 0, ErrImpossible
	}
	if day > daysIn(year, month) {
		return time.Time{}, 0, ErrImpossible
	}
	// time.Unix rather than time.Date: Date links the time zone database
	// reader into the wasm module (50 KB) for nothing.
	secs := daysFromCivil(year, month, day)*86400 + int64(hour*3600+minute*60+sec) - int64(p.offset)
	return time.Unix(secs, int64(nsec)).UTC(), prec, nil
}

// trimSpace trims ASCII white space without allocating.
func trimSpace[T string | []byte](s T) T {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t' || s[0] == '\n' || s[0] == '\r') {
		s = s[1:]
	}
	for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\t' || s[len(s)-1] == '\n' || s[len(s)-1] == '\r') {
		s = s[:len(s)-1]
	}
	return s
}

// daysIn is the number of days of month in year (Gregorian).
func daysIn(year, month int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// daysFromCivil is the number of days from 1970-01-01 to the date
// (Howard Hinnant's algorithm, proleptic Gregorian).
func daysFromCivil(y, m, d int) int64 {
	if m <= 2 {
		y--
	}
	era := y / 400
	if y < 0 && y%400 != 0 {
		era--
	}
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return int64(era)*146097 + int64(doe) - 719468
}

// ParseDate reads a date in one of the generator's two forms: a day
// (2026-10-28, read as midnight UTC; day is true) or a time to the second
// with a zone (2026-10-28T09:00:00+03:00 or ...Z). The error is ErrFormat
// or ErrImpossible.
func ParseDate(s string) (t time.Time, day bool, err error) {
	t, prec, err := ParseW3C(s)
	if err != nil {
		return time.Time{}, false, err
	}
	switch {
	case prec == Day:
		return t, true, nil
	case prec == Second && len(s) >= len("2006-01-02T15:04:05Z") && s[19] != '.':
		return t, false, nil
	}
	return time.Time{}, false, ErrFormat
}

// LanguageForm reports whether code has the form Google News asks of
// news:language: an ISO 639 code of two or three letters, optionally one
// subtag of two to four letters or digits (zh-cn, zh-tw, pt-br, sr-latn).
// Only the form is checked: whether the language is real, and the
// publication's, is for the user to say.
func LanguageForm(code string) bool {
	i := 0
	for i < len(code) && letter(code[i]) {
		i++
	}
	if i < 2 || i > 3 {
		return false
	}
	if i == len(code) {
		return true
	}
	if code[i] != '-' {
		return false
	}
	sub := code[i+1:]
	if len(sub) < 2 || len(sub) > 4 {
		return false
	}
	for j := 0; j < len(sub); j++ {
		if !letter(sub[j]) && (sub[j] < '0' || sub[j] > '9') {
			return false
		}
	}
	return true
}

func letter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// parser reads a W3C datetime left to right; bad is set at the first
// character out of place, badZone for a zone past ±23:59.
type parser[T string | []byte] struct {
	s       T
	i       int
	bad     bool
	badZone bool
	offset  int
}

func (p *parser[T]) eat(c byte) bool {
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *parser[T]) want(c byte) {
	if !p.eat(c) {
		p.bad = true
	}
}

// num reads exactly n digits.
func (p *parser[T]) num(n int) int {
	v := 0
	for k := 0; k < n; k++ {
		if p.i >= len(p.s) || p.s[p.i] < '0' || p.s[p.i] > '9' {
			p.bad = true
			return 0
		}
		v = v*10 + int(p.s[p.i]-'0')
		p.i++
	}
	return v
}

// frac reads one or more digits of a fraction of a second as nanoseconds
// (past nine ignored).
func (p *parser[T]) frac() int {
	v, digits := 0, 0
	for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		if digits < 9 {
			v = v*10 + int(p.s[p.i]-'0')
			digits++
		}
		p.i++
	}
	if digits == 0 {
		p.bad = true
	}
	for ; digits < 9; digits++ {
		v *= 10
	}
	return v
}

// zone reads Z or ±hh:mm (required after a time) into p.offset, seconds
// east of UTC; lenient also z, ±hhmm, ±hh, and nothing (UTC).
func (p *parser[T]) zone(lenient bool) {
	if p.eat('Z') || lenient && (p.eat('z') || p.i == len(p.s)) {
		return
	}
	sign := 1
	switch {
	case p.eat('+'):
	case p.eat('-'):
		sign = -1
	default:
		p.bad = true
		return
	}
	h, m := p.num(2), 0
	switch {
	case p.eat(':'):
		m = p.num(2)
	case !lenient:
		p.bad = true
	case p.i < len(p.s):
		m = p.num(2)
	}
	if h > 23 || m > 59 {
		p.badZone = true
	}
	p.offset = sign * (h*3600 + m*60)
}
