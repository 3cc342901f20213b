package check

// Check and make in real Chromium: the health lines and the Check button
// of the real popup, through the installed host, on the check web; the
// generator page with the seed's examples (Generate, Reset, Copy,
// Download); axe-core on the generator page.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

// checkBrowser starts Chromium with the host installed, behind the check
// web, in the UI language lang ("" for the default, English).
func checkBrowser(t *testing.T, lang string) (*harness.Browser, *fixtureweb.Web) {
	t.Helper()
	web := harness.StartWeb(t, fixtureweb.CheckSites(&fixtureweb.Generated{}))
	o := harness.BrowserOptions{Env: harness.FastEnv(web), Proxy: web.ProxyURL}
	if lang != "" {
		o.Env = append(o.Env, "LANGUAGE="+lang)
		o.Flags = append(o.Flags, chromedp.Flag("lang", lang))
	}
	return harness.StartBrowser(t, o), web
}

// In Russian, a health line is said from its code and args.
func TestCheckPopupHealthInRussian(t *testing.T) {
	b, web := checkBrowser(t, "ru")
	ctx := harness.PopupOnSite(t, b, web, "check-health-news")
	if l := harness.Eval[string](t, ctx, `chrome.i18n.getMessage("locale")`); l != "ru" {
		t.Fatalf("popup language %q, want ru (is chromium-l10n installed?)", l)
	}
	harness.Find(t, ctx)
	health := harness.Eval[[]string](t, ctx, `[...document.querySelectorAll("#found-sitemaps .health li")].map(e => e.textContent)`)
	want := []string{
		"Отдаётся как text/html: отдавайте карту сайта как application/xml.",
		"Записей старше 48 часов: 31 из 40. Google Новости берут только последние два дня; удалите их или их блок <news:news>.",
	}
	if strings.Join(health, "\n") != strings.Join(want, "\n") {
		t.Fatalf("health line %q, want %q", health, want)
	}
	ctx = harness.PopupOnSite(t, b, web, "check-health-feed")
	harness.Find(t, ctx)
	feed := harness.Eval[[]string](t, ctx, `[...document.querySelectorAll("#found-feeds .health li")].map(e => e.textContent)`)
	if len(feed) < 2 || feed[0] != "Нет ETag и Last-Modified: читалки каждый раз скачивают его целиком." || !strings.HasPrefix(feed[1], "Без сжатия: просили gzip, а пришло ") {
		t.Fatalf("feed health line %q", feed)
	}
}

// In German, Check says the full check's findings from their code and
// args (lib/findings.js), none of them in the host's English, as text.
func TestCheckPopupFindingsInGerman(t *testing.T) {
	b, web := checkBrowser(t, "de")
	ctx := harness.PopupOnSite(t, b, web, "check-health-news")
	if l := harness.Eval[string](t, ctx, `chrome.i18n.getMessage("locale")`); l != "de" {
		t.Fatalf("popup language %q, want de (is chromium-l10n installed?)", l)
	}
	harness.Find(t, ctx)
	findings := checkFindings(t, ctx, "#found-sitemaps")
	oldest := web.Started.Add(-130*time.Hour - 30*time.Minute).UTC().Format(time.RFC3339)
	want := []string{
		"Warnung: 31 von 40 Einträgen sind älter als 48 Stunden (der älteste, Zeile 109: " + oldest + ", 130 Stunden alt): Google News nimmt nur die letzten zwei Tage; sie oder ihren <news:news>-Block entfernen.",
		"Fehler: Ausgeliefert als text/html: die Sitemap als application/xml ausliefern.",
	}
	if strings.Join(findings, "\n") != strings.Join(want, "\n") {
		t.Fatalf("check findings %q, want %q", findings, want)
	}
	if n := harness.Eval[int](t, ctx, `document.querySelectorAll("#found-sitemaps .check-result news\\:news").length`); n != 0 {
		t.Fatalf("a finding became markup (%d elements)", n)
	}
	answers := harness.Eval[string](t, ctx, `document.querySelector("#found-sitemaps .check-result .answers").textContent`)
	if strings.Contains(answers, "Is the") {
		t.Fatalf("the four answers are in English: %q", answers)
	}

	// A feed with several findings: none reads as the host's English.
	ctx = harness.PopupOnSite(t, b, web, "check-health-feed")
	harness.Find(t, ctx)
	feed := checkFindings(t, ctx, "#found-feeds")
	english := regexp.MustCompile(`\b(the|is|are|readers|has|no)\b`)
	for _, f := range feed {
		if !strings.HasPrefix(f, "Fehler: ") && !strings.HasPrefix(f, "Warnung: ") && !strings.HasPrefix(f, "Hinweis: ") || english.MatchString(f) {
			t.Errorf("feed finding %q is not said in German", f)
		}
	}
	if len(feed) < 2 || feed[0] != "Warnung: Kein ETag und kein Last-Modified: Feedreader laden ihn jedes Mal ganz herunter." {
		t.Errorf("feed findings %q", feed)
	}
}

