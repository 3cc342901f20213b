package gateway

// Helpers for the tests of the public gateway (issue 26): `serve --public`
// started on a spare port, the signed URLs `sign` prints, and the
// signature as docs/following.md fixes it, computed here independently of
// the host's code.

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/url"
)

// contractSig is the signature docs/following.md fixes: base64url without
// padding of HMAC-SHA256(key, "feedscout-feed-v1\n" + format + "\n" +
// source).
func contractSig(key []byte, format, source string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("feedscout-feed-v1\n" + format + "\n" + source))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// contractURL is the signed gateway URL of the contract: BASE/feed?url=
// QueryEscape(source) [&format=json] &sig=SIG.
func contractURL(key []byte, base, format, source string) string {
	u := base + "/feed?url=" + url.QueryEscape(source)
	if format == "json" {
		u += "&format=json"
	}
	return u + "&sig=" + contractSig(key, format, source)
}
