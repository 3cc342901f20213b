package report

// Page is the browser's copy of a page of the site (the active tab), as a
// discover request carries it ("page" in nativehost/PROTOCOL.md). The host
// classifies it itself, with the classifier the popup runs, so nothing the
// extension says about the page is trusted; when it is the site's homepage,
// discovery makes no homepage request.
type Page struct {
	URL         string `json:"url"`
	HTML        string `json:"html"`
	ContentType string `json:"content_type,omitempty"`
}
