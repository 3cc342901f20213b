package main

import (
	"fmt"
	"strconv"

	"feedscout/common/jsonw"
	"feedscout/common/newsmap"
	"feedscout/common/report"
	"feedscout/wasm/internal/abi"
)

// newsmapCall: the fields name, language, checked_at and lines -> the
// generator's newsmap.Result: {"xml", "entries", "findings": [...]}.
func newsmapCall(in []byte) []byte {
	f, err := abi.Fields(in, "newsmap")
	if err != nil {
		return abi.ErrorReply(err)
	}
	if len(f) != 4 {
		return abi.BadRequest("newsmap", strconv.Itoa(len(f))+" fields, want 4")
	}
	o, lines := newsmap.Options{Name: f[0], Language: f[1], CheckedAt: f[2]}, f[3]
	res := newsmap.Generate(o, lines)
	reply := jsonw.Object{}
	reply.Str("xml", res.XML)
	reply.Integer("entries", res.Entries)
	reply.Key("findings")
	reply.B = jsonw.Array(reply.B, len(res.Findings), func(b []byte, i int) []byte { return appendFinding(b, &res.Findings[i]) })
	return reply.Done()
}

// appendFinding writes a report.Finding as json.Marshal does: args sorted
// by key (their values are strings and integers), empty members left out.
func appendFinding(b []byte, f *report.Finding) []byte {
	o := jsonw.Object{B: b}
	o.Str("level", f.Level)
	o.Str("code", f.Code)
	if len(f.Args) > 0 {
		keys := make([]string, 0, len(f.Args))
		for k := range f.Args {
			keys = append(keys, k)
		}
		for i := 1; i < len(keys); i++ { // insertion sort: a few keys, and no sort package in the module
			for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
				keys[j], keys[j-1] = keys[j-1], keys[j]
			}
		}
		o.Key("args")
		args := jsonw.Object{B: o.B}
		for _, k := range keys {
			switch v := f.Args[k].(type) {
			case int:
				args.Integer(k, v)
			case string:
				args.Str(k, v)
			default:
				args.Str(k, fmt.Sprint(v))
			}
		}
		o.B = args.Done()
	}
	o.Str("text", f.Text)
	if s := f.Source; s != nil {
		o.Key("source")
		src := jsonw.Object{B: o.B}
		if s.Request != 0 {
			src.Integer("request", s.Request)
		}
		src.StrOmit("url", s.URL)
		if s.Line != 0 {
			src.Integer("line", s.Line)
		}
		src.StrOmit("header", s.Header)
		o.B = src.Done()
	}
	return o.Done()
}
