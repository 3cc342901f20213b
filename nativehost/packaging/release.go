//go:build ignore

// release.go writes the pieces of a release that need exact bytes; build.sh
// dist runs it (Go is the only build requirement besides dpkg-deb):
//
//	go run nativehost/packaging/release.go archive OUT.tar.gz|OUT.zip TOP FILE...
//	go run nativehost/packaging/release.go zipdir OUT.zip DIR
//	go run nativehost/packaging/release.go debroot ROOT < USAGE
//
// archive puts each FILE into OUT as TOP/basename (an executable keeps mode
// 0755, everything else 0644); zipdir zips DIR's tree with manifest.json
// first (the Chrome Web Store's upload); debroot fills a Debian package's
// tree with what comes from the Go code: the system-wide host manifests,
// the gateway's system unit and the man page made from the usage text on
// stdin. Every entry has the time $SOURCE_DATE_EPOCH (0 when unset), owner
// root, sorted names and no other metadata, so the same inputs give the
// same bytes.
package main

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"feedscout/nativehost/internal/install"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "release.go: %v\n", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) < 2 {
		return fmt.Errorf("usage: release.go archive OUT TOP FILE... | zipdir OUT DIR | debroot ROOT")
	}
	when, err := epoch()
	if err != nil {
		return err
	}
	switch args[0] {
	case "archive":
		if len(args) < 4 {
			return fmt.Errorf("archive: give OUT, TOP and files")
		}
		var entries []entry
		for _, f := range args[3:] {
			e, err := fileEntry(f, args[2]+"/"+filepath.Base(f))
			if err != nil {
				return err
			}
			entries = append(entries, e)
		}
		return write(args[1], entries, when)
	case "zipdir":
		if len(args) != 3 {
			return fmt.Errorf("zipdir: give OUT and DIR")
		}
		entries, err := dirEntries(args[2])
		if err != nil {
			return err
		}
		return write(args[1], entries, when)
	case "debroot":
		return debRoot(args[1], when)
	}
	return fmt.Errorf("unknown action %q", args[0])
}

// epoch is $SOURCE_DATE_EPOCH (reproducible-builds.org's convention), 0
// when unset.
func epoch() (time.Time, error) {
	s := os.Getenv("SOURCE_DATE_EPOCH")
	if s == "" {
		return time.Unix(0, 0).UTC(), nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH %q: %w", s, err)
	}
	return time.Unix(n, 0).UTC(), nil
}

// entry is one file of an archive.
type entry struct {
	name string
	mode int64
	data []byte
}

func fileEntry(path, name string) (entry, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return entry{}, fmt.Errorf("read %s: %w", path, err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return entry{}, fmt.Errorf("read %s: %w", path, err)
	}
	mode := int64(0o644)
	if fi.Mode().Perm()&0o111 != 0 || strings.HasSuffix(path, ".exe") {
		mode = 0o755
	}
	return entry{name: name, mode: mode, data: b}, nil
}

// dirEntries lists dir's files by slash path, manifest.json first, then
// sorted.
func dirEntries(dir string) ([]entry, error) {
	var out []entry
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		e, err := fileEntry(p, filepath.ToSlash(rel))
		out = append(out, e)
		return err
	})
	sort.SliceStable(out, func(i, j int) bool {
		if (out[i].name == "manifest.json") != (out[j].name == "manifest.json") {
			return out[i].name == "manifest.json"
		}
		return out[i].name < out[j].name
	})
	return out, err
}

// write writes entries as a .zip or a .tar.gz, by OUT's name.
func write(out string, entries []entry, when time.Time) error {
	var buf bytes.Buffer
	switch {
	case strings.HasSuffix(out, ".zip"):
		z := zip.NewWriter(&buf)
		for _, e := range entries {
			h := &zip.FileHeader{Name: e.name, Method: zip.Deflate, Modified: when}
			h.SetMode(fs.FileMode(e.mode))
			w, err := z.CreateHeader(h)
			if err != nil {
				return fmt.Errorf("zip %s: %w", e.name, err)
			}
			w.Write(e.data)
		}
		if err := z.Close(); err != nil {
			return fmt.Errorf("zip %s: %w", out, err)
		}
	case strings.HasSuffix(out, ".tar.gz"):
		gz, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		tw := tar.NewWriter(gz)
		dirs := map[string]bool{}
		for _, e := range entries {
			if d := filepath.ToSlash(filepath.Dir(e.name)); d != "." && !dirs[d] {
				dirs[d] = true
				tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: d + "/", Mode: 0o755, ModTime: when, Uname: "root", Gname: "root", Format: tar.FormatUSTAR})
			}
			h := &tar.Header{Typeflag: tar.TypeReg, Name: e.name, Mode: e.mode, Size: int64(len(e.data)), ModTime: when, Uname: "root", Gname: "root", Format: tar.FormatUSTAR}
			if err := tw.WriteHeader(h); err != nil {
				return fmt.Errorf("tar %s: %w", e.name, err)
			}
			tw.Write(e.data)
		}
		if err := tw.Close(); err != nil {
			return fmt.Errorf("tar %s: %w", out, err)
		}
		if err := gz.Close(); err != nil {
			return fmt.Errorf("gzip %s: %w", out, err)
		}
	default:
		return fmt.Errorf("write %s: the name ends in neither .zip nor .tar.gz", out)
	}
	return os.WriteFile(out, buf.Bytes(), 0o644)
}

