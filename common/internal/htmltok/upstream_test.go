package htmltok

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestXNetVersion fails when go.mod requires another golang.org/x/net than
// the one the tokenizer was copied from: the differential tests would then
// hold the copy to a library it no longer is, so bring tokenizer.go and
// attrs.go up to the new token.go (and XNetVersion with them) first.
func TestXNetVersion(t *testing.T) {
	mod, err := os.ReadFile("../../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*(?:require\s+)?golang\.org/x/net\s+(v\S+)`).FindSubmatch(mod)
	if m == nil {
		t.Fatal("go.mod does not require golang.org/x/net")
	}
	if got := string(m[1]); got != XNetVersion {
		t.Fatalf("go.mod requires golang.org/x/net %s; the tokenizer is a copy of %s: update the copy and XNetVersion", got, XNetVersion)
	}
}

// token is what x/net/html's Token would give for z's current token, built
// from the copy's own reading: Text and Attrs, the tag name and the comment
// and doctype data from the token's spans (x/net/html's TagName and Text
// for those types: the copy has no accessor for them, extraction needs
// none).
func token(z *Tokenizer, at *Attrs) html.Token {
	t := html.Token{Type: z.tt}
	switch z.tt {
	case html.TextToken:
		t.Data = string(z.Text())
	case html.CommentToken, html.DoctypeToken:
		s := convertNewlines(bytes.Clone(z.buf[z.data.start:z.data.end]))
		if z.tt == html.CommentToken {
			s = bytes.ReplaceAll(s, nul, replacement)
		}
		if !z.textIsRaw {
			s = []byte(html.UnescapeString(string(s)))
		}
		t.Data = string(s)
	case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
		name := bytes.ReplaceAll(z.buf[z.data.start:z.data.end], nul, replacement)
		t.Data = lowerName(name)
		at.Reset(z)
		for more := len(z.attr) > 0; more; {
			var k, v []byte
			k, v, more = at.Next()
			t.Attr = append(t.Attr, html.Attribute{Key: string(k), Val: string(v)})
		}
	}
	return t
}

// TestUpstreamTokens runs x/net/html's TestTokenizer cases (tokenTests)
// against the copy: the same tokens, as Token.String writes them, then
// io.EOF.
func TestUpstreamTokens(t *testing.T) {
	for _, tt := range tokenTests {
		t.Run(tt.desc, func(t *testing.T) {
			z := New([]byte(tt.html), 0)
			var at Attrs
			if tt.golden != "" {
				for i, s := range strings.Split(tt.golden, "$") {
					if z.Next() == html.ErrorToken {
						t.Fatalf("token %d: want %q got error %v", i, s, z.Err())
					}
					if got := token(z, &at).String(); got != s {
						t.Fatalf("token %d: want %q got %q", i, s, got)
					}
				}
			}
			z.Next()
			if z.Err() != io.EOF {
				t.Errorf("want EOF got %v", z.Err())
			}
		})
	}
}

// TestUpstreamCasesDiffer holds the copy to the library itself on every
// tokenTests input, with and without a small token limit (checkTokenizer:
// tokens, raw bytes, text, attributes, final error).
func TestUpstreamCasesDiffer(t *testing.T) {
	for _, tt := range tokenTests {
		for _, maxBuf := range []int{0, 3, 8} {
			checkTokenizer(t, []byte(tt.html), maxBuf)
		}
	}
}

// TestUpstreamMaxBuffer is x/net/html's TestMaxBuffer: a token past the
// limit ends in ErrBufferExceeded with what was read so far as Raw.
func TestUpstreamMaxBuffer(t *testing.T) {
	z := New([]byte("<"+strings.Repeat("t", 10)), 5)
	if tt := z.Next(); tt != html.ErrorToken {
		t.Fatalf("token type: got %v want %v", tt, html.ErrorToken)
	}
	if z.Err() != html.ErrBufferExceeded {
		t.Errorf("error: got %v want %v", z.Err(), html.ErrBufferExceeded)
	}
	if got := string(z.Raw()); got != "<tttt" {
		t.Fatalf("buffered before overflow: got %q want %q", got, "<tttt")
	}
}

// TestUpstreamPassthrough is x/net/html's TestPassthrough and
// TestMaxBufferReconstruction: the raw bytes of the tokens, plus the input
// left after a buffer overflow, are the input, at every limit up to the
// one that reads the whole input.
func TestUpstreamPassthrough(t *testing.T) {
	for _, tt := range tokenTests {
		for maxBuf := 0; ; maxBuf++ {
			z := New([]byte(tt.html), maxBuf)
			var got bytes.Buffer
			for {
				typ := z.Next()
				got.Write(z.Raw())
				if typ == html.ErrorToken {
					if err := z.Err(); err != io.EOF && err != html.ErrBufferExceeded {
						t.Errorf("%s: unexpected error: %v", tt.desc, err)
					}
					break
				}
			}
			got.Write(z.buf[z.raw.end:])
			if got.String() != tt.html {
				t.Errorf("%s, limit %d: reassembled %q, want %q", tt.desc, maxBuf, got.String(), tt.html)
				break
			}
			if maxBuf > 0 && z.Err() == io.EOF {
				break
			}
		}
	}
}

// TestUpstreamConvertNewlines is x/net/html's TestConvertNewlines.
func TestUpstreamConvertNewlines(t *testing.T) {
	for in, want := range map[string]string{
		"Mac\rDOS\r\nUnix\n":    "Mac\nDOS\nUnix\n",
		"Unix\nMac\rDOS\r\n":    "Unix\nMac\nDOS\n",
		"DOS\r\nDOS\r\nDOS\r\n": "DOS\nDOS\nDOS\n",
		"":                      "",
		"\n":                    "\n",
		"\n\r":                  "\n\n",
		"\r":                    "\n",
		"\r\n":                  "\n",
		"\r\n\n":                "\n\n",
		"\r\n\r":                "\n\n",
		"\r\n\r\n":              "\n\n",
		"\r\r":                  "\n\n",
		"\r\r\n":                "\n\n",
		"\r\r\n\n":              "\n\n\n",
		"\r\r\r\n":              "\n\n\n",
		"\r \n":                 "\n \n",
		"xyz":                   "xyz",
	} {
		if got := string(convertNewlines([]byte(in))); got != want {
			t.Errorf("input %q: got %q, want %q", in, got, want)
		}
	}
}

// TestUpstreamAttributeCase is x/net/html's TestUnicodeAttributeCase and
// TestSelfClosingTagValueConfusion: only ASCII case makes names
// duplicates, and "a=/>" is a value, not a self-closing tag.
func TestUpstreamAttributeCase(t *testing.T) {
	z := New([]byte(`<div ä="1" Ä="1">`), 0)
	if tt := z.Next(); tt != html.StartTagToken {
		t.Fatalf("got %v, want a start tag", tt)
	}
	var at Attrs
	tok := token(z, &at)
	if len(tok.Attr) != 2 || tok.Attr[0].Key != "ä" || tok.Attr[1].Key != "Ä" {
		t.Errorf("attributes %v, want ä and Ä", tok.Attr)
	}
	if tt := New([]byte(`<p a=/>`), 0).Next(); tt != html.StartTagToken {
		t.Errorf("<p a=/> is %v, want a start tag", tt)
	}
}

// h5libTest is one case of the html5lib tokenizer tests x/net/html ships
// in its testdata (as its TestHTML5LibTests reads them).
type h5libTest struct {
	Description   string
	Input         string
	DoubleEscaped bool
	InitialStates []string
	Output        [][]any
}

// tokens turns the case's expected output into html.Tokens, as
// x/net/html's h5libTest.UnmarshalJSON does (attributes sorted).
func (c h5libTest) tokens() ([]html.Token, error) {
	var out []html.Token
	for _, o := range c.Output {
		var tok html.Token
		kind, _ := o[0].(string)
		switch kind {
		case "DOCTYPE":
			tok.Type = html.DoctypeToken
		case "StartTag":
			tok.Type = html.StartTagToken
			if len(o) == 4 && o[3] == true {
				tok.Type = html.SelfClosingTagToken
			}
		case "EndTag":
			tok.Type = html.EndTagToken
		case "Comment":
			tok.Type = html.CommentToken
		case "Character":
			tok.Type = html.TextToken
		default:
			return nil, fmt.Errorf("unknown token type %q", kind)
		}
		if s, ok := o[1].(string); ok {
			tok.Data = s
		}
		if (kind == "StartTag" || kind == "EndTag") && len(o) > 2 {
			attrs, _ := o[2].(map[string]any)
			for k, v := range attrs {
				val, _ := v.(string)
				tok.Attr = append(tok.Attr, html.Attribute{Key: k, Val: val})
			}
		}
		sortAttrs(&tok)
		out = append(out, tok)
	}
	return out, nil
}

func sortAttrs(t *html.Token) {
	slices.SortFunc(t.Attr, func(a, b html.Attribute) int {
		return strings.Compare(a.Key+a.Val, b.Key+b.Val)
	})
}

// TestHTML5LibTokenizer runs the html5lib tokenizer tests of the x/net in
// the module cache (the version go.mod requires) against the copy, with
// x/net/html's own skips: cases it knowingly fails, cases with an initial
// state, DOCTYPEs (public and system ids are not kept), double-escaped
// input.
func TestHTML5LibTokenizer(t *testing.T) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "golang.org/x/net").Output()
	if err != nil {
		t.Fatalf("find golang.org/x/net in the module cache: %v", err)
	}
	dir := filepath.Join(strings.TrimSpace(string(out)), "html", "testdata", "html5lib-tests", "tokenizer")
	files, err := filepath.Glob(filepath.Join(dir, "*.test"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no html5lib tokenizer tests in %s: %v", dir, err)
	}
	skip := map[string]bool{
		"test1.test/Empty end tag":                           true,
		"test2.test/Empty end tag with following characters": true,
		"test2.test/Empty end tag with following tag":        true,
		"test2.test/Empty end tag with following comment":    true,
		"test2.test/Empty end tag with following end tag":    true,
		"test3.test/</>":                                 true,
		"test4.test/CR EOF after doctype name":           true,
		"test4.test/Doctype public case-sensitivity (1)": true,
		"test4.test/Doctype public case-sensitivity (2)": true,
		"test4.test/Doctype system case-sensitivity (1)": true,
		"test4.test/Doctype system case-sensitivity (2)": true,
	}
	ran := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var suite struct{ Tests []h5libTest }
		if err := json.Unmarshal(data, &suite); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, c := range suite.Tests {
			name := filepath.Base(file) + "/" + c.Description
			if skip[name] || len(c.InitialStates) > 0 || c.DoubleEscaped || strings.Contains(c.Input, "<!DOCTYPE") {
				continue
			}
			want, err := c.tokens()
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			z := New([]byte(c.Input), 0)
			var at Attrs
			var got []html.Token
			for z.Next() != html.ErrorToken {
				tok := token(z, &at)
				sortAttrs(&tok)
				got = append(got, tok)
			}
			if z.Err() != io.EOF {
				t.Errorf("%s: error %v", name, z.Err())
			}
			if !sameTokens(got, want) {
				t.Errorf("%s: input %q\ngot  %v\nwant %v", name, c.Input, got, want)
			}
			checkTokenizer(t, []byte(c.Input), 0)
			ran++
		}
	}
	t.Logf("%d html5lib tokenizer cases from %s", ran, dir)
}

// sameTokens compares types, data and attributes (not DataAtom, which the
// test files do not give).
func sameTokens(a, b []html.Token) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Type != b[i].Type || a[i].Data != b[i].Data || !reflect.DeepEqual(attrsOrNil(a[i].Attr), attrsOrNil(b[i].Attr)) {
			return false
		}
	}
	return true
}

func attrsOrNil(a []html.Attribute) []html.Attribute {
	if len(a) == 0 {
		return nil
	}
	return a
}
