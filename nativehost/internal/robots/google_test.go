package robots

import (
	"strings"
	"testing"
)

// googleCheck is one expectation from Google's reference tests
// (github.com/google/robotstxt, robots_test.cc): IsUserAgentAllowed(robots,
// agent, url) == want, or for escape checks MaybeEscapePattern(in) == out.
type googleCheck struct {
	test, robots, agent, url string
	want                     bool
}

const (
	gFooDisallowAll = "user-agent: FooBot\ndisallow: /\n"
	gGroups         = "allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n\n\nallow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n"
	gUpper          = "USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n"
	gLower          = "user-agent: FooBot\nallow: /x/\ndisallow: /\n"
	gCamel          = "uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n"
	gUAUpper        = "User-Agent: FOO BAR\nAllow: /x/\nDisallow: /\n"
	gUALower        = "User-Agent: foo bar\nAllow: /x/\nDisallow: /\n"
	gUACamel        = "User-Agent: FoO bAr\nAllow: /x/\nDisallow: /\n"
	gFirstSpace     = "User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n"
	gGlobal         = "user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n"
	gOnlySpecific   = "user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n"
	gFish           = "user-agent: FooBot\ndisallow: /\nallow: /fish\n"
	gFishStar       = "user-agent: FooBot\ndisallow: /\nallow: /fish*\n"
	gFishSlash      = "user-agent: FooBot\ndisallow: /\nallow: /fish/\n"
	gPHP            = "user-agent: FooBot\ndisallow: /\nallow: /*.php\n"
	gPHPEnd         = "user-agent: FooBot\ndisallow: /\nallow: /*.php$\n"
	gFishPHP        = "user-agent: FooBot\ndisallow: /\nallow: /fish*.php\n"
	gIndex          = "User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n"
	gSpecial1       = "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n"
	gSpecial2       = "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n"
	gSpecial3       = "User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n"
	gPage           = "http://foo.bar/x/page.html"
)