func TestCheckPopupHealthAndCheck(t *testing.T) {
	b, web := checkBrowser(t, "")

	// A news sitemap: its health line, then Check and its findings.
	ctx := harness.PopupOnSite(t, b, web, "check-health-news")
	harness.Find(t, ctx)
	health := harness.Eval[[]string](t, ctx, `[...document.querySelectorAll("#found-sitemaps .health li")].map(e => e.textContent)`)
	want := []string{
		"Served as text/html: serve the sitemap as application/xml.",
		"31 of 40 entries are older than 48 hours: Google News takes only the last two days; drop them or their <news:news> block.",
	}
	if strings.Join(health, "\n") != strings.Join(want, "\n") {
		t.Fatalf("sitemap health line %q, want %q", health, want)
	}
	findings := checkFindings(t, ctx, "#found-sitemaps")
	oldest := web.Started.Add(-130*time.Hour - 30*time.Minute).UTC().Format(time.RFC3339)
	wantFindings := []string{
		"Warning: 31 of 40 entries are older than 48 hours (the oldest, line 109: " + oldest + ", 130 hours old): Google News takes only the last two days; drop them or their <news:news> block.",
		"Error: Served as text/html: serve the sitemap as application/xml.",
	}
	if strings.Join(findings, "\n") != strings.Join(wantFindings, "\n") {
		t.Fatalf("check findings %q, want %q", findings, wantFindings)
	}
	// Text, never markup: the sentence's <news:news> is text.
	if n := harness.Eval[int](t, ctx, `document.querySelectorAll("#found-sitemaps .check-result news\\:news, #found-sitemaps .health news\\:news").length`); n != 0 {
		t.Fatalf("a finding became markup (%d elements)", n)
	}
	answers := harness.Eval[[]string](t, ctx, `[...document.querySelectorAll("#found-sitemaps .check-result .answers li")].map(e => e.textContent)`)
	if strings.Join(answers, "\n") != "Is the XML readable? yes\nIs it a sitemap? yes\nAre the publication data right? yes\nIs the file served right? no" {
		t.Fatalf("the four answers: %q", answers)
	}
	summary := harness.Eval[string](t, ctx, `document.querySelector("#found-sitemaps .check-result .status").textContent`)
	if !strings.HasPrefix(summary, "2 findings · 2 requests") {
		t.Fatalf("check summary %q", summary)
	}

	// A feed: its health line names the missing validators.
	ctx = harness.PopupOnSite(t, b, web, "check-health-feed")
	harness.Find(t, ctx)
	feedHealth := harness.Eval[[]string](t, ctx, `[...document.querySelectorAll("#found-feeds .health li")].map(e => e.textContent)`)
	if len(feedHealth) == 0 || feedHealth[0] != "No ETag or Last-Modified: readers download it whole every time." {
		t.Fatalf("feed health line %q", feedHealth)
	}
	// The popup links the generator page.
	if href := harness.Eval[string](t, ctx, `document.getElementById("generator").href`); href != harness.ExtensionOrigin+"generator/generator.html" {
		t.Fatalf("generator link %q", href)
	}
}

