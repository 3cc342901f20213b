package opml

import (
	"bytes"
	"encoding/xml"
	"testing"
)

// xmlEncoderOps runs ops on an xml.Encoder with Indent("", "  "), the
// writer WriteFor used before its own encoder, and on ours, and returns
// both outputs. An op is 's' (start an element with the pending
// attributes), 'e' (end the innermost), 'a' (an attribute of the next
// start) or 't' (text); vals gives the attribute values and texts in turn.
func xmlEncoderOps(t *testing.T, ops string, vals []string) (want, got string) {
	t.Helper()
	var w, g bytes.Buffer
	enc := xml.NewEncoder(&w)
	enc.Indent("", "  ")
	ours := &encoder{w: &g}
	names := []string{"opml", "head", "outline", "feedscout:kind"}
	var stack []string
	var attrs []xml.Attr
	next := 0
	val := func() string {
		v := vals[next%len(vals)]
		next++
		return v
	}
	for i, op := range ops {
		switch op {
		case 's':
			name := names[i%len(names)]
			stack = append(stack, name)
			if err := enc.EncodeToken(xml.StartElement{Name: xml.Name{Local: name}, Attr: attrs}); err != nil {
				t.Fatal(err)
			}
			attrs = nil
			ours.start(name)
		case 'e':
			if len(stack) == 0 {
				continue
			}
			name := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if err := enc.EncodeToken(xml.EndElement{Name: xml.Name{Local: name}}); err != nil {
				t.Fatal(err)
			}
			ours.end(name)
		case 'a':
			v := val()
			if v != "" { // ours leaves empty values out, as WriteFor wants
				attrs = append(attrs, xml.Attr{Name: xml.Name{Local: names[i%len(names)]}, Value: v})
			}
			ours.attr(names[i%len(names)], v)
		case 't':
			if len(stack) == 0 {
				continue
			}
			v := val()
			if err := enc.EncodeToken(xml.CharData(v)); err != nil {
				t.Fatal(err)
			}
			ours.text(v)
		}
	}
	for len(stack) > 0 {
		name := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		enc.EncodeToken(xml.EndElement{Name: xml.Name{Local: name}})
		ours.end(name)
	}
	if err := enc.Close(); err != nil {
		t.Fatal(err)
	}
	if ours.err != nil {
		t.Fatal(ours.err)
	}
	return w.String(), g.String()
}

var encoderValues = []string{"", "plain", "a\nb\r\nc\td", `<"&'>`, "\x00\x01 bad \xff utf8", "スタートアップ", "\uFFFE\U0001F600"}

// TestEncoderMatchesXMLEncoder: WriteFor's encoder writes what
// xml.Encoder with two-space indenting writes for the same tokens:
// nesting, empty elements, text beside elements, escaping of attribute
// values and of text (newlines kept in text, written as &#xA; in values),
// characters XML cannot carry.
func TestEncoderMatchesXMLEncoder(t *testing.T) {
	for _, ops := range []string{
		"s", "se", "sase", "ssee", "ssesee", "astsaseatsee", "sstetesaaaseee", "saaseasastee",
		"sssteeteseteee", "stststs", "ase", "sseesse",
	} {
		if want, got := xmlEncoderOps(t, ops, encoderValues); got != want {
			t.Errorf("ops %q:\n got %q\nwant %q", ops, got, want)
		}
	}
}

func FuzzEncoderMatchesXMLEncoder(f *testing.F) {
	f.Add("sastsaseee", "x\ny", "<&>")
	f.Fuzz(func(t *testing.T, ops, v1, v2 string) {
		if len(ops) > 200 {
			return
		}
		if want, got := xmlEncoderOps(t, ops, []string{v1, v2}); got != want {
			t.Fatalf("ops %q values %q %q:\n got %q\nwant %q", ops, v1, v2, got, want)
		}
	})
}
