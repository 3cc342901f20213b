package discover

import "feedscout/wasm/classify"

// articleOrder is the source article's order, faithfully: robots.txt, the
// homepage and its link tags (listed, not fetched), all nine usual paths
// until one parses as a feed, up to four listed sitemaps, then sections.
func (r *run) articleOrder() {
	r.robotsStep()
	r.homeStep()
	if r.done() {
		return
	}
	if r.home != nil {
		r.listAdvertised(r.home)
		if r.feedFound() {
			return
		}
	}
	for _, p := range classify.GuessPaths("") {
		if v, _ := r.tryCandidate("guess", r.abs(p), "guess"); v == isFeed || r.done() {
			return
		}
	}
	r.sitemapStep(nil)
	r.sectionStep()
}
