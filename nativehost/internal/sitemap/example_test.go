package sitemap_test

import (
	"fmt"
	"strings"
	"time"

	"feedscout/nativehost/internal/sitemap"
)

func ExampleParse() {
	const file = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
  <url>
    <loc>https://www.example.com/national/20261129-OYT1T50001/</loc>
    <news:news>
      <news:publication><news:name>Example Daily</news:name><news:language>en</news:language></news:publication>
      <news:publication_date>2026-11-29T18:00:00+09:00</news:publication_date>
      <news:title>Council approves the budget</news:title>
    </news:news>
  </url>
</urlset>`
	sm, err := sitemap.Parse(strings.NewReader(file))
	if err != nil {
		fmt.Println(err)
		return
	}
	e := sm.Entries[0]
	fmt.Println(sm.Kind, len(sm.Entries), e.Loc)
	fmt.Println(e.News.Title, "|", e.News.PublicationName, "|", e.News.PublicationDate)

	j := sitemap.Judge(sm, time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC))
	fmt.Println(j.Usable, j.NewsFacts.Entries, j.NewsFacts.Within48h)
	// Output:
	// urlset 1 https://www.example.com/national/20261129-OYT1T50001/
	// Council approves the budget | Example Daily | 2026-11-29 09:00:00 +0000 UTC
	// news 1 1
}

func ExampleDepartments() {
	sm, _ := sitemap.Parse(strings.NewReader(`<sitemapindex>
  <sitemap><loc>https://www.example.jp/sitemap_national.xml</loc></sitemap>
  <sitemap><loc>https://www.example.jp/sitemap_business.xml</loc></sitemap>
  <sitemap><loc>https://www.example.jp/news-sitemap-politics.xml.gz</loc></sitemap>
</sitemapindex>`))
	fmt.Println(sitemap.Departments(sm))
	// Output: [national business politics] true
}
