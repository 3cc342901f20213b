package check

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"golang.org/x/net/html/charset"

	"feedscout/common/report"
)

// The first question, for every XML file: is it readable? One strict pass
// of encoding/xml (the five predefined entities only, matched end tags,
// valid UTF-8) with the line of every token (Decoder.InputPos), plus what
// encoding/xml lets through and XML forbids: a declaration not at the very
// start, text or a byte order mark before the root, a second root, text
// after it. A DOCTYPE is refused: neither a sitemap nor a feed needs one,
// and entity expansion is how XML files attack their readers.

// visitor receives the tokens of a readable file, each with the line it
// starts on; depth is 1 for the root element.
type visitor interface {
	start(t xml.StartElement, line, depth int)
	text(t xml.CharData, depth int)
	end(t xml.EndElement, line, depth int)
}

// prolog is what the scan learnt besides the tokens.
type prolog struct {
	encoding string // the XML declaration's encoding, "" when none
	root     xml.Name
	rootLine int
}

var bom = []byte("\xef\xbb\xbf")

// lineAt is the 1-based line of byte offset off in body.
func lineAt(body []byte, off int) int { return bytes.Count(body[:off], []byte("\n")) + 1 }

// scanXML asks the first question of body and feeds v the tokens. The
// findings are the reasons it is not readable (errors) and the warnings
// that do not stop it; ok is false when a finding is an error. start is
// called for the root before anything can fail after it, so p.root is
// known even for a file that breaks off later.
func scanXML(body []byte, base *report.Source, v visitor) (p prolog, fs []report.Finding, ok bool) {
	fail := func(f report.Finding) (prolog, []report.Finding, bool) {
		return p, append(fs, f), false
	}
	start := 0
	if bytes.HasPrefix(body, bom) {
		start = len(bom)
	}
	// A byte order mark anywhere else: before the root it breaks the XML,
	// inside it is a stray character.
	if i := bytes.Index(body[start:], bom); i >= 0 {
		off := start + i
		line := lineAt(body, off)
		rootAt := rootOffset(body[start:])
		if rootAt < 0 || off < start+rootAt {
			return fail(finding(report.LevelError, CodeBOM, at(base, line), "line", line, "offset", off, "where", "before"))
		}
		fs = append(fs, finding(report.LevelWarning, CodeBOM, at(base, line), "line", line, "offset", off, "where", "inside"))
	}
	rest := body[start:]
	if decl := bytes.Index(rest, []byte("<?xml")); decl > 0 && (len(rest) == decl+5 || strings.ContainsRune(" \t\r\n", rune(rest[decl+5]))) {
		before := rest[:decl]
		line := lineAt(body, start+decl)
		what := "white space"
		if len(bytes.TrimSpace(before)) > 0 {
			what = fmt.Sprintf("%q", clip(string(bytes.TrimSpace(before)), 100))
		}
		return fail(finding(report.LevelError, CodeJunk, at(base, line), "line", line, "before", what, "space", what == "white space"))
	}

	d := xml.NewDecoder(bytes.NewReader(body[start:]))
	d.Strict = true
	d.CharsetReader = charset.NewReaderLabel
	type open struct {
		name string
		line int
	}
	var stack []open
	rootDone := false
	for {
		line, _ := d.InputPos()
		tok, err := d.Token()
		if err == io.EOF {
			if p.rootLine == 0 {
				return fail(finding(report.LevelError, CodeNotXML, base))
			}
			return p, fs, true
		}
		if err != nil {
			if se, isSyntax := err.(*xml.SyntaxError); isSyntax && se.Msg == "unexpected EOF" && len(stack) > 0 {
				top := stack[len(stack)-1]
				return fail(finding(report.LevelError, CodeTruncated, at(base, se.Line), "line", se.Line, "element", top.name, "opened", top.line))
			}
			l, msg := line, err.Error()
			if se, isSyntax := err.(*xml.SyntaxError); isSyntax {
				l, msg = se.Line, se.Msg
			}
			return fail(finding(report.LevelError, CodeXMLSyntax, at(base, l), "line", l, "error", msg))
		}
		switch t := tok.(type) {
		case xml.ProcInst:
			if t.Target == "xml" {
				p.encoding = procInstParam(string(t.Inst), "encoding")
			}
		case xml.Directive:
			if f := strings.Fields(strings.ToLower(string(t))); len(f) >= 2 && f[0] == "doctype" && strings.TrimSuffix(f[1], ">") == "html" {
				return fail(finding(report.LevelError, CodeNotXML, at(base, line), "line", line, "directive", clip(strings.TrimSpace(string(t)), 40)))
			}
			return fail(finding(report.LevelError, CodeDoctype, at(base, line), "line", line, "directive", clip(strings.Join(strings.Fields(string(t)), " "), 60)))
		case xml.StartElement:
			qname := t.Name.Local
			if prefix := rawPrefix(body[start:], d); prefix != "" && utf8Label(p.encoding) {
				qname = prefix + ":" + t.Name.Local
			}
			if len(stack) == 0 {
				if rootDone {
					return fail(finding(report.LevelError, CodeXMLSyntax, at(base, line), "line", line, "error", "second root", "element", qname))
				}
				p.root, p.rootLine = t.Name, line
			}
			stack = append(stack, open{qname, line})
			v.start(t, line, len(stack))
		case xml.EndElement:
			v.end(t, line, len(stack))
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				rootDone = true
			}
		case xml.CharData:
			if len(stack) == 0 {
				if s := bytes.TrimSpace(t); len(s) > 0 {
					side := "before"
					if rootDone {
						side = "after"
					}
					l := line + bytes.Count(t[:bytes.Index(t, s)], []byte("\n"))
					return fail(finding(report.LevelError, CodeJunk, at(base, l), "line", l, "before", clip(string(s), 60), "where", side,
						"text_shown", fmt.Sprintf("%q", clip(string(s), 60))))
				}
				continue
			}
			v.text(t, len(stack))
		}
	}
}

