package discover

import "feedscout/report"

// Outcomes of a discovery, best first (report.Outcome*).
const (
	OutcomeFeed           = report.OutcomeFeed
	OutcomeNewsSitemap    = report.OutcomeNewsSitemap
	OutcomeArticleSitemap = report.OutcomeArticleSitemap
	OutcomeSections       = report.OutcomeSections
	OutcomeRefused        = report.OutcomeRefused
	OutcomeNone           = report.OutcomeNone
)

// The report and its parts are the public contract in package report;
// these names let the steps of this package say Feed rather than
// report.Feed.
type (
	// Report is report.Report.
	Report = report.Report
	// Feed is report.Feed.
	Feed = report.Feed
	// Sitemap is report.Sitemap.
	Sitemap = report.Sitemap
	// Department is report.Department.
	Department = report.Department
	// Section is report.Section.
	Section = report.Section
)
