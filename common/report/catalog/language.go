package catalog

import (
	"math"
	"strconv"
	"strings"
)

// language is how one of the catalogue's languages writes numbers and
// picks plural forms, as the browser's Intl.NumberFormat and
// Intl.PluralRules do for it (CLDR), so that the host and the popup write
// a sentence alike.
type language struct {
	group, decimal string
	// categories are the plural categories the language's messages give
	// (CLDR's for integers and decimals, without zero and two, which none
	// of the four uses).
	categories []string
	plural     func(n float64) string
}

// languages are the catalogue's languages; English is the default.
var languages = map[string]language{
	"en": {group: ",", decimal: ".", categories: []string{"one", "other"}, plural: oneOther},
	"de": {group: ".", decimal: ",", categories: []string{"one", "other"}, plural: oneOther},
	"ja": {group: ",", decimal: ".", categories: []string{"other"}, plural: func(float64) string { return "other" }},
	"ru": {group: "\u00a0", decimal: ",", categories: []string{"one", "few", "many", "other"}, plural: russian},
}

// Languages are the catalogue's language codes, English first.
var Languages = []string{"en", "de", "ja", "ru"}

func oneOther(n float64) string {
	if n == 1 {
		return "one"
	}
	return "other"
}

// russian is CLDR's rule for ru: one for 1, 21, 31... (not 11), few for
// 2-4, 22-24... (not 12-14), many for the other integers, other for
// fractions.
func russian(n float64) string {
	if n != math.Trunc(n) {
		return "other"
	}
	i := int64(math.Abs(n))
	switch {
	case i%10 == 1 && i%100 != 11:
		return "one"
	case i%10 >= 2 && i%10 <= 4 && (i%100 < 12 || i%100 > 14):
		return "few"
	}
	return "many"
}

// number writes n with the language's digit grouping and decimal sign,
// at most three decimals, as Intl.NumberFormat's default does.
func (l language) number(n float64) string {
	if math.IsNaN(n) || math.IsInf(n, 0) {
		return strconv.FormatFloat(n, 'f', -1, 64)
	}
	s := strconv.FormatFloat(math.Abs(n), 'f', 3, 64)
	whole, frac, _ := strings.Cut(s, ".")
	frac = strings.TrimRight(frac, "0")
	var b strings.Builder
	if n < 0 && (whole != "0" || frac != "") {
		b.WriteByte('-')
	}
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(l.group)
		}
		b.WriteRune(c)
	}
	if frac != "" {
		b.WriteString(l.decimal + frac)
	}
	return b.String()
}
