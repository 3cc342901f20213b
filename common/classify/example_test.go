package classify_test

import (
	"fmt"

	"feedscout/common/classify"
)

func ExampleClassify() {
	page := `<html><head>
<title>Field Notes</title>
<meta name="generator" content="WordPress 6.4.2">
<link rel="alternate" type="application/rss+xml" title="Field Notes &raquo; Comments Feed" href="/comments/feed/">
<link rel="alternate" type="application/rss+xml" title="Field Notes &raquo; Feed" href="/feed/">
</head><body>
<a href="/category/rivers/">Rivers</a>
<a href="/2026/11/28/measuring-the-flow-of-the-upper-danube/">Measuring the flow</a>
</body></html>`
	p, err := classify.Classify("https://blog.example.com/", []byte(page), "text/html; charset=utf-8")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Kind, p.CMS)
	for _, f := range p.Feeds {
		fmt.Println(f.Scope, f.URL)
	}
	fmt.Println("section:", p.Sections[0].URL)
	fmt.Println("article:", p.Articles[0].Text)
	// Output:
	// home wordpress
	// main https://blog.example.com/feed/
	// comments https://blog.example.com/comments/feed/
	// section: https://blog.example.com/category/rivers/
	// article: Measuring the flow
}

func ExampleDominant() {
	links := []classify.Link{
		{URL: "https://www.nikkei.com/article/DGXZQOUC026TI0S6A101C2000000/"},
		{URL: "https://www.nikkei.com/prime/gendai-business/startup-funding-winter-is-over"},
		{URL: "https://www.nikkei.com/article/DGXZQOUC027TI0S6A101C2000000/"},
	}
	for _, l := range classify.Dominant(links) {
		fmt.Println(l.URL)
	}
	// Output:
	// https://www.nikkei.com/article/DGXZQOUC026TI0S6A101C2000000/
	// https://www.nikkei.com/article/DGXZQOUC027TI0S6A101C2000000/
}

func ExampleGuessPaths() {
	fmt.Println(classify.GuessPaths("hugo"))
	// Output: [/index.xml /feed /feed/ /rss /rss.xml /feed.xml /atom.xml /feeds/posts/default /rss/index.xml]
}
