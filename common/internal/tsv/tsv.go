// Package tsv reads the project's tab-separated corpora (the URL shape
// corpora under common/shape/testdata/shapes): one record per line, its
// columns split at tabs; blank lines and lines starting with "#" are
// comments. Only tests import it.
package tsv

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// Row is one record: its line number in the file (from 1) and its columns.
type Row struct {
	Line int
	Cols []string
}

// Read reads the records of the file at path.
func Read(path string) ([]Row, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows []Row
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20) // an anchor text can be long
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rows = append(rows, Row{Line: n, Cols: strings.Split(line, "\t")})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return rows, nil
}
