package gateway

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"feedscout/common/opml"
	"feedscout/nativehost/internal/fetch"
)

// KeyFile is the name of the gateway's key in the state folder.
const KeyFile = "gateway.key"

// KeySize is the key's length in bytes.
const KeySize = 32

// sigDomain starts every signed message, so that a signature made for a
// gateway feed cannot be taken for anything else made with the same key.
const sigDomain = "feedscout-feed-v1\n"

// Key is the gateway's secret: it signs the gateway URLs of sources
// (docs/following.md, "Signed URLs"), so that a public gateway follows
// only sources its owner signed, and it is the password of the status
// page and /opml.
type Key [KeySize]byte

// String is the key as written, printed and taken: base64url without
// padding (43 characters).
func (k Key) String() string { return base64.RawURLEncoding.EncodeToString(k[:]) }

// ParseKey reads a key as String writes it (surrounding space ignored).
func ParseKey(s string) (Key, error) {
	var k Key
	s = strings.TrimSpace(s)
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || len(b) != KeySize {
		return k, fmt.Errorf("parse key: want %d bytes as base64url without padding (%d characters, A-Z a-z 0-9 - _), as `feedscout-host key` prints it", KeySize, base64.RawURLEncoding.EncodedLen(KeySize))
	}
	copy(k[:], b)
	return k, nil
}

// NewKey makes a random key.
func NewKey() (Key, error) {
	var k Key
	if _, err := rand.Read(k[:]); err != nil {
		return k, fmt.Errorf("new key: %w", err)
	}
	return k, nil
}

// Sign is the signature of the gateway URL for source in format
// (follow.FormatAtom or follow.FormatJSON; "" is Atom): base64url without
// padding of HMAC-SHA256(key, "feedscout-feed-v1\n" + format + "\n" +
// source), source as written (the url parameter, decoded).
func (k Key) Sign(format, source string) string {
	if format == "" {
		format = opml.FormatAtom
	}
	m := hmac.New(sha256.New, k[:])
	m.Write([]byte(sigDomain))
	m.Write([]byte(format))
	m.Write([]byte{'\n'})
	m.Write([]byte(source))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// Verify reports whether sig is k's signature for format and source, in
// constant time.
func (k Key) Verify(format, source, sig string) bool {
	want := k.Sign(format, source)
	return hmac.Equal([]byte(sig), []byte(want))
}

// SignedURL is the gateway's address at base for source in format,
// signed: base/feed?url=SOURCE[&format=json]&sig=SIG.
func (k Key) SignedURL(base, source, format string) string {
	u := opml.GatewayURL(base, source)
	if format == "json" {
		u += "&format=json"
	}
	return u + "&sig=" + k.Sign(format, source)
}

// ErrNoKey is LoadKey's error when the state folder has no key and none
// was to be made.
var ErrNoKey = errors.New("the gateway has no key yet")

// LoadKey reads the key of the state folder dir, making one (mode 0600)
// when there is none and create is true. A key file that does not parse is
// an error, never replaced: signed URLs may depend on it.
func LoadKey(dir string, create bool) (Key, error) {
	p := filepath.Join(dir, KeyFile)
	b, err := os.ReadFile(p)
	switch {
	case err == nil:
		k, err := ParseKey(string(b))
		if err != nil {
			return k, fmt.Errorf("load key %s: %w", p, err)
		}
		return k, nil
	case !errors.Is(err, fs.ErrNotExist):
		return Key{}, fmt.Errorf("load key: %w", err)
	case !create:
		return Key{}, ErrNoKey
	}
	k, err := NewKey()
	if err != nil {
		return k, err
	}
	return k, SaveKey(dir, k)
}

// SaveKey writes k as the key of the state folder dir, atomically and
// readable by its owner only (mode 0600, the folder 0700).
func SaveKey(dir string, k Key) error {
	p := filepath.Join(dir, KeyFile)
	if err := fetch.WriteFileAtomic(p, []byte(k.String()+"\n")); err != nil {
		return fmt.Errorf("save key: %w", err)
	}
	// WriteFileAtomic's temporary file is 0600 already; a file made
	// another way before (by hand) is narrowed too.
	if err := os.Chmod(p, 0o600); err != nil {
		return fmt.Errorf("save key: %w", err)
	}
	return nil
}

// keyPassword reports whether the HTTP Basic password of an Authorization
// header value is k (any user name), in constant time.
func keyPassword(k Key, authorization string) bool {
	scheme, cred, ok := strings.Cut(authorization, " ")
	if !ok || !strings.EqualFold(scheme, "Basic") {
		return false
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(cred))
	if err != nil {
		return false
	}
	_, pass, ok := bytes.Cut(raw, []byte{':'})
	return ok && hmac.Equal(pass, []byte(k.String()))
}
