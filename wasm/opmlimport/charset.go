//go:build !wasip1

package opmlimport

import "golang.org/x/net/html/charset"

// charsetReader converts a document declared in another encoding
// (<?xml encoding="ISO-8859-1"?>) to UTF-8 for encoding/xml.
var charsetReader = charset.NewReaderLabel
