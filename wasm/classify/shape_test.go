package classify

import "testing"

func TestPathShape(t *testing.T) {
	cases := []struct {
		path string
		want Shape
	}{
		{"/", ShapeOther},
		{"", ShapeOther},
		{"/coronavirus-2026", ShapeSection},
		{"/news/tech-and-science/", ShapeSection},
		{"/article/DGXZQOUC026TI0S6A101C2000000/", ShapeArticle},
		{"/business/startups/", ShapeSection},
		{"/this-is-a-story", ShapeArticle},
		{"/2026/11/29/world/story.html", ShapeOther}, // short last (seed rule)
		{"/2026/11/29/world/stories.html", ShapeArticle},
		{"/news/2026/11/brief", ShapeOther}, // short last: no
		{"/news/2026/11/longer-slug", ShapeArticle},
		{"/world/africa/", ShapeSection},
		{"/a/b/c/d/", ShapeOther},
		{"/search/", ShapeOther},
		{"/About/", ShapeOther},
		{"/logo.png", ShapeOther},
		{"/politics.html", ShapeSection},
		{"/politics.html.htm", ShapeOther},
		{"/news/story-123.html", ShapeArticle},
		{"/national/20261129-OYT1T50001/", ShapeArticle},
		{"/articles/ASV1234567.html", ShapeArticle},
		{"/tech/", ShapeSection},
		{"/?page=2", ShapeOther},
	}
	for _, c := range cases {
		if got := PathShape(c.path); got.Shape != c.want {
			t.Errorf("PathShape(%q) = %v, want %v", c.path, got, c.want)
		}
	}
}
