package classify

import (
	"net/url"
	"strings"
)

// param is one key=value pair of a URL's query, unescaped, with raw the
// pair as written.
type param struct {
	key, value, raw string
}

// params splits a raw query into its pairs, in order. It is what
// url.ParseQuery does without building a map (whose sorting and limits the
// WebAssembly module does not need to carry); pairs that do not unescape
// keep their raw text.
func params(rawQuery string) []param {
	var out []param
	for rawQuery != "" {
		var pair string
		pair, rawQuery, _ = strings.Cut(rawQuery, "&")
		if pair == "" {
			continue
		}
		k, v, _ := strings.Cut(pair, "=")
		if s, err := url.QueryUnescape(k); err == nil {
			k = s
		}
		if s, err := url.QueryUnescape(v); err == nil {
			v = s
		}
		out = append(out, param{key: k, value: v, raw: pair})
	}
	return out
}

// hasParam reports whether the query has key (any case).
func hasParam(ps []param, key string) bool {
	for _, p := range ps {
		if strings.EqualFold(p.key, key) {
			return true
		}
	}
	return false
}

// paramValue returns the first value of key (any case), or "".
func paramValue(ps []param, key string) string {
	for _, p := range ps {
		if strings.EqualFold(p.key, key) {
			return p.value
		}
	}
	return ""
}
