// Package follow turns what has no feed into a feed: a news sitemap (or
// one department of an index of them), an article sitemap or a section
// page becomes one Atom 1.0 or JSON Feed 1.1 document a feed reader reads;
// so does a JSON Feed, for the readers that read none (an RSS or Atom feed
// is refused: it needs no feedscout).
//
// It follows on the user's behalf with the manners of a feed fetcher
// (docs/following.md): per-source state on disk, written atomically;
// conditional requests with the stored ETag and Last-Modified; not more
// often than a minimum interval (15 min by default) nor before
// Cache-Control or Expires allow (capped at 1 h); permanent redirects
// remembered; 410 ends the following for good; other failures keep the
// last good entries and back off, doubling up to 24 h, and the feed says
// so. Every request goes through the polite fetcher (package fetch), whose
// pacing and robots.txt answers the processes sharing a state folder
// share. Several processes may follow from one state folder at once: a
// source is fetched by one of them at a time, the others find it fresh.
//
// What to follow of a discovery report, the best its site offers, is
// FromReport (choose.go): the CLI's opml command writes it for a reader.
package follow
