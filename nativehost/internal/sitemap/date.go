package sitemap

import "time"

// parseDate reads a W3C datetime (https://www.w3.org/TR/NOTE-datetime, the
// format sitemaps.org and Google News prescribe): YYYY, YYYY-MM,
// YYYY-MM-DD, then optionally Thh:mm, :ss and fractions, and a zone (Z,
// +hh:mm). Real files also use a space for T, +hhmm zones and no zone at
// all; those pass too. A missing zone means UTC. The result is in UTC (the
// same instant; no time.Location is allocated per entry). ok is false for
// anything else: callers keep the entry and drop the date.
func parseDate[T string | []byte](raw T) (t time.Time, ok bool) {
	s := trimSpace(raw)
	p := dateParser[T]{s: s}
	year := p.num(4)
	month, day := 1, 1
	if p.eat('-') {
		month = p.num(2)
		if p.eat('-') {
			day = p.num(2)
		}
	}
	var hour, minute, sec, nsec int
	off := 0
	if p.eat('T') || p.eat('t') || p.eat(' ') {
		hour = p.num(2)
		p.want(':')
		minute = p.num(2)
		if p.eat(':') {
			sec = p.num(2)
			if p.eat('.') || p.eat(',') {
				nsec = p.frac()
			}
		}
		p.eat(' ')
		off = p.zone()
	}
	if p.bad || p.i != len(s) || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || sec > 59 {
		return time.Time{}, false
	}
	t = time.Date(year, time.Month(month), day, hour, minute, sec, nsec, time.UTC)
	if t.Day() != day { // 2026-02-30
		return time.Time{}, false
	}
	return t.Add(-time.Duration(off) * time.Second), true
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

type dateParser[T string | []byte] struct {
	s   T
	i   int
	bad bool
}

func (p *dateParser[T]) eat(c byte) bool {
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *dateParser[T]) want(c byte) {
	if !p.eat(c) {
		p.bad = true
	}
}

// num reads exactly n digits.
func (p *dateParser[T]) num(n int) int {
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

// frac reads one or more fraction digits as nanoseconds (past nine ignored).
func (p *dateParser[T]) frac() int {
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

// zone reads Z, +hh:mm, +hhmm, +hh or nothing (UTC) as an offset east of
// UTC in seconds.
func (p *dateParser[T]) zone() int {
	if p.eat('Z') || p.eat('z') || p.i == len(p.s) {
		return 0
	}
	sign := 1
	switch {
	case p.eat('+'):
	case p.eat('-'):
		sign = -1
	default:
		p.bad = true
		return 0
	}
	h := p.num(2)
	m := 0
	if p.eat(':') || (p.i < len(p.s)) {
		m = p.num(2)
	}
	if h > 23 || m > 59 {
		p.bad = true
	}
	return sign * (h*3600 + m*60)
}