// The Debian package's paths.
const (
	debHost = "/usr/bin/feedscout-host"
)

// debRoot writes into root the files of the package that the Go code makes:
// the manifests Chromium, Google Chrome and Firefox read system-wide on
// Debian, the gateway's system unit (the loopback gateway, shipped
// disabled: `install --serve --public` writes the public one over it in
// /etc), and the man page.
func debRoot(root string, when time.Time) error {
	chromium, err := install.Render("chromium", debHost)
	if err != nil {
		return err
	}
	firefox, err := install.Render("firefox", debHost)
	if err != nil {
		return err
	}
	unit, err := install.SystemUnit(debHost, install.SystemOptions{})
	if err != nil {
		return err
	}
	usage, err := io.ReadAll(os.Stdin)
	if err != nil {
		return fmt.Errorf("read the usage text: %w", err)
	}
	man, err := manPage(string(usage), when)
	if err != nil {
		return err
	}
	files := map[string][]byte{
		"etc/chromium/native-messaging-hosts/" + install.HostName + ".json":    chromium,
		"etc/opt/chrome/native-messaging-hosts/" + install.HostName + ".json":  chromium,
		"usr/lib/mozilla/native-messaging-hosts/" + install.HostName + ".json": firefox,
		"lib/systemd/system/" + install.UnitName:                               unit.Body,
		"usr/share/man/man1/feedscout-host.1.gz":                               man,
	}
	for name, b := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("debroot: %w", err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return fmt.Errorf("debroot: %w", err)
		}
	}
	return nil
}

// manPage is feedscout-host(1) in roff, gzipped without a name or time:
// the synopsis is the usage text the host prints, line for line.
func manPage(usage string, when time.Time) ([]byte, error) {
	var synopsis []string
	var notes []string
	sc := bufio.NewScanner(strings.NewReader(usage))
	for sc.Scan() {
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "usage:"):
		case strings.HasPrefix(l, "  feedscout-host "):
			synopsis = append(synopsis, strings.TrimSpace(l))
		case strings.TrimSpace(l) != "":
			notes = append(notes, strings.TrimSpace(l))
		}
	}
	if len(synopsis) == 0 {
		return nil, fmt.Errorf("man page: the usage text has no feedscout-host lines")
	}
	esc := func(s string) string {
		s = strings.ReplaceAll(s, `\`, `\e`)
		s = strings.ReplaceAll(s, "-", `\-`)
		if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
			s = `\&` + s
		}
		return s
	}
	var b strings.Builder
	fmt.Fprintf(&b, ".TH FEEDSCOUT-HOST 1 %q feedscout \"User Commands\"\n", when.Format("2006-01-02"))
	b.WriteString(".SH NAME\nfeedscout-host \\- find the feeds, news sitemaps and sections of a news site\n")
	b.WriteString(".SH SYNOPSIS\n.nf\n")
	for _, l := range synopsis {
		b.WriteString(esc(l) + "\n")
	}
	b.WriteString(".fi\n.SH DESCRIPTION\n")
	b.WriteString("feedscout\\-host is the companion program of the feedscout browser extension and a command-line tool: " +
		"started by a person, it runs the command named by its first argument.\n")
	if len(notes) > 0 {
		b.WriteString(".PP\n" + esc(strings.Join(notes, " ")) + "\n")
	}
	b.WriteString(".SH FILES\n" +
		".TP\n.I /etc/chromium/native\\-messaging\\-hosts/dev.feedscout.host.json\nThe manifest through which Chromium finds the host, for every user.\n" +
		".TP\n.I /etc/opt/chrome/native\\-messaging\\-hosts/dev.feedscout.host.json\nThe same for Google Chrome.\n" +
		".TP\n.I /usr/lib/mozilla/native\\-messaging\\-hosts/dev.feedscout.host.json\nThe same for Firefox.\n" +
		".TP\n.I /lib/systemd/system/feedscout\\-gateway.service\n" +
		"The gateway as a system service, disabled; enable it with systemctl enable \\-\\-now feedscout\\-gateway.\n" +
		".SH EXIT STATUS\n0 for every completed action, 1 for a failure, 2 for a usage error.\n")
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	w.Write([]byte(b.String()))
	if err := w.Close(); err != nil {
		return nil, fmt.Errorf("man page: %w", err)
	}
	return gz.Bytes(), nil
}