// The generator page: the seed's two example lines (the library and the bus
// route), Generate shows the sitemap, Copy and Download give it, Reset
// empties every field and the result; the seed's escaping and 51 hours;
// a refusal with its line; axe finds nothing in any state.
func TestCheckGeneratorPage(t *testing.T) {
	src := harness.AxeSource(t)
	b := harness.StartBrowser(t, harness.BrowserOptions{NoHost: true})
	ctx, _ := b.Tab(harness.ExtensionOrigin + "generator/generator.html")
	harness.WaitJS(t, ctx, `document.readyState === "complete" && document.getElementById("generate") !== null`, 10*time.Second)
	harness.AxeCheck(t, ctx, src, "generator, empty")

	fill := func(name, lang, lines, checkedAt string) {
		t.Helper()
		harness.Eval[bool](t, ctx, `((n, l, x, c) => {
			document.getElementById("name").value = n;
			document.getElementById("language").value = l;
			document.getElementById("lines").value = x;
			document.getElementById("checked-at").value = c;
			document.getElementById("generate").click();
			return true;
		})(`+harness.JSQuote(name)+`, `+harness.JSQuote(lang)+`, `+harness.JSQuote(lines)+`, `+harness.JSQuote(checkedAt)+`)`)
	}
	const two = "https://gazeta.example/news/2026/10/30/biblioteka-otkrylas | 2026-10-30T09:00:00+03:00 | Открылась новая библиотека\n" +
		"https://gazeta.example/news/2026/10/30/marshrut-avtobusa | 2026-10-30 | Изменился маршрут автобуса № 5\n"
	fill("Городские новости", "ru", two, "")
	harness.WaitJS(t, ctx, `document.getElementById("xml").value.includes("<urlset")`, 15*time.Second)
	xml := harness.Eval[string](t, ctx, `document.getElementById("xml").value`)
	for _, want := range []string{
		"<loc>https://gazeta.example/news/2026/10/30/biblioteka-otkrylas</loc>",
		"<news:title>Открылась новая библиотека</news:title>",
		"<news:publication_date>2026-10-30</news:publication_date>",
		"<news:name>Городские новости</news:name>",
	} {
		if !strings.Contains(xml, want) {
			t.Fatalf("generated sitemap lacks %q:\n%s", want, xml)
		}
	}
	if s := harness.Eval[string](t, ctx, `document.getElementById("summary").textContent`); s != "2 entries written." {
		t.Fatalf("summary %q", s)
	}
	harness.AxeCheck(t, ctx, src, "generator, a sitemap")

	// Download: news-sitemap.xml, the same bytes.
	dl := t.TempDir()
	if _, err := chromedp.CallBrowser(b.Ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dl,
	}); err != nil {
		t.Fatal(err)
	}
	harness.Eval[bool](t, ctx, `(document.getElementById("download").click(), true)`)
	file := filepath.Join(dl, "news-sitemap.xml")
	deadline := time.Now().Add(10 * time.Second)
	for {
		if got, err := os.ReadFile(file); err == nil && len(got) > 0 {
			if string(got) != xml {
				t.Fatalf("downloaded file differs from the page's sitemap:\n%s", got)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %s after Download", file)
		}
		time.Sleep(50 * time.Millisecond)
	}
	xmlReaders(t, file, 2)

	// Copy: the clipboard holds the sitemap.
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		if _, err := chromedp.CallBrowser(b.Ctx, cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{
			Permission: &cdpbrowser.PermissionDescriptor{Name: name}, Setting: cdpbrowser.PermissionSettingGranted,
			Origin: strings.TrimSuffix(harness.ExtensionOrigin, "/"),
		}); err != nil {
			t.Fatal(err)
		}
	}
	harness.Eval[bool](t, ctx, `(window.focus(), document.getElementById("copy").click(), true)`)
	harness.WaitJS(t, ctx, `document.getElementById("copied").textContent !== ""`, 5*time.Second)
	if c := harness.Eval[string](t, ctx, `document.getElementById("copied").textContent`); c != "Copied." {
		t.Fatalf("copy said %q", c)
	}
	if clip := harness.Eval[string](t, ctx, `navigator.clipboard.readText()`); clip != xml {
		t.Fatalf("clipboard holds %q", clip)
	}

	// Reset: every field and the result empty.
	harness.Eval[bool](t, ctx, `(document.getElementById("reset").click(), true)`)
	empty := harness.Eval[bool](t, ctx, `["name", "language", "lines", "checked-at", "xml"].every(id => document.getElementById(id).value === "") &&
		document.getElementById("result").hidden && document.getElementById("findings").childElementCount === 0 &&
		document.getElementById("summary").textContent === ""`)
	if !empty {
		t.Fatal("Reset left a field or the result")
	}

	// The seed's escaping and 51 hours: written, with the warning.
	fill("Вести", "ru", "https://a.example/news/2026/10/28/shkola-i-muzey | 2026-10-28T09:00:00+03:00 | Школа & музей\n", "2026-10-30T12:00:00+03:00")
	harness.WaitJS(t, ctx, `document.getElementById("xml").value.includes("<urlset")`, 10*time.Second)
	if xml := harness.Eval[string](t, ctx, `document.getElementById("xml").value`); !strings.Contains(xml, "<news:title>Школа &amp; музей</news:title>") {
		t.Fatalf("escaping:\n%s", xml)
	}
	warn := harness.Eval[[]string](t, ctx, `[...document.querySelectorAll("#findings li")].map(e => e.className + " " + e.textContent)`)
	if len(warn) != 1 || warn[0] != "warning Warning: line 1: published 2026-10-28T09:00:00+03:00, 51 hours before the moment of checking 2026-10-30T12:00:00+03:00: Google News takes only articles of the last 48 hours." {
		t.Fatalf("51 hours: %q", warn)
	}
	harness.AxeCheck(t, ctx, src, "generator, a warning")

	// A refusal: its line, no sitemap.
	fill("N", "ru", "https://a.example/news/a-b-c-d | 2026-10-30 | A\nhttps://a.example/news/a-b-c-d | 2026-10-30 | B\n", "")
	harness.WaitJS(t, ctx, `document.getElementById("output").hidden && document.querySelectorAll("#findings li").length === 1`, 10*time.Second)
	refusal := harness.Eval[string](t, ctx, `document.querySelector("#findings li").textContent`)
	if refusal != "Error: line 2: https://a.example/news/a-b-c-d is already on line 1." {
		t.Fatalf("refusal %q", refusal)
	}
	if s := harness.Eval[string](t, ctx, `document.getElementById("summary").textContent`); s != "Nothing written: fix these lines and generate again." {
		t.Fatalf("summary %q", s)
	}
	harness.AxeCheck(t, ctx, src, "generator, refused")
}

