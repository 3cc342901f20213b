// Package catalog is feedscout's one message catalogue: every sentence
// the popup, the options and generator pages and the host say, one
// template per message key in one source file per language (en.json,
// de.json, ja.json, ru.json, each a WebExtension messages file whose
// messages are templates). The host fills them in Go (Say, English: the
// reasons of report.Sentence, the check's findings, the native error
// replies); go generate writes them to the extension's _locales, where
// lib/i18n.js fills the same templates the same way.
//
// A template is text with arguments in braces, a subset of ICU
// MessageFormat:
//
//	{host}                          the argument; a number is written the
//	                                language's way (1,234 / 1.234 / 1 234)
//	{line, plain}                   a number as digits only (12345)
//	{items, plural, one {# item} other {# items}}
//	                                by the language's plural rules (CLDR:
//	                                en and de one/other, ja other, ru
//	                                one/few/many/other; =N for exactly N);
//	                                # is the count
//	{where, select, homepage {its homepage} other {its pages}}
//	                                by the argument's word; none is the
//	                                branch of a missing or empty one
//	{home_problem, phrase, home_after}
//	                                the message home_after, filled with the
//	                                argument when it is an object (a
//	                                problem), else with the same arguments;
//	                                nothing when the argument is missing
//
// There is no quoting: a template holds no literal brace. Adding a reason
// or a finding is one code, one template per language, one test case.
package catalog
