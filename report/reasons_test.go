package report

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
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
	doc, err := os.ReadFile("../docs/reasons.md")
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
		"Feedscout stopped after 60 s, the time limit for one site."
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
