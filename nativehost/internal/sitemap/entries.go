package sitemap

// entryList collects entries in fixed chunks and hands them over as one
// slice of exactly the right length. Growing a slice by append would copy
// it about five times over (1.25x growth past 256 elements) and leave up
// to a quarter unused: for 50,000 entries that is ~16 MB of garbage and
// 0.6 MB of slack, a third of the reader's heap.
type entryList struct {
	chunks [][]Entry
	n      int
}

const entryChunk = 1024

func (l *entryList) add(e Entry) {
	if l.n%entryChunk == 0 {
		size := entryChunk
		if l.n == 0 {
			size = 64 // most files are small: a first small chunk
		}
		l.chunks = append(l.chunks, make([]Entry, 0, size))
	}
	last := &l.chunks[len(l.chunks)-1]
	if len(*last) == cap(*last) { // the small first chunk is full
		grown := make([]Entry, len(*last), entryChunk)
		copy(grown, *last)
		*last = grown
	}
	*last = append(*last, e)
	l.n++
}

func (l *entryList) len() int { return l.n }

// slice returns the entries; the list must not be used afterwards.
func (l *entryList) slice() []Entry {
	switch len(l.chunks) {
	case 0:
		return []Entry{}
	case 1:
		return l.chunks[0][:l.n:l.n]
	}
	out := make([]Entry, 0, l.n)
	for i, c := range l.chunks {
		out = append(out, c...)
		l.chunks[i] = nil // let the copied chunk go before the next copy
	}
	l.chunks = nil
	return out
}
