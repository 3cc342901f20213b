package opml

// The writer's test helpers, for the round trips of read_test.go (package
// opml_test, which reads back with package opmlimport).
var (
	Sample   = sample
	WithJSON = withJSON
	Grouped  = grouped
	Flavours = flavours
)
