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

func TestParseW3C(t *testing.T) {
	for s, want := range map[string]Precision{
		"2026": Year, "2026-10": Month, "2026-10-28": Day, "2026-10-28T09:00+03:00": Minute,
		"2026-10-28T09:00:00Z": Second, "2026-10-28T09:00:00.25-05:00": Second,
	} {
		if _, p, err := ParseW3C(s); err != nil || p != want {
			t.Errorf("ParseW3C(%q) = %v, %v; want %v", s, p, err, want)
		}
	}
	for _, s := range []string{"2026-10-28T09:00:00", "2026-10-28 09:00:00Z", "Thu, 08 May 2026 14:30:00 +0300", "26-10-28", "2026-10-28T09:00:00+0300"} {
		if _, _, err := ParseW3C(s); err != ErrFormat {
			t.Errorf("ParseW3C(%q) err = %v, want ErrFormat", s, err)
		}
	}
	for _, s := range []string{"2026-13-01", "2026-02-29", "2026-10-28T24:00:00Z", "2026-10-28T09:60Z"} {
		if _, _, err := ParseW3C(s); err != ErrImpossible {
			t.Errorf("ParseW3C(%q) err = %v, want ErrImpossible", s, err)
		}
	}
	a, _, _ := ParseW3C("2026-10-28T09:00:00+03:00")
	b, _, _ := ParseW3C("2026-10-30T12:00:00+03:00")
	if b.Sub(a).Hours() != 51 {
		t.Fatalf("%v", b.Sub(a))
	}
}

// TestReadW3CReadsStrict: whatever ParseW3C accepts, ReadW3C reads as the
// same instant (the lenient reader only adds forms), and a form only the
// lenient reader takes stays refused by ParseW3C.
func TestReadW3CReadsStrict(t *testing.T) {
	for _, s := range []string{"2026", "2026-10", "2026-10-28", "2026-10-28T09:00+03:00", "2026-10-28T09:00:00Z", "2026-10-28T09:00:00.25-05:00", "2024-02-29"} {
		want, _, err := ParseW3C(s)
		if err != nil {
			t.Fatalf("ParseW3C(%q): %v", s, err)
		}
		if got, ok := ReadW3C(s); !ok || !got.Equal(want) {
			t.Errorf("ReadW3C(%q) = %v, %v; ParseW3C reads %v", s, got, ok, want)
		}
	}
	for _, s := range []string{" 2026-10-28", "2026-10-28 09:00:00", "2026-10-28t09:00:00z", "2026-10-28T09:00:00,5Z", "2026-10-28T09:00:00 +0300", "2026-10-28T09:00:00+03", "2026T09:00Z"} {
		if _, ok := ReadW3C(s); !ok {
			t.Errorf("ReadW3C(%q) refused", s)
		}
		if _, _, err := ParseW3C(s); err != ErrFormat {
			t.Errorf("ParseW3C(%q) err = %v, want ErrFormat", s, err)
		}
	}
}
