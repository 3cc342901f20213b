package shape

import "strings"

// Anchor texts of service pages. A page's chrome names its imprint, contact,
// newsletter and shop links in words, whatever their URLs look like
// (/index-c.php?ID=235845 is an imprint, /civis/ a forum): where the URL
// alone cannot tell, the link's text can. InPage reads it (rule
// "service-text"); sitemaps carry no text and keep InContext's verdicts.

// serviceTextWords mark a service link when they open or close a text of
// at most serviceTextMax words ("Contact us", "About TMZ.com", "Privacy
// Policy", "Group Subscription Terms"): legal, contact, subscription,
// account, advertising, career and feed pages in the corpora's languages.
var serviceTextWords = map[string]bool{}

// serviceTexts mark a service link only as the whole text: words that also
// open a department's name ("Shop" but not "Shopping news", "Help" but not
// "Self-help"), and phrases.
var serviceTexts = map[string]bool{}

// serviceTextMax is the most words a text may have for its first or last
// word to name a service: "Subscribe to our other newsletters" is a
// sentence, not a link label.
const serviceTextMax = 4

func init() {
	for _, w := range strings.Fields(`
		contact contacts contactez contacto contato contatti contatto kontakt
		kontakte kontaktformular kontakty impressum imprint masthead colophon
		privacy datenschutz datenschutzerklärung datenschutzhinweise
		confidentialité privacidad privacidade riservatezza prywatności
		cookies cookie terms agb nutzungsbedingungen cgu cgv disclaimer
		copyright accessibility barrierefreiheit
		newsletter newsletters subscribe subscription subscriptions
		abo abos abonnement abonnements abonnieren abonnez-vous s'abonner
		suscríbete suscripción assine assinatura abbonati abbonamenti
		e-paper epaper e-edition
		login log-in logout signin sign-in signup sign-up register
		registrieren anmelden abmelden connexion inscription
		advertise advertising werben werbung mediadaten anzeigenpreise
		publicité publicidad pubblicità
		careers karriere faq faqs sitemap rss feeds
		donate spenden about edition`) {
		serviceTextWords[w] = true
	}
	for _, p := range strings.Split(`shop|store|online-shop|onlineshop|boutique|tienda|negozio|loja|
		jobs|stellenmarkt|stellenangebote|emplois|empleo|lavora con noi|
		help|hilfe|aide|ayuda|aiuto|ajuda|support|kundenservice|leserservice|
		forum|forums|foren|foro|fórum|
		weather|wetter|météo|tiempo|meteo|
		tickets|ticketshop|apps|get the app|mobile app|app|
		about|about us|über uns|ueber uns|wir über uns|qui sommes-nous|quiénes somos|chi siamo|sobre nós|over ons|om oss|o nas|o nás|
		contact us|kontaktieren sie uns|nous contacter|contáctenos|contattaci|fale conosco|
		my account|mein konto|mon compte|mi cuenta|log in|sign in|sign up|log out|
		media kit|press|presse|
		horoscope|horoscopes|horoskop|horoskope|horoscope du jour|horóscopo|oroscopo|
		crossword|crosswords|sudoku|rätsel|kreuzworträtsel|mots croisés|
		kleinanzeigen|classifieds|petites annonces|traueranzeigen|
		mentions légales|aviso legal|avisos legales|note legali|aviso de privacidade|
		site map|rss feeds|rss-feeds`, "|") {
		serviceTexts[strings.TrimSpace(p)] = true
	}
}

// ServiceText reports whether an anchor's text names a service page
// (imprint, contact, newsletter, shop, forum, account, legal, jobs, apps,
// games): the link is other whatever its URL's shape. Case, surrounding
// punctuation and arrows are ignored.
func ServiceText(text string) bool {
	words := strings.FieldsFunc(strings.ToLower(text), textSep)
	if len(words) == 0 {
		return false
	}
	if serviceTexts[strings.Join(words, " ")] {
		return true
	}
	if len(words) > serviceTextMax {
		return false
	}
	return serviceTextWords[words[0]] || serviceTextWords[words[len(words)-1]]
}

// textSep: the spaces and decoration around a label's words (» Kontakt,
// Impressum |, About TMZ.com, → Newsletter). Hyphens, apostrophes and & stay
// inside words (e-paper, s'abonner). ASCII and a few typographic marks only,
// so that the module carries no Unicode tables for it.
func textSep(r rune) bool {
	switch {
	case r == '-' || r == '\'' || r == '&':
		return false
	case r < 0x80:
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r >= 'A' && r <= 'Z')
	}
	switch r {
	case 0xa0, '«', '»', '‹', '›', '→', '←', '↗', '·', '•', '|', '–', '—', '…', '“', '”', '„', '‚', '‘', '’', '▸', '►', '❯', '\u2009', '\u202f', '\u3000':
		return true
	}
	return false
}