// rootOffset is where the first element starts (the first '<' not
// followed by '?' or '!'), -1 when there is none.
func rootOffset(b []byte) int {
	for i := 0; i+1 < len(b); i++ {
		if b[i] == '<' && b[i+1] != '?' && b[i+1] != '!' {
			return i
		}
	}
	return -1
}

// rawPrefix returns the prefix the start tag just read was written with
// ("news" for <news:news>), for messages that quote the tag as written.
func rawPrefix(body []byte, d *xml.Decoder) string {
	end := int(d.InputOffset())
	if end > len(body) {
		return ""
	}
	i := bytes.LastIndexByte(body[:end], '<')
	if i < 0 {
		return ""
	}
	tag := body[i+1 : end]
	j := bytes.IndexAny(tag, " \t\r\n/>")
	if j >= 0 {
		tag = tag[:j]
	}
	if k := bytes.IndexByte(tag, ':'); k > 0 {
		return string(tag[:k])
	}
	return ""
}

// utf8Label reports whether an XML declaration's encoding is UTF-8 (or
// absent, which means UTF-8).
func utf8Label(enc string) bool {
	return enc == "" || strings.EqualFold(enc, "utf-8") || strings.EqualFold(enc, "utf8")
}

// procInstParam reads name="value" from an XML declaration.
func procInstParam(inst, name string) string {
	i := strings.Index(inst, name)
	if i < 0 {
		return ""
	}
	rest := strings.TrimLeft(inst[i+len(name):], " \t\r\n")
	if !strings.HasPrefix(rest, "=") {
		return ""
	}
	rest = strings.TrimLeft(rest[1:], " \t\r\n")
	if rest == "" || (rest[0] != '"' && rest[0] != '\'') {
		return ""
	}
	q := rest[0]
	if j := strings.IndexByte(rest[1:], q); j >= 0 {
		return rest[1 : 1+j]
	}
	return ""
}

// at is base with a line.
func at(base *report.Source, line int) *report.Source {
	s := report.Source{Line: line}
	if base != nil {
		s = *base
		s.Line = line
	}
	return &s
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