// generatorFindings fills the page's fields, presses Generate and returns
// the findings as the page lists them.
func generatorFindings(t *testing.T, ctx context.Context, name, lang, checkedAt, lines string) []string {
	t.Helper()
	harness.Eval[bool](t, ctx, `((n, l, x, c) => {
		document.getElementById("summary").textContent = "";
		document.getElementById("name").value = n;
		document.getElementById("language").value = l;
		document.getElementById("lines").value = x;
		document.getElementById("checked-at").value = c;
		document.getElementById("generate").click();
		return true;
	})(`+harness.JSQuote(name)+`, `+harness.JSQuote(lang)+`, `+harness.JSQuote(lines)+`, `+harness.JSQuote(checkedAt)+`)`)
	harness.WaitJS(t, ctx, `document.getElementById("summary").textContent !== ""`, 10*time.Second)
	return harness.Eval[[]string](t, ctx, `[...document.querySelectorAll("#findings li")].map(e => e.textContent)`)
}

// In English the page says each finding exactly as feedscout-host newsmap
// does (its messages are the Go sentences); in Russian, from the code.
func TestCheckGeneratorPageLanguages(t *testing.T) {
	for _, lang := range []string{"en", "ru"} {
		t.Run(lang, func(t *testing.T) {
			o := harness.BrowserOptions{NoHost: true}
			if lang != "en" {
				o.Env = []string{"LANGUAGE=" + lang}
				o.Flags = []chromedp.ExecAllocatorOption{chromedp.Flag("lang", lang)}
			}
			b := harness.StartBrowser(t, o)
			ctx, _ := b.Tab(harness.ExtensionOrigin + "generator/generator.html")
			harness.WaitJS(t, ctx, `document.readyState === "complete" && document.getElementById("generate") !== null`, 10*time.Second)
			if got := harness.Eval[string](t, ctx, `chrome.i18n.getMessage("locale")`); got != lang {
				t.Fatalf("page language %q, want %s (is chromium-l10n installed?)", got, lang)
			}
			var all []string
			for _, c := range harness.GeneratorCases {
				page := generatorFindings(t, ctx, c.Name, c.Lang, c.CheckedAt, c.Lines)
				all = append(all, page...)
				if lang != "en" {
					continue
				}
				args := []string{"newsmap", "--name", c.Name, "--lang", c.Lang}
				if c.CheckedAt != "" {
					args = append(args, "--checked-at", c.CheckedAt)
				}
				_, errOut, _ := harness.RunHost(t, nil, c.Lines, args...)
				var want []string
				for _, line := range strings.Split(strings.TrimSpace(errOut), "\n") {
					for _, level := range []string{"error", "warning"} {
						if text, ok := strings.CutPrefix(line, "feedscout-host newsmap: "+level+": "); ok {
							want = append(want, map[string]string{"error": "Error", "warning": "Warning"}[level]+": "+text)
						}
					}
				}
				if strings.Join(page, "\n") != strings.Join(want, "\n") {
					t.Errorf("page says\n%s\nthe CLI says\n%s", strings.Join(page, "\n"), strings.Join(want, "\n"))
				}
			}
			if lang == "ru" {
				for _, want := range []string{
					"Ошибка: строка 7: адрес https://a.example/news/one уже есть в строке 1.",
					"Ошибка: строка 8: https://b.example/v на хосте b.example, а строка 1 — на a.example; адреса одной карты — на одном хосте.",
					"Ошибка: Строк: 1 001, а новостная карта вмещает не больше 1 000 статей: разделите их на несколько карт.",
					"Предупреждение: строка 1: опубликовано 2026-10-28T09:00:00+03:00, за 51 ч до момента проверки 2026-10-30T12:00:00+03:00: Google Новости берут только статьи последних 48 часов.",
					"Предупреждение: строка 2: опубликовано 2026-10-28 (считается 00:00 UTC), за 57 ч до момента проверки 2026-10-30T12:00:00+03:00: Google Новости берут только статьи последних 48 часов.",
				} {
					found := false
					for _, got := range all {
						found = found || strings.NewReplacer("\u00a0", " ", "\u202f", " ").Replace(got) == want // Russian groups digits with a no-break space
					}
					if !found {
						t.Errorf("no %q among\n%s", want, strings.Join(all, "\n"))
					}
				}
			}
		})
	}
}

// checkFindings clicks Check on the first row of a found list
// (#found-feeds, #found-sitemaps), waits for the full check's findings and
// returns their texts.
func checkFindings(t *testing.T, ctx context.Context, list string) []string {
	t.Helper()
	harness.Eval[bool](t, ctx, fmt.Sprintf(`(document.querySelector(%q).click(), true)`, list+" .check"))
	items := list + " .check-result .findings li"
	harness.WaitJS(t, ctx, fmt.Sprintf(`document.querySelectorAll(%q).length > 0`, items), 30*time.Second)
	return harness.Eval[[]string](t, ctx, fmt.Sprintf(`[...document.querySelectorAll(%q)].map(e => e.textContent)`, items))
}
