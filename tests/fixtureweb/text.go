package fixtureweb

import (
	"hash/fnv"
	"math/rand/v2"
	"strings"
)

// textGen writes deterministic headlines and sentences in one language:
// the same seed always gives the same text, so pages, feeds and sitemaps
// are stable across runs and between requests.
type textGen struct {
	r    *rand.Rand
	lang string
}

func newText(seed, lang string) *textGen {
	return &textGen{r: newRand(seed), lang: lang}
}

func newRand(seed string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(seed))
	s := h.Sum64()
	return rand.New(rand.NewPCG(s, s^0x9e3779b97f4a7c15))
}

func (g *textGen) pick(list []string) string { return list[g.r.IntN(len(list))] }

// headline is a short news headline.
func (g *textGen) headline() string {
	switch g.lang {
	case "ja":
		return g.pick(jaSubjects) + "、" + g.pick(jaPredicates) + g.pick(jaTails)
	case "ru":
		return g.pick(ruSubjects) + " " + g.pick(ruVerbs) + " " + g.pick(ruObjects)
	case "de":
		return g.pick(deSubjects) + " " + g.pick(deVerbs) + " " + g.pick(deObjects)
	}
	h := g.pick(enSubjects) + " " + g.pick(enVerbs) + " " + g.pick(enObjects)
	if t := g.pick(enTails); t != "" {
		h += " " + t
	}
	return h
}

// sentence is one sentence of body text.
func (g *textGen) sentence() string {
	switch g.lang {
	case "ja":
		return g.pick(jaSubjects) + "は" + g.pick(jaPredicates) + "したと明らかにした。"
	case "ru":
		return g.pick(ruSubjects) + " " + g.pick(ruVerbs) + " " + g.pick(ruObjects) + ", сообщили источники."
	case "de":
		return g.pick(deSubjects) + " " + g.pick(deVerbs) + " " + g.pick(deObjects) + ", hieß es am Morgen."
	}
	s := g.pick(enSubjects) + " " + g.pick(enVerbs) + " " + g.pick(enObjects) + ", " + g.pick(enClauses) + "."
	return s
}

// paragraph is n sentences.
func (g *textGen) paragraph(n int) string {
	sep := " "
	if g.lang == "ja" {
		sep = ""
	}
	parts := make([]string, n)
	for i := range parts {
		parts[i] = g.sentence()
	}
	return strings.Join(parts, sep)
}

// person is a byline name.
func (g *textGen) person() string {
	switch g.lang {
	case "ja":
		return g.pick(jaFamily) + g.pick(jaGiven)
	case "ru":
		return g.pick(ruNames)
	case "de":
		return g.pick(deNames)
	}
	return g.pick(enFirst) + " " + g.pick(enLast)
}

// slug turns an English headline into a URL slug of at most six words
// (always at least four, so at least three hyphens).
func slug(title string) string {
	var words []string
	for _, w := range strings.FieldsFunc(strings.ToLower(title), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) {
		words = append(words, w)
	}
	if len(words) > 6 {
		words = words[:6]
	}
	for len(words) < 4 {
		words = append(words, "update")
	}
	return strings.Join(words, "-")
}

var (
	enSubjects = []string{"Chipmakers", "City council", "Regulators", "Startups", "Farmers", "The central bank",
		"Researchers", "Airline unions", "Streaming services", "Battery makers", "Lawmakers", "Hospital networks",
		"Port operators", "Game studios", "Insurers", "Wind farm developers", "Teachers", "The space agency",
		"Carmakers", "Coffee growers", "Rail operators", "Open source maintainers", "Retailers", "Cloud providers"}
	enVerbs = []string{"race to secure", "push back on", "quietly rethink", "bet big on", "brace for",
		"scramble to fix", "face questions over", "double down on", "walk away from", "take a closer look at",
		"split over", "rush to adopt"}
	enObjects = []string{"power for new plants", "a new round of tariffs", "four-day weeks", "cheaper satellites",
		"open models", "winter flood defenses", "rising rents", "the next console cycle", "hydrogen buses",
		"data center water use", "repair rules", "late-night trains", "solar storage", "lab-grown coffee",
		"cross-border payments", "an aging fleet"}
	enTails   = []string{"", "", "after record quarter", "as deadline nears", "in surprise move", "amid staff shortages", "before year-end vote"}
	enClauses = []string{"officials said on Tuesday", "according to people familiar with the plans",
		"a move analysts had long expected", "though critics remain unconvinced", "the company said in a statement",
		"in a filing seen by reporters"}
	enFirst = []string{"Alex", "Priya", "Jordan", "Mei", "Samuel", "Ines", "Tom", "Ayesha", "Lena", "Marcus"}
	enLast  = []string{"Okafor", "Lindqvist", "Tanaka", "Reyes", "Novak", "Hughes", "Brennan", "Castillo", "Ito", "Walsh"}

	jaSubjects   = []string{"日銀", "政府", "トヨタ", "東京都", "半導体各社", "国交省", "大手銀行", "地方自治体", "電力各社", "スタートアップ", "厚労省", "経団連"}
	jaPredicates = []string{"利上げを検討", "新たな支援策を発表", "工場の新設を計画", "人手不足に対応", "賃上げを表明", "脱炭素へ投資拡大", "デジタル化を加速", "海外展開を強化", "価格改定を発表"}
	jaTails      = []string{"", "　来年度から", "　年内にも", "　過去最高に", "　3年ぶり"}
	jaFamily     = []string{"佐藤", "鈴木", "高橋", "田中", "渡辺", "伊藤"}
	jaGiven      = []string{"健太", "美咲", "大輔", "由美", "翔", "陽子"}

	ruSubjects = []string{"Правительство", "Центробанк", "Мэрия Москвы", "Депутаты", "Учёные", "Авиакомпании", "Фермеры", "Энергетики", "Металлурги"}
	ruVerbs    = []string{"обсуждают", "предложили", "отложили", "утвердили", "раскритиковали"}
	ruObjects  = []string{"новый бюджет", "снижение ставки", "реформу ЖКХ", "запуск спутника", "поддержку экспортёров", "цифровой рубль"}
	ruNames    = []string{"Анна Смирнова", "Игорь Петров", "Ольга Иванова", "Дмитрий Соколов"}

	deSubjects = []string{"Die Bundesregierung", "Der Stadtrat", "Forscher", "Die Bahn", "Landwirte", "Autobauer", "Die Kantone", "Pflegekräfte"}
	deVerbs    = []string{"plant", "streitet über", "setzt auf", "verschiebt", "prüft"}
	deObjects  = []string{"neue Förderprogramme", "längere Ladenöffnung", "Wasserstoffzüge", "die Schuldenbremse", "mehr Radwege", "günstigere Tickets"}
	deNames    = []string{"Jana Keller", "Lukas Brunner", "Sophie Meier", "Felix Huber"}
)
