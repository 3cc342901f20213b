package catalog

import (
	"fmt"
	"strings"
)

// node is one piece of a parsed template: literal text, an argument, or
// the count "#" inside a plural branch.
type node struct {
	text string // literal text, when arg is ""
	// arg is the argument's name; typ its type ("", "plain", "number",
	// "plural", "select", "phrase"); key the message a phrase says.
	arg, typ, key string
	branches      map[string][]node // plural and select: by category or word
	count         bool              // the # of a plural branch
}

// parse reads a template of the catalogue's syntax (doc.go). It fails on
// an unbalanced brace, an unknown type, a plural or select without an
// "other" branch, and a phrase without a message key.
func parse(s string) ([]node, error) {
	p := &parser{s: s}
	nodes, err := p.nodes(false)
	if err != nil {
		return nil, err
	}
	if p.i < len(p.s) {
		return nil, fmt.Errorf("template %q: unexpected } at %d", s, p.i)
	}
	return nodes, nil
}

type parser struct {
	s string
	i int
}

// nodes reads until the end of the template or an unmatched "}"; inPlural
// makes "#" the count.
func (p *parser) nodes(inPlural bool) ([]node, error) {
	var out []node
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			out = append(out, node{text: text.String()})
			text.Reset()
		}
	}
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '}':
			flush()
			return out, nil
		case c == '{':
			flush()
			n, err := p.argument()
			if err != nil {
				return nil, err
			}
			out = append(out, n)
		case c == '#' && inPlural:
			flush()
			out = append(out, node{count: true})
			p.i++
		default:
			text.WriteByte(c)
			p.i++
		}
	}
	flush()
	return out, nil
}

// argument reads one {name[, type[, style]]} at p.i.
func (p *parser) argument() (node, error) {
	start := p.i
	p.i++ // {
	name := p.word()
	if name == "" {
		return node{}, p.errorf(start, "an argument without a name")
	}
	n := node{arg: name}
	p.space()
	if p.peek() == '}' {
		p.i++
		return n, nil
	}
	if p.peek() != ',' {
		return node{}, p.errorf(start, "argument %s: want , or }", name)
	}
	p.i++
	n.typ = p.word()
	p.space()
	switch n.typ {
	case "plain", "number":
		if p.peek() != '}' {
			return node{}, p.errorf(start, "argument %s: %s takes no style", name, n.typ)
		}
		p.i++
		return n, nil
	case "phrase":
		if p.peek() != ',' {
			return node{}, p.errorf(start, "argument %s: a phrase names its message", name)
		}
		p.i++
		n.key = p.word()
		p.space()
		if n.key == "" || p.peek() != '}' {
			return node{}, p.errorf(start, "argument %s: a phrase names one message", name)
		}
		p.i++
		return n, nil
	case "plural", "select":
		if p.peek() != ',' {
			return node{}, p.errorf(start, "argument %s: %s needs branches", name, n.typ)
		}
		p.i++
		n.branches = map[string][]node{}
		for {
			p.space()
			if p.peek() == '}' {
				p.i++
				break
			}
			key := p.word()
			p.space()
			if key == "" || p.peek() != '{' {
				return node{}, p.errorf(start, "argument %s: a branch is a word and {text}", name)
			}
			p.i++
			body, err := p.nodes(n.typ == "plural")
			if err != nil {
				return node{}, err
			}
			if p.peek() != '}' {
				return node{}, p.errorf(start, "argument %s: branch %s is not closed", name, key)
			}
			p.i++
			if _, dup := n.branches[key]; dup {
				return node{}, p.errorf(start, "argument %s: branch %s twice", name, key)
			}
			n.branches[key] = body
		}
		if _, ok := n.branches["other"]; !ok {
			return node{}, p.errorf(start, "argument %s: %s without an other branch", name, n.typ)
		}
		return n, nil
	}
	return node{}, p.errorf(start, "argument %s: unknown type %q", name, n.typ)
}

func (p *parser) errorf(at int, format string, args ...any) error {
	return fmt.Errorf("template %q at %d: %s", p.s, at, fmt.Sprintf(format, args...))
}

func (p *parser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *parser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\n' || p.s[p.i] == '\t') {
		p.i++
	}
}

// word reads a name, a type, a message key or a branch key: anything up
// to white space, a comma or a brace.
func (p *parser) word() string {
	p.space()
	start := p.i
	for p.i < len(p.s) && !strings.ContainsRune(" \t\n,{}", rune(p.s[p.i])) {
		p.i++
	}
	return p.s[start:p.i]
}

// names appends the arguments nodes use (a plural's and select's own
// argument, those inside their branches, and a phrase's argument) to seen.
func names(nodes []node, seen map[string]bool) {
	for _, n := range nodes {
		if n.arg != "" {
			seen[n.arg] = true
		}
		for _, b := range n.branches {
			names(b, seen)
		}
	}
}

// phrases appends the message keys nodes say as phrases to seen.
func phrases(nodes []node, seen map[string]bool) {
	for _, n := range nodes {
		if n.typ == "phrase" {
			seen[n.key] = true
		}
		for _, b := range n.branches {
			phrases(b, seen)
		}
	}
}
