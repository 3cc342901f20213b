package sitemap

import "testing"

// TestURLLine: a text sitemap's line is an entry when it is an absolute
// http(s) URL with a host (report.WebURL), valid UTF-8, without spaces or
// markup.
func TestURLLine(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"https://www.example.com/world/", true},
		{"HTTP://www.example.com/", true},
		{"http://www.example.com:8080/a?b=c", true},
		{"http://", false},
		{"http:///no-host", false},
		{"http://:80/no-host", false},
		{"www.example.com/world/", false},
		{"/world/", false},
		{"javascript:alert(1)", false},
		{"ftp://www.example.com/file", false},
		{"https://www.example.com/a b", false},
		{"<loc>https://www.example.com/</loc>", false},
		{"https://www.example.com/\xff", false},
	} {
		if got := isURLLine([]byte(c.line)); got != c.want {
			t.Errorf("isURLLine(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}