func googleChecks() []googleCheck {
	c := []googleCheck{
		{"SystemTest", "", "FooBot", "", true},
		{"SystemTest", gFooDisallowAll, "", "", true},
		{"SystemTest", gFooDisallowAll, "FooBot", "", false},
		{"SystemTest", "", "", "", true},

		{"LineSyntax_Line", gFooDisallowAll, "FooBot", "http://foo.bar/x/y", false},
		{"LineSyntax_Line", "foo: FooBot\nbar: /\n", "FooBot", "http://foo.bar/x/y", true},
		{"LineSyntax_Line", "user-agent FooBot\ndisallow /\n", "FooBot", "http://foo.bar/x/y", false},

		{"LineSyntax_Groups", gGroups, "FooBot", "http://foo.bar/x/b", true},
		{"LineSyntax_Groups", gGroups, "FooBot", "http://foo.bar/z/d", true},
		{"LineSyntax_Groups", gGroups, "FooBot", "http://foo.bar/y/c", false},
		{"LineSyntax_Groups", gGroups, "BarBot", "http://foo.bar/y/c", true},
		{"LineSyntax_Groups", gGroups, "BarBot", "http://foo.bar/w/a", true},
		{"LineSyntax_Groups", gGroups, "BarBot", "http://foo.bar/z/d", false},
		{"LineSyntax_Groups", gGroups, "BazBot", "http://foo.bar/z/d", true},
		{"LineSyntax_Groups", gGroups, "FooBot", "http://foo.bar/foo/bar/", false},
		{"LineSyntax_Groups", gGroups, "BarBot", "http://foo.bar/foo/bar/", false},
		{"LineSyntax_Groups", gGroups, "BazBot", "http://foo.bar/foo/bar/", false},

		{"LineNamesCaseInsensitive", gUpper, "FooBot", "http://foo.bar/x/y", true},
		{"LineNamesCaseInsensitive", gLower, "FooBot", "http://foo.bar/x/y", true},
		{"LineNamesCaseInsensitive", gCamel, "FooBot", "http://foo.bar/x/y", true},
		{"LineNamesCaseInsensitive", gUpper, "FooBot", "http://foo.bar/a/b", false},
		{"LineNamesCaseInsensitive", gLower, "FooBot", "http://foo.bar/a/b", false},
		{"LineNamesCaseInsensitive", gCamel, "FooBot", "http://foo.bar/a/b", false},
	}
	for _, agent := range []string{"Foo", "foo"} {
		for _, robots := range []string{gUAUpper, gUALower, gUACamel} {
			c = append(c, googleCheck{"UserAgentValueCaseInsensitive", robots, agent, "http://foo.bar/x/y", true})
		}
		for _, robots := range []string{gUAUpper, gUALower, gUACamel} {
			c = append(c, googleCheck{"UserAgentValueCaseInsensitive", robots, agent, "http://foo.bar/a/b", false})
		}
	}
	c = append(c, []googleCheck{
		{"AcceptUserAgentUpToFirstSpace", gFirstSpace, "Foo", "http://foo.bar/x/y", true},
		{"AcceptUserAgentUpToFirstSpace", gFirstSpace, "Foo Bar", "http://foo.bar/x/y", false},

		{"GlobalGroups_Secondary", "", "FooBot", "http://foo.bar/x/y", true},
		{"GlobalGroups_Secondary", gGlobal, "FooBot", "http://foo.bar/x/y", false},
		{"GlobalGroups_Secondary", gGlobal, "BarBot", "http://foo.bar/x/y", true},
		{"GlobalGroups_Secondary", gOnlySpecific, "QuxBot", "http://foo.bar/x/y", true},

		{"AllowDisallow_Value_CaseSensitive", "user-agent: FooBot\ndisallow: /x/\n", "FooBot", "http://foo.bar/x/y", false},
		{"AllowDisallow_Value_CaseSensitive", "user-agent: FooBot\ndisallow: /X/\n", "FooBot", "http://foo.bar/x/y", true},

		{"LongestMatch", "user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/\n", "FooBot", gPage, false},
		{"LongestMatch", "user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n", "FooBot", gPage, true},
		{"LongestMatch", "user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n", "FooBot", "http://foo.bar/x/", false},
		{"LongestMatch", "user-agent: FooBot\ndisallow: \nallow: \n", "FooBot", gPage, true},
		{"LongestMatch", "user-agent: FooBot\ndisallow: /\nallow: /\n", "FooBot", gPage, true},
		{"LongestMatch", "user-agent: FooBot\ndisallow: /x\nallow: /x/\n", "FooBot", "http://foo.bar/x", false},
		{"LongestMatch", "user-agent: FooBot\ndisallow: /x\nallow: /x/\n", "FooBot", "http://foo.bar/x/", true},
		{"LongestMatch", "user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/page.html\n", "FooBot", gPage, true},
		{"LongestMatch", "user-agent: FooBot\nallow: /page\ndisallow: /*.html\n", "FooBot", "http://foo.bar/page.html", false},
		{"LongestMatch", "user-agent: FooBot\nallow: /page\ndisallow: /*.html\n", "FooBot", "http://foo.bar/page", true},
		{"LongestMatch", "user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n", "FooBot", gPage, true},
		{"LongestMatch", "user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n", "FooBot", "http://foo.bar/x/y.html", false},
		{"LongestMatch", "User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n", "FooBot", "http://foo.bar/x/page", true},
		{"LongestMatch", "User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n", "FooBot", "http://foo.bar/y/page", false},

		{"Encoding", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n", "FooBot", "http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par", true},
		{"Encoding", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n", "FooBot", "http://foo.bar/foo/bar/%E3%83%84", true},
		{"Encoding", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n", "FooBot", "http://foo.bar/foo/bar/ツ", false},
		{"Encoding", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n", "FooBot", "http://foo.bar/foo/bar/%E3%83%84", true},
		{"Encoding", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n", "FooBot", "http://foo.bar/foo/bar/ツ", false},
		{"Encoding", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n", "FooBot", "http://foo.bar/foo/bar/baz", false},
		{"Encoding", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n", "FooBot", "http://foo.bar/foo/bar/%62%61%7A", true},

		{"SpecialCharacters", gSpecial1, "FooBot", "http://foo.bar/foo/bar/quz", false},
		{"SpecialCharacters", gSpecial1, "FooBot", "http://foo.bar/foo/quz", true},
		{"SpecialCharacters", gSpecial1, "FooBot", "http://foo.bar/foo//quz", true},
		{"SpecialCharacters", gSpecial1, "FooBot", "http://foo.bar/foo/bax/quz", true},
		{"SpecialCharacters", gSpecial2, "FooBot", "http://foo.bar/foo/bar", false},
		{"SpecialCharacters", gSpecial2, "FooBot", "http://foo.bar/foo/bar/qux", true},
		{"SpecialCharacters", gSpecial2, "FooBot", "http://foo.bar/foo/bar/", true},
		{"SpecialCharacters", gSpecial2, "FooBot", "http://foo.bar/foo/bar/baz", true},
		{"SpecialCharacters", gSpecial3, "FooBot", "http://foo.bar/foo/bar", true},
		{"SpecialCharacters", gSpecial3, "FooBot", "http://foo.bar/foo/quz", false},

		{"IndexHTMLisDirectory", gIndex, "foobot", "http://foo.com/allowed-slash/", true},
		{"IndexHTMLisDirectory", gIndex, "foobot", "http://foo.com/allowed-slash/index.htm", false},
		{"IndexHTMLisDirectory", gIndex, "foobot", "http://foo.com/allowed-slash/index.html", true},
		{"IndexHTMLisDirectory", gIndex, "foobot", "http://foo.com/anyother-url", false},
	}...)
	c = append(c, longLineChecks()...)
	c = append(c, docChecks(gFish, []string{"/fish", "/fish.html", "/fish/salmon.html", "/fishheads", "/fishheads/yummy.html", "/fish.html?id=anything"},
		[]string{"/bar", "/Fish.asp", "/catfish", "/?id=fish"})...)
	c = append(c, docChecks(gFishStar, []string{"/fish", "/fish.html", "/fish/salmon.html", "/fishheads", "/fishheads/yummy.html", "/fish.html?id=anything"},
		[]string{"/bar", "/Fish.bar", "/catfish", "/?id=fish"})...)
	c = append(c, docChecks(gFishSlash, []string{"/fish/", "/fish/salmon", "/fish/?salmon", "/fish/salmon.html", "/fish/?id=anything"},
		[]string{"/bar", "/fish", "/fish.html", "/Fish/Salmon.html"})...)
	c = append(c, docChecks(gPHP, []string{"/filename.php", "/folder/filename.php", "/folder/filename.php?parameters", "//folder/any.php.file.html", "/filename.php/", "/index?f=filename.php/"},
		[]string{"/bar", "/php/", "/index?php", "/windows.PHP"})...)
	c = append(c, docChecks(gPHPEnd, []string{"/filename.php", "/folder/filename.php"},
		[]string{"/bar", "/filename.php?parameters", "/filename.php/", "/filename.php5", "/php/", "/filename?php", "/aaaphpaaa", "//windows.PHP"})...)
	c = append(c, docChecks(gFishPHP, []string{"/fish.php", "/fishheads/catfish.php?parameters"}, []string{"/bar", "/Fish.PHP"})...)
	c = append(c, []googleCheck{
		{"DocumentationChecks", "user-agent: FooBot\nallow: /p\ndisallow: /\n", "FooBot", "http://example.com/page", true},
		{"DocumentationChecks", "user-agent: FooBot\nallow: /folder\ndisallow: /folder\n", "FooBot", "http://example.com/folder/page", true},
		{"DocumentationChecks", "user-agent: FooBot\nallow: /page\ndisallow: /*.htm\n", "FooBot", "http://example.com/page.htm", false},
		{"DocumentationChecks", "user-agent: FooBot\nallow: /$\ndisallow: /\n", "FooBot", "http://example.com/", true},
		{"DocumentationChecks", "user-agent: FooBot\nallow: /$\ndisallow: /\n", "FooBot", "http://example.com/page.html", false},
	}...)
	return c
}

func docChecks(robots string, allowed, disallowed []string) []googleCheck {
	var c []googleCheck
	for _, p := range allowed {
		c = append(c, googleCheck{"DocumentationChecks", robots, "FooBot", "http://foo.bar" + p, true})
	}
	for _, p := range disallowed {
		c = append(c, googleCheck{"DocumentationChecks", robots, "FooBot", "http://foo.bar" + p, false})
	}
	return c
}

// longLineChecks builds GoogleOnly_LineTooLong: a rule longer than
// 2083*8 octets is cut there and the cut pattern is what matches.
func longLineChecks() []googleCheck {
	const maxLen = 2083 * 8
	// As the C++ test: prefix, then filler up to maxLen-len(prefix)-len(directive)+1.
	pad := func(prefix, filler, directive string) string {
		return prefix + strings.Repeat(filler, maxLen-2*len(prefix)-len(directive)+1)
	}
	long := pad("/x/", "a", "disallow: ")
	r1 := "user-agent: FooBot\ndisallow: " + long + "/qux\n"
	a, b := pad("/x/", "a", "allow: "), pad("/x/", "b", "allow: ")
	r2 := gFooDisallowAll + "allow: " + a + "/qux\nallow: " + b + "/qux\n"
	return []googleCheck{
		{"LineTooLong", r1, "FooBot", "http://foo.bar/fux", true},
		{"LineTooLong", r1, "FooBot", "http://foo.bar" + long + "/fux", false},
		{"LineTooLong", r2, "FooBot", "http://foo.bar/", false},
		{"LineTooLong", r2, "FooBot", "http://foo.bar" + a + "/qux", true},
		{"LineTooLong", r2, "FooBot", "http://foo.bar" + b + "/fux", true},
	}
}

// googlePath is Google's GetPathParamsQuery for the absolute URLs used
// above: the path, parameters and query, "/" when empty.
func googlePath(u string) string {
	if i := strings.IndexByte(u, '#'); i >= 0 {
		u = u[:i]
	}
	if i := strings.Index(u, "://"); i >= 0 {
		u = u[i+3:]
		j := strings.IndexAny(u, "/?")
		if j < 0 {
			return "/"
		}
		u = u[j:]
	}
	if u == "" {
		return "/"
	}
	if u[0] == '?' {
		return "/" + u
	}
	return u
}

// TestGoogleReference runs the 141 matching expectations and the 4 escape
// expectations of Google's robots_test.cc (145 checks) and reports the score.
func TestGoogleReference(t *testing.T) {
	checks := googleChecks()
	escapes := [][2]string{
		{"http://www.example.com", "http://www.example.com"},
		{"/a/b/c", "/a/b/c"},
		{"á", "%C3%A1"},
		{"%aa", "%AA"},
	}
	total, passed := len(checks)+len(escapes), 0
	for _, c := range checks {
		got := Parse(200, []byte(c.robots)).Allowed(c.agent, googlePath(c.url))
		if got == c.want {
			passed++
			continue
		}
		robots, url := c.robots, c.url
		if len(robots) > 120 {
			robots = robots[:120] + "..."
		}
		if len(url) > 80 {
			url = url[:80] + "..."
		}
		t.Errorf("%s: Allowed(%q, %q) = %v, want %v; robots.txt:\n%s", c.test, c.agent, url, got, c.want, robots)
	}
	for _, e := range escapes {
		if got := escape(e[0], true); got == e[1] {
			passed++
		} else {
			t.Errorf("MaybeEscapePattern(%q) = %q, want %q", e[0], got, e[1])
		}
	}
	if total != 145 {
		t.Errorf("ported %d checks, robots_test.cc has 145", total)
	}
	t.Logf("Google reference expectations: %d/%d passed", passed, total)
}
