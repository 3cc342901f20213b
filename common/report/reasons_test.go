package report

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// constsWithPrefix returns the string constants of reasons.go and row.go
// whose names start with prefix, by name.
func constsWithPrefix(t *testing.T, prefix string) map[string]string {
	t.Helper()
	out := map[string]string{}
	fset := token.NewFileSet()
	for _, file := range []string{"reasons.go", "row.go"} {
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok || len(vs.Values) != 1 {
				return true
			}
			lit, ok := vs.Values[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			if name := vs.Names[0].Name; strings.HasPrefix(name, prefix) {
				out[name], _ = strconv.Unquote(lit.Value)
			}
			return true
		})
	}
	return out
}

// Every reason code has a sentence and is documented in docs/reasons.md,
// and so is every problem word.
func TestReasonsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/reasons.md")
	if err != nil {
		t.Fatal(err)
	}
	codes := constsWithPrefix(t, "Reason")
	if len(codes) < 25 {
		t.Fatalf("found %d reason codes in reasons.go", len(codes))
	}
	for name, code := range codes {
		if !strings.Contains(string(doc), "### `"+code+"`\n") {
			t.Errorf("%s (%q) has no section in docs/reasons.md", name, code)
		}
		if s := Sentence(code, map[string]any{}); strings.Contains(s, "ended with reason") || !strings.HasSuffix(s, ".") {
			t.Errorf("%s renders %q", code, s)
		}
	}
	for _, prefix := range []string{"Problem", "Status", "Preview", "Home", "Sitemaps", "Where"} {
		for name, word := range constsWithPrefix(t, prefix) {
			if !strings.Contains(string(doc), "`"+word+"`") {
				t.Errorf("%s (%q) is not in docs/reasons.md", name, word)
			}
		}
	}
}

// A reason renders the same from Go values and from its JSON, nested
// problem, then and all.
func TestSentenceFromJSON(t *testing.T) {
	args := map[string]any{
		"host": "chain.hostile.test", "path": "chain.hostile.test/feed.xml", "items": 10,
		"home_problem": Problem{Word: StatusTooManyRedirects, Hops: 5}.Args(),
		"then":         map[string]any{"code": ReasonStoppedDeadline, "args": map[string]any{"seconds": 60.0}},
	}
	want := "chain.hostile.test does not announce a feed, but one answers at the usual address chain.hostile.test/feed.xml (10 items). " +
		"The homepage could not be fetched: it is more than 5 redirects away (too many redirects). " +
		"feedscout stopped after 60 s, the time limit for one site."
	if got := Sentence(ReasonFeedGuess, args); got != want {
		t.Errorf("from Go:\n%s\nwant\n%s", got, want)
	}
	b, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if got := Sentence(ReasonFeedGuess, back); got != want {
		t.Errorf("from JSON:\n%s\nwant\n%s", got, want)
	}
	none := map[string]any{"host": "a.test", "home": HomeFailed, "home_problem": Problem{Word: StatusTimeout}.Args(),
		"guessed": true, "sitemaps": SitemapsFailed, "sitemap": "a.test/sitemap.xml", "sitemap_problem": Problem{Word: ProblemTruncated}.Args()}
	want = "Nothing to subscribe to on a.test: the homepage could not be fetched: it did not answer in time (timeout), " +
		"no usual feed address answered with a feed, the sitemap a.test/sitemap.xml could not be used: it is cut off (truncated); ask the site for a feed."
	if got := Sentence(ReasonNone, none); got != want {
		t.Errorf("none:\n%s\nwant\n%s", got, want)
	}
}

// Every preview code's English phrase is the one docs/reasons.md's table
// lists for it, and renders the same from Go values and from JSON.
func TestPreviewSentences(t *testing.T) {
	doc, err := os.ReadFile("../../docs/reasons.md")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		code    string
		problem *Problem
		want    string
	}{
		{PreviewListed, nil, "not fetched: the article order lists advertised feeds without fetching them"},
		{PreviewOther, nil, "not fetched: only the main feed is previewed, to save the site requests"},
		{PreviewStopped, nil, "not fetched: discovery stopped first"},
		{PreviewDTD, nil, "not previewed: it declares a DOCTYPE or ENTITY, which feedscout does not read"},
		{PreviewFailed, &Problem{Word: StatusRobotsDisallow}, "not fetched: robots.txt disallows it (robots-disallow)"},
		{PreviewFailed, &Problem{Word: StatusTooManyRedirects, Hops: 10}, "not fetched: it is more than 10 redirects away (too many redirects)"},
		{PreviewBrokenStatus, &Problem{Word: ProblemStatus, Status: 404}, "broken: it answered 404"},
		{PreviewBrokenInvalid, nil, "broken: the feed is cut off or invalid"},
		{PreviewNotFeed, nil, "broken: the answer is not a feed"},
	}
	seen := map[string]bool{}
	for _, c := range cases {
		seen[c.code] = true
		args := PreviewArgs(c.code, c.problem)
		if got := PreviewSentence(c.code, args); got != c.want {
			t.Errorf("%s %v: %q, want %q", c.code, args, got, c.want)
		}
		b, _ := json.Marshal(args)
		var back map[string]any
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if got := PreviewSentence(c.code, back); got != c.want {
			t.Errorf("%s from JSON %s: %q, want %q", c.code, b, got, c.want)
		}
		// The table of the code in docs/reasons.md says the same, with
		// {placeholders} for the arguments.
		row := regexp.MustCompile("(?m)^\\| `" + regexp.QuoteMeta(c.code) + "` \\|([^|]*)\\| ([^|]+) \\|$").FindStringSubmatch(string(doc))
		if row == nil {
			t.Errorf("%s has no row with its args and phrase in docs/reasons.md", c.code)
			continue
		}
		phrase := strings.TrimSpace(row[2])
		if !templateMatch(phrase, c.want) {
			t.Errorf("%s: docs/reasons.md says %q, the phrase is %q", c.code, phrase, c.want)
		}
	}
	for name, code := range constsWithPrefix(t, "Preview") {
		if !seen[code] {
			t.Errorf("%s (%q) has no case", name, code)
		}
	}
}

// templateMatch reports whether s is doc's phrase with its {placeholders}
// filled in.
func templateMatch(doc, s string) bool {
	parts := regexp.MustCompile(`\{[^}]+\}`).Split(doc, -1)
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".+") + "$").MatchString(s)
}

// A typed word passed straight from Go renders as its string does.
func TestSentenceTypedWords(t *testing.T) {
	cases := []struct {
		code  string
		typed map[string]any
		plain map[string]any
	}{
		{ReasonRefusedRobotsUnreachable, map[string]any{"host": "a.test", "word": StatusTimeout}, map[string]any{"host": "a.test", "word": "timeout"}},
		{ReasonRefusedRobotsUnreachable, map[string]any{"host": "a.test", "word": StatusTLS}, map[string]any{"host": "a.test", "word": "tls"}},
	}
	for _, c := range cases {
		got, want := Sentence(c.code, c.typed), Sentence(c.code, c.plain)
		if got != want || !strings.Contains(want, string(c.typed["word"].(StatusWord))) {
			t.Errorf("%s: %q, want %q", c.code, got, want)
		}
	}
}
