package report

// Levels of a Finding, worst first.
const (
	// LevelError: the file breaks a rule a reader or Google News relies
	// on; `feedscout-host check` exits 1 when it finds one.
	LevelError = "error"
	// LevelWarning: it works, but costs readers or the site something,
	// or loses articles (entries older than 48 hours, no ETag).
	LevelWarning = "warning"
	// LevelNote: worth knowing, nothing to fix (a sitemap index, no
	// WebSub hub).
	LevelNote = "note"
)

// Finding is one result of checking a feed or a news sitemap, or one
// refusal or warning of the news sitemap generator. The check rules, and
// the health lines discovery attaches to each feed and sitemap, are
// written once in nativehost/internal/check; docs/checking.md lists every
// code.
type Finding struct {
	// Level is LevelError, LevelWarning or LevelNote.
	Level string `json:"level"`
	// Code is a stable word for the rule (docs/checking.md): a program
	// (the popup in the user's language) can say it from Code and Args
	// without parsing Text. Codes are append-only.
	Code string `json:"code"`
	// Args are the values Text names (a line, a URL, two hosts, an age
	// in hours), as strings and integers.
	Args map[string]any `json:"args,omitempty"`
	// Text is the English sentence naming the exact thing, with the
	// evidence: "line 14: <loc> https://b.example/x is on b.example, the
	// sitemap on a.example."
	Text string `json:"text"`
	// Source says where the evidence came from; absent when the finding
	// is about the whole file.
	Source *Source `json:"source,omitempty"`
}

// Source is where a Finding's evidence came from.
type Source struct {
	// Request is the 1-based position of the request in the log (the
	// check result's requests), 0 when none: the generator's input.
	Request int `json:"request,omitempty"`
	// URL is the URL of that request.
	URL string `json:"url,omitempty"`
	// Line is the 1-based line of the file (or of the generator's
	// input), 0 when the finding concerns no one line.
	Line int `json:"line,omitempty"`
	// Header is the response header the finding is about
	// ("Content-Type"), when it is about one.
	Header string `json:"header,omitempty"`
}

// Errors counts the findings of LevelError.
func Errors(fs []Finding) int {
	n := 0
	for _, f := range fs {
		if f.Level == LevelError {
			n++
		}
	}
	return n
}
