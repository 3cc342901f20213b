package catalog

//go:generate go run ./gen

import (
	"embed"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// sources are the catalogue, one file per language: every message
// feedscout says, keyed as the extension's _locales key them.
//
//go:embed en.json de.json ja.json ru.json
var sources embed.FS

// Entry is one message of a language's source: its template and, in
// English, what it is for (a translator's note, written to _locales as
// the message's description).
type Entry struct {
	Message     string `json:"message"`
	Description string `json:"description,omitempty"`
}

// Source reads a language's source file as it is written, in its order.
func Source(lang string) ([]string, map[string]Entry, error) {
	raw, err := sources.ReadFile(lang + ".json")
	if err != nil {
		return nil, nil, fmt.Errorf("catalogue: no language %q", lang)
	}
	entries := map[string]Entry{}
	if err := json.Unmarshal(raw, &entries); err != nil {
		return nil, nil, fmt.Errorf("catalogue %s.json: %w", lang, err)
	}
	// The order of the keys, for writing _locales in the source's order.
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	var keys []string
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch v := tok.(type) {
		case json.Delim:
			if v == '{' {
				depth++
			} else if v == '}' {
				depth--
			}
		case string:
			if depth == 1 {
				keys = append(keys, v)
				if _, err := dec.Token(); err != nil { // the entry's {
					return nil, nil, fmt.Errorf("catalogue %s.json: %w", lang, err)
				}
				depth++
			}
		}
	}
	return keys, entries, nil
}

// table is one language's parsed messages.
type table map[string][]node

var (
	loadOnce sync.Once
	tables   map[string]table
	loadErr  error
)

// load parses every language's source once, on first use: the wasm
// modules that link the report package never say a sentence and never
// pay for this.
func load() (map[string]table, error) {
	loadOnce.Do(func() {
		tables = map[string]table{}
		for _, lang := range Languages {
			_, entries, err := Source(lang)
			if err != nil {
				loadErr = err
				return
			}
			t := table{}
			for key, e := range entries {
				nodes, err := parse(e.Message)
				if err != nil {
					loadErr = fmt.Errorf("catalogue %s.json %s: %w", lang, key, err)
					return
				}
				t[key] = nodes
			}
			tables[lang] = t
		}
	})
	return tables, loadErr
}

// Has reports whether the catalogue has message key in English.
func Has(key string) bool {
	t, err := load()
	if err != nil {
		return false
	}
	_, ok := t["en"][key]
	return ok
}

// English says message key with args in English (Say).
func English(key string, args map[string]any) string { return Say("en", key, args) }

// Say fills message key of language lang with args: the sentence the
// popup writes for the same key and arguments in that language. A key
// the language lacks is said in English, and a key no language has is
// said as the key itself, so that a missing message shows instead of an
// empty line (the tests keep every key in every language). Arguments may
// come straight from Go or back from JSON (numbers as float64).
func Say(lang, key string, args map[string]any) string {
	t, err := load()
	if err != nil {
		return key
	}
	l, ok := languages[lang]
	if !ok {
		lang, l = "en", languages["en"]
	}
	nodes, ok := t[lang][key]
	if !ok {
		if nodes, ok = t["en"][key]; !ok {
			return key
		}
		lang, l = "en", languages["en"]
	}
	f := filler{lang: lang, l: l, t: t[lang], en: t["en"]}
	var b strings.Builder
	f.fill(&b, nodes, args, 0, 0)
	return b.String()
}

// filler fills templates of one language.
type filler struct {
	lang  string
	l     language
	t, en table
}

// maxDepth bounds phrases inside phrases: a catalogue whose phrases say
// each other would otherwise never end (the tests forbid it).
const maxDepth = 8

func (f filler) fill(b *strings.Builder, nodes []node, args map[string]any, count float64, depth int) {
	for _, n := range nodes {
		switch {
		case n.count:
			b.WriteString(f.l.number(count))
		case n.arg == "":
			b.WriteString(n.text)
		default:
			f.argument(b, n, args, count, depth)
		}
	}
}

func (f filler) argument(b *strings.Builder, n node, args map[string]any, count float64, depth int) {
	v, present := args[n.arg]
	switch n.typ {
	case "", "number":
		b.WriteString(f.value(v, true))
	case "plain":
		b.WriteString(f.value(v, false))
	case "plural":
		c, _ := toNumber(v)
		body, ok := n.branches["="+strconv.FormatFloat(c, 'f', -1, 64)]
		if !ok {
			if body, ok = n.branches[f.l.plural(c)]; !ok {
				body = n.branches["other"]
			}
		}
		f.fill(b, body, args, c, depth)
	case "select":
		word := f.value(v, false)
		body, ok := n.branches[word]
		if !ok && (!present || word == "") {
			body, ok = n.branches["none"]
		}
		if !ok {
			body = n.branches["other"]
		}
		f.fill(b, body, args, count, depth)
	case "phrase":
		if !present || v == nil || depth >= maxDepth {
			return
		}
		sub := args
		if m, ok := v.(map[string]any); ok {
			sub = m
		}
		nodes, ok := f.t[n.key]
		if !ok {
			nodes = f.en[n.key]
		}
		f.fill(b, nodes, sub, count, depth+1)
	}
}

// value writes an argument: text as it is, a number the language's way
// (grouped unless plain), a list joined with ", ", nothing for a missing
// one or an object.
func (f filler) value(v any, grouped bool) string {
	if v == nil {
		return ""
	}
	if n, ok := toNumber(v); ok {
		if grouped {
			return f.l.number(n)
		}
		return strconv.FormatFloat(n, 'f', -1, 64)
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.String:
		return rv.String()
	case reflect.Bool:
		return strconv.FormatBool(rv.Bool())
	case reflect.Map, reflect.Struct:
		return "" // an object is no value a sentence can say
	case reflect.Slice:
		parts := make([]string, rv.Len())
		for i := range parts {
			parts[i] = f.value(rv.Index(i).Interface(), grouped)
		}
		return strings.Join(parts, ", ")
	}
	return fmt.Sprint(v)
}

// toNumber reads a number argument as Go code or JSON passes it.
func toNumber(v any) (float64, bool) {
	switch n := v.(type) {
	case json.Number:
		f, err := n.Float64()
		return f, err == nil
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(rv.Int()), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return float64(rv.Uint()), true
	case reflect.Float32, reflect.Float64:
		return rv.Float(), true
	}
	return 0, false
}
