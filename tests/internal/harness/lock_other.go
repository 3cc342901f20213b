//go:build !unix

package harness

// lock does nothing where flock(2) is missing: test packages run at the
// same time there may each build the product.
type lock struct{}

func lockFile(string) (*lock, error) { return &lock{}, nil }

func (*lock) exclusive() error { return nil }

func (*lock) shared() error { return nil }

func (*lock) tryExclusive() bool { return false }

func (*lock) close() {}
