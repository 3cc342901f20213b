//go:build unix

package readertest

import (
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// pgBin is where Debian's postgresql 15 keeps initdb and pg_ctl (they are
// not on PATH: postgresql-common wraps them per cluster).
const pgBin = "/usr/lib/postgresql/15/bin"

// Postgres is a temporary PostgreSQL cluster started by the test: its own
// data directory, listening on a spare loopback port with its unix socket
// in the same temporary directory, and trust authentication for the
// superuser "postgres" (nobody else can reach a loopback port of the test's
// machine during the test that the test did not start: trust is enough).
type Postgres struct {
	// Dir holds the data directory (data/), the socket and the log.
	Dir string
	// Port is the TCP port on 127.0.0.1 (also the socket's number).
	Port int
}

// URL is a libpq connection URL for database db over loopback TCP, as
// Miniflux's DATABASE_URL takes it.
func (p *Postgres) URL(db string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", p.Port, db)
}

// StartPostgres makes a cluster with Debian's initdb (-A trust, -U
// postgres) and starts it with pg_ctl on a spare loopback port; it is
// stopped (pg_ctl stop -m immediate) and removed when the test ends.
// Without Debian's postgresql 15 the test skips (fails under
// FEEDSCOUT_REQUIRE_TOOLS). Running as root, initdb and the server run as
// the postgres user (PostgreSQL refuses root), so the directory is made
// outside t.TempDir() (whose parents only root may enter) and given to it.
func StartPostgres(t testing.TB) *Postgres {
	t.Helper()
	initdb := filepath.Join(pgBin, "initdb")
	if _, err := os.Stat(initdb); err != nil {
		missingTool(t, "Debian's postgresql 15 ("+initdb+")")
	}
	dir, err := os.MkdirTemp("", "feedscout-pg-")
	if err != nil {
		t.Fatalf("make postgres directory: %v", err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	var cred *syscall.Credential
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Fatalf("running as root, postgres needs the postgres user: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatalf("give %s to postgres: %v", dir, err)
		}
	}
	run := func(name string, args ...string) error {
		cmd := exec.Command(filepath.Join(pgBin, name), args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "LC_ALL=C.UTF-8", "TZ=UTC")
		if cred != nil {
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
		}
		out, err := cmd.CombinedOutput()
		if err != nil {
			return fmt.Errorf("%s %s: %w\n%s", name, strings.Join(args, " "), err, out)
		}
		return nil
	}
	data := filepath.Join(dir, "data")
	if err := run("initdb", "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync", "-D", data); err != nil {
		t.Fatalf("make postgres cluster: %v", err)
	}
	p := &Postgres{Dir: dir}
	// A spare port can be taken by another process between FreePort and
	// the server's bind: try a few.
	var startErr error
	for range 3 {
		p.Port = FreePort(t)
		opts := fmt.Sprintf("-c listen_addresses=127.0.0.1 -p %d -k %s -c fsync=off -c synchronous_commit=off -c full_page_writes=off", p.Port, dir)
		startErr = run("pg_ctl", "start", "-w", "-t", "60", "-D", data, "-l", filepath.Join(dir, "postgres.log"), "-o", opts)
		if startErr == nil {
			break
		}
	}
	if startErr != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "postgres.log"))
		t.Fatalf("start postgres: %v\n%s", startErr, log)
	}
	t.Cleanup(func() {
		if err := run("pg_ctl", "stop", "-m", "immediate", "-w", "-D", data); err != nil {
			t.Errorf("stop postgres: %v", err)
		}
	})
	return p
}

// CreateDB makes database name in the cluster with Debian's createdb.
func (p *Postgres) CreateDB(t testing.TB, name string) {
	t.Helper()
	cmd := exec.Command(filepath.Join(pgBin, "createdb"), "-h", "127.0.0.1", "-p", strconv.Itoa(p.Port), "-U", "postgres", name)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("createdb %s: %v\n%s", name, err, out)
	}
}
