package classify

// navTracker follows whether the tokenizer is inside the page's
// navigation: a <nav>, or a <header> or <footer> that is the page's own
// banner or footer, that is not inside an <article>, <aside>, <main> or
// <section> (ARIA's mapping of header to "banner" and footer to
// "contentinfo"): the header of each story card in a river is no menu.
// Unclosed and stray end tags leave the counts as they are or at zero, as
// a browser's tree would be near enough for this.
type navTracker struct {
	nav      int    // open <nav> elements
	sections int    // open article, aside, main and section elements
	banners  int    // open header and footer elements that count
	footers  int    // of them, footers
	stack    uint64 // open header and footer elements: bit set when counted
	fstack   uint64 // bit set when a counted one is a footer
	depth    int    // how many of them are open (those past 64 never count)
}

// start notes a start tag of kind t.
func (n *navTracker) start(t tag) {
	switch t {
	case tagNav:
		n.nav++
	case tagSectioning:
		n.sections++
	case tagBanner, tagFooter:
		counts := n.sections == 0 && n.depth < 64
		if n.depth < 64 {
			n.stack &^= 1 << n.depth
			n.fstack &^= 1 << n.depth
			if counts {
				n.stack |= 1 << n.depth
				n.banners++
				if t == tagFooter {
					n.fstack |= 1 << n.depth
					n.footers++
				}
			}
		}
		n.depth++
	}
}

// end notes an end tag of kind t.
func (n *navTracker) end(t tag) {
	switch t {
	case tagNav:
		if n.nav > 0 {
			n.nav--
		}
	case tagSectioning:
		if n.sections > 0 {
			n.sections--
		}
	case tagBanner, tagFooter:
		if n.depth == 0 {
			return
		}
		n.depth--
		if n.depth < 64 && n.stack&(1<<n.depth) != 0 {
			n.banners--
			if n.fstack&(1<<n.depth) != 0 {
				n.footers--
			}
		}
	}
}

// in reports whether the current position is in the page's navigation.
func (n *navTracker) in() bool { return n.nav > 0 || n.banners > 0 }

// inFooter reports whether the current position is in the page's own
// footer (a counted <footer>): navigation, but not the menu.
func (n *navTracker) inFooter() bool { return n.footers > 0 }
