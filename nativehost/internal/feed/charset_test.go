package feed

import "testing"

func TestDeclaredEncoding(t *testing.T) {
	for in, want := range map[string]string{
		`<?xml version="1.0" encoding="windows-1251"?><rss/>`: "windows-1251",
		`<?xml version='1.0' encoding = 'Shift_JIS' ?>`:       "Shift_JIS",
		`<?xml version="1.0"?><rss encoding="x"/>`:            "",
		`<?xml version="1.0" encoding=koi8-r?>`:               "",
		`<rss/>`:                                              "",
		`<?xml version="1.0" encoding="`:                      "",
	} {
		if got := declaredEncoding([]byte(in)); got != want {
			t.Errorf("declaredEncoding(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestContentTypeCharset(t *testing.T) {
	for in, want := range map[string]string{
		"":                                       "",
		"application/rss+xml":                    "",
		"application/rss+xml; charset=Shift_JIS": "Shift_JIS",
		`text/xml; charset="windows-1251"`:       "windows-1251",
		"text/xml;charset=EUC-JP; foo=bar":       "EUC-JP",
		"text/xml; charset=utf-8; broken=\"":     "utf-8",
		"text/xml; broken; charset='iso-8859-1'": "iso-8859-1",
	} {
		if got := contentTypeCharset(in); got != want {
			t.Errorf("contentTypeCharset(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestToUTF8(t *testing.T) {
	cases := []struct {
		name, body, ct, want string
	}{
		{"utf-8 kept despite a wrong label", "<a>é</a>", "text/xml; charset=iso-8859-1", "<a>é</a>"},
		{"declaration", "<?xml version=\"1.0\" encoding=\"iso-8859-1\"?><a>\xe9</a>", "", "<?xml version=\"1.0\" encoding=\"iso-8859-1\"?><a>é</a>"},
		{"content type", "<a>\xe9</a>", "text/xml; charset=windows-1252", "<a>é</a>"},
		{"declaration wins", "<?xml version=\"1.0\" encoding=\"windows-1251\"?><a>\xe9</a>", "text/xml; charset=windows-1252", "<?xml version=\"1.0\" encoding=\"windows-1251\"?><a>й</a>"},
		{"unknown label", "<a>\xe9</a>", "text/xml; charset=x-unknown", "<a>\uFFFD</a>"},
		{"no label", "<a>\xff</a>", "", "<a>\uFFFD</a>"},
	}
	for _, c := range cases {
		if got := string(toUTF8([]byte(c.body), c.ct)); got != c.want {
			t.Errorf("%s: toUTF8 = %q, want %q", c.name, got, c.want)
		}
	}
}
