package newsmap

import (
	"testing"
	"time"
)

func TestReadW3C(t *testing.T) {
	utc := func(y int, m time.Month, d, h, min, s, ns int) time.Time {
		return time.Date(y, m, d, h, min, s, ns, time.UTC)
	}
	cases := []struct {
		in   string
		want time.Time
		ok   bool
	}{
		{"2026", utc(2026, 1, 1, 0, 0, 0, 0), true},
		{"2026-11", utc(2026, 11, 1, 0, 0, 0, 0), true},
		{"2026-11-29", utc(2026, 11, 29, 0, 0, 0, 0), true},
		{" 2026-11-29\n", utc(2026, 11, 29, 0, 0, 0, 0), true},
		{"2026-11-29T10:00Z", utc(2026, 11, 29, 10, 0, 0, 0), true},
		{"2026-11-29T10:00+09:00", utc(2026, 11, 29, 1, 0, 0, 0), true},
		{"2026-11-29T10:00:30.25-05:00", utc(2026, 11, 29, 15, 0, 30, 250000000), true},
		{"2026-11-29T10:00:30,5Z", utc(2026, 11, 29, 10, 0, 30, 500000000), true},
		{"2026-11-29T10:00:00.1234567891Z", utc(2026, 11, 29, 10, 0, 0, 123456789), true},
		{"2026-11-29 10:00:00", utc(2026, 11, 29, 10, 0, 0, 0), true},
		{"2026-11-29T10:00:00 +0900", utc(2026, 11, 29, 1, 0, 0, 0), true},
		{"2026-11-29T10:00:00+09", utc(2026, 11, 29, 1, 0, 0, 0), true},
		{"2026-11-29t10:00:00z", utc(2026, 11, 29, 10, 0, 0, 0), true},
		{"2026-11-30T01:00:00+02:00", utc(2026, 11, 29, 23, 0, 0, 0), true},
		{"", time.Time{}, false},
		{"yesterday", time.Time{}, false},
		{"Sun, 29 Nov 2026 10:00:00 GMT", time.Time{}, false},
		{"2026-02-30", time.Time{}, false},
		{"2026-13-01", time.Time{}, false},
		{"2026-00-10", time.Time{}, false},
		{"2026-11-29T24:00Z", time.Time{}, false},
		{"2026-11-29T10:60Z", time.Time{}, false},
		{"2026-11-29T10:00:00+25:00", time.Time{}, false},
		{"2026-11-29T10", time.Time{}, false},
		{"2026-11-29T10:00:00.Z", time.Time{}, false},
		{"2026-11-29T10:00:00Zjunk", time.Time{}, false},
		{"26-11-29", time.Time{}, false},
	}
	for _, c := range cases {
		got, ok := ReadW3C(c.in)
		if ok != c.ok || !got.Equal(c.want) {
			t.Errorf("ReadW3C(%q) = %v, %v; want %v, %v", c.in, got, ok, c.want, c.ok)
		}
		if gotB, okB := ReadW3C([]byte(c.in)); okB != ok || !gotB.Equal(got) {
			t.Errorf("ReadW3C([]byte(%q)) differs from the string form", c.in)
		}
	}
}
