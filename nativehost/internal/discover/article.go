package discover

import (
	"feedscout/common/classify"
	"feedscout/common/report"
)

// articleOrder is the source article's order, faithfully: robots.txt, the
// homepage and its link tags (listed, not fetched), all nine usual paths
// until one parses as a feed, up to four listed sitemaps, then sections.
func (r *run) articleOrder() {
	r.robotsStep()
	if r.learned.homeStepDone(r.homeStep()); r.done() {
		return
	}
	if r.home != nil {
		if r.listAdvertised(r.home); r.feedFound() {
			return
		}
	}
	for _, p := range classify.GuessPaths("") {
		if v, _ := r.tryCandidate(report.StepGuess, r.abs(p), report.ViaGuess); v == isFeed || r.done() {
			return
		}
	}
	r.learned.sitemapStepDone(r.sitemapStep(nil))
	r.sectionStep()
}
