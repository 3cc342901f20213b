// Command gen writes the extension's _locales from the catalogue: run by
// go generate ./common/report/catalog, from the catalogue's folder.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"feedscout/common/report/catalog"
)

func main() {
	root := filepath.Join("..", "..", "..")
	for _, lang := range catalog.Languages {
		b, err := catalog.Locale(lang)
		if err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
		path := filepath.Join(root, catalog.LocalesDir, lang, "messages.json")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
	}
}
