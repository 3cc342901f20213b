package fixtureweb

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"sync"
)

// gzipBomb returns a single-member gzip file that expands to prefix
// followed by chunks MiB of spaces. It is built without compressing the
// whole output: one MiB of spaces is deflated once in the context of
// earlier spaces, and those bytes (which only refer back to spaces) are
// repeated. 1024 chunks give about 1 MiB of gzip for 1 GiB of output.
func gzipBomb(prefix []byte, chunks int) ([]byte, error) {
	const chunkSize = 1 << 20
	fill := bytes.Repeat([]byte{' '}, chunkSize)
	var z bytes.Buffer
	fw, err := flate.NewWriter(&z, flate.BestCompression)
	if err != nil {
		return nil, fmt.Errorf("gzip bomb: %w", err)
	}
	write := func(p []byte) []byte {
		start := z.Len()
		_, _ = fw.Write(p)
		_ = fw.Flush() // ends on a byte boundary (an empty stored block)
		return bytes.Clone(z.Bytes()[start:])
	}
	var out bytes.Buffer
	out.Write([]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff}) // gzip header: deflate, no name, no mtime
	out.Write(write(prefix))
	// Deflate chunks until two in a row come out the same: from then on the
	// compressor's output for a chunk of spaces is a fixed string.
	prev := write(fill)
	out.Write(prev)
	done := 1
	var steady []byte
	for done < chunks {
		cur := write(fill)
		out.Write(cur)
		done++
		if bytes.Equal(cur, prev) {
			steady = cur
			break
		}
		prev = cur
	}
	for ; done < chunks; done++ {
		out.Write(steady)
	}
	out.Write([]byte{0x01, 0x00, 0x00, 0xff, 0xff}) // final, empty stored block
	crc := crc32.ChecksumIEEE(prefix)
	for range chunks {
		crc = crc32.Update(crc, crc32.IEEETable, fill)
	}
	size := uint32(int64(len(prefix)) + int64(chunks)*chunkSize) // ISIZE is the size mod 2^32
	out.Write(binary.LittleEndian.AppendUint32(nil, crc))
	out.Write(binary.LittleEndian.AppendUint32(nil, size))
	return out.Bytes(), nil
}

// bombs caches the two gzip bombs of the hostile web (about 1 MiB each),
// built on first use.
var bombs struct {
	once            sync.Once
	sitemap, page   []byte
	sitemapErr, err error
}

// The bombs' prefixes: what a parser sees before the 1 GiB of spaces.
const (
	bombSitemapPrefix = `<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n"
	bombPagePrefix    = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Expanding Daily</title></head>\n<body>\n"
)

// bombChunks is 1 GiB in MiB.
const bombChunks = 1024

func loadBombs() ([]byte, []byte, error) {
	bombs.once.Do(func() {
		bombs.sitemap, bombs.sitemapErr = gzipBomb([]byte(bombSitemapPrefix), bombChunks)
		bombs.page, bombs.err = gzipBomb([]byte(bombPagePrefix), bombChunks)
		if bombs.err == nil {
			bombs.err = bombs.sitemapErr
		}
	})
	return bombs.sitemap, bombs.page, bombs.err
}
