package shape

import "strings"

// Word lists of the shape rules. Each word has one or more roles (flags);
// lookups are by the lower-cased segment or token. docs/url-shapes.md gives
// the rationale of every list; keep the two in step.

const (
	// roleBlocked: a whole path segment naming a utility page (account,
	// search, legal, feeds, admin, shop): the path is never an article or a
	// section. docs/url-shapes.md ("The block list, and why") lists it and
	// how it differs from the source article's (seedBlocked).
	roleBlocked uint16 = 1 << iota
	// roleUtilityToken: a word that, inside a short last segment
	// (privacy-policy, contact-the-verge), marks a legal or service page.
	roleUtilityToken
	// roleListing: a parent naming a listing (tag, category, rubric, topic):
	// what follows it is a section unless it carries a strong article sign.
	roleListing
	// roleArticleDir: a parent naming a single item (article, story, doc):
	// what follows it is an article.
	roleArticleDir
	// roleAuthor: a parent naming a person (author, profile, by): the page
	// is a profile, other.
	roleAuthor
	// rolePage: a pagination word (page, seite, strona): with a number
	// after it the path is a further page of a listing.
	rolePage
	// roleHome: a depth-1 segment that is the site's front page under another
	// name (aktuell, startseite, home).
	roleHome
	// roleLang: a language or edition code (en, es, pt-br); at depth 1 an
	// edition root, deeper a prefix to look past.
	roleLang
	// roleArchive: a last segment after a date that lists a day (all).
	roleArchive
	// roleConj: a conjunction: "x-and-y" slugs name departments, not stories.
	roleConj
	// rolePrefix: a leading segment that wraps another page (amp).
	rolePrefix
	// roleShopDir: a parent naming a shop's item (product, produkt): what
	// follows it is a product page, other. Alone it may be a section
	// (ITmedia's /news/subtop/products/ is product news).
	roleShopDir
)

var shapeWords = map[string]uint16{}

// addWords gives role to every word of list, separated by white space.
// One string per list, not a string per word, keeps classify.wasm small.
func addWords(role uint16, list string) {
	for _, w := range strings.Fields(list) {
		shapeWords[w] |= role
	}
}

func init() {
	// The block list: whole segments naming search, account, subscription,
	// legal, service, feed, admin and shop pages. Every site's chrome links
	// them; none is an article or a section.
	addWords(roleBlocked, `
		search suche recherche buscar busqueda busca cerca
		ricerca pesquisa poisk arama szukaj zoeken site-search
		login log-in logout signin sign-in signup sign-up
		register registration anmelden connexion auth sso
		oauth account accounts my-account myaccount mein-konto
		mon-compte mi-cuenta personal mypage my user users
		members subscribe subscription subscriptions suscripciones
		suscripcion abo abonnement abbonamenti assinatura
		newsletter newsletters membership plans offers
		about about-us aboutus impressum imprint contact
		contact-us kontakt contacto contatti help hilfe aide
		ayuda faq institucional
		privacy privacy-policy datenschutz datenschutzerklaerung
		terms terms-of-use terms-of-service tos legal cookies
		cookie-policy agb cgu cgv mentions-legales aviso-legal
		kvkk gdpr consent zustimmung privacy-gate
		advertise advertising ads werbung mediadaten careers
		jobs karriere sitemap weather crossword
		feed feeds rss atom
		cart checkout shop store
		wp-admin wp-login.php wp-login wp-json wp-content
		wp-includes xmlrpc.php xmlrpc admin administrator ghost cgi-bin cdn-cgi
		static assets upload uploads api edit
		share print quote quotes comments ranking
	`)
	// Issue 17: forums, shops and product pages, classifieds, tickets,
	// games and horoscopes, account settings, apps, feeds lists:
	// every site links them, none is a story or a listing of stories.
	addWords(roleBlocked, `
		forum forums foren foro foros threads showthread
		viewtopic product-category classifieds kleinanzeigen petites-annonces
		clasificados tickets ticketshop horoscope horoscopes
		horoskop horoskope horoscopo oroscopo puzzles sudoku
		contests gewinnspiele gewinnspiel concours sorteos
		epaper e-paper preferences settings einstellungen
		kundenkonto mediakit media-kit subscriber-services
		home-delivery site-map
		rss-feeds feedback copyright ueber-uns uber-uns
		wir-ueber-uns qui-sommes-nous quienes-somos chi-siamo
		sobre-nos sobre-nosotros over-ons om-oss o-nas
		disclaimer terms-and-conditions terms-conditions
		nutzungsbedingungen useragreement user-agreement ueber
		spenden donate donation donations support-us
	`)
	// The development set (dev.tsv): journal records (/doi/10.7326/...),
	// licence texts, advertisers' kits and sponsored content, print
	// and e-paper editions.
	addWords(roleBlocked, `
		doi license licenses licence licences licensing
		lizenz lizenzen saleskit sales-kit sponsored
		sponsored-content e-edition eedition digital-edition
		digitalprinteditions print-edition printedition
		wiki moin
	`)
	// Words that mark a legal or service page when they open or close a short
	// last segment (privacy-policy, datenschutz-spiegel, contact-the-verge).
	// Not whole-segment blocks: alone some are sections, and inside a long
	// story slug they are just words.
	addWords(roleUtilityToken, `
		privacy datenschutz datenschutzerklaerung impressum
		imprint cookie cookies terms conditions gdpr
		consent kvkk cgu cgv disclaimer confidentialite
		privacidad privacidade riservatezza prywatnosci gizlilik
		legales accessibility ethics newsletter newsletters
		login signin subscribe contact about advertise
		advertising
	`)
	// Issue 17: service pages named by a word or two, in the corpus's
	// languages (kontaktformular, flux-rss, redaktion-kontakt). Words
	// that open story slugs (app, jobs, weather, support, store) stay
	// whole-segment blocks instead.
	addWords(roleUtilityToken, `
		kontakt kontakte kontaktformular kontakty contactez
		contactus contatti iletisim hakkimizda masthead
		colophon redaktion redazione redaccion redactie agb
		nutzungsbedingungen useragreement faq faqs kundenservice
		abo abos abonnement abonnements abonnieren mediadaten
		rss feeds horoscope horoskop druck drucken
		druckversion imprimir imprimer stampa printable
	`)
	// The development set: policy pages (about-webmd-policies),
	// directories of people and businesses (celebrity-directory,
	// firmenverzeichnis), registration forms.
	addWords(roleUtilityToken, `
		policies directory verzeichnis annuaire directorio
		elenco registration registrations
	`)
	addWords(roleListing, `
		tag tags topic topics category categories cat
		cate kategori kategorie categoria label rubric
		rubrics rubrique rubrica section sections sezione
		seccion seccao sez sectie theme thema tema hub
		genre ressort subtop collectie argomento channel
		list articlelist taxonomy term specials spotlight
		serie series where s noticias
	`)
	addWords(roleArticleDir, `
		article articles artikel art story stories
		noticia doc detail details view entry post posts
		content articleshow articleview wirestory newsdetail
		liveblog live video videos gallery interactive
		feature features p a i node blog changelog
		image-article snippets pickup mnews
	`)
	addWords(roleAuthor, `
		author authors autor autoren auteur by profile
		profiles people yazarlar journalist journalists
	`)
	addWords(rolePage, `
		page pages seite pagina strona sayfa
		p pg parts
	`)
	addWords(roleHome, `
		aktuell home homepage startseite accueil
		portada inicio index default front frontpage edition
	`)
	addWords(roleLang, `
		ar bg bn br cs cz da de el en es et
		fa fi fr he hi hr hu id it ja jp
		ko kr lt lv ms nl no pl pt ro ru sk
		sl sr sv th tr uk ur us vi zh cn tw
		hk au ca mx nz intl
	`)
	addWords(roleArchive, `
		all archive archives
	`)
	addWords(roleConj, `
		and und et y e i och og ve
		& %26
	`)
	addWords(rolePrefix, `
		amp
	`)
	addWords(roleShopDir, `
		product products produkt produkte
		produit produits producto productos prodotto prodotti
		dp
	`)
}

// tagWords name a site's tags, as opposed to its curated listings
// (category, topic, rubric): many per site, linked from stories' tag lists
// and tag clouds. InContext reads a page's many links under one of them as a
// tag cloud.
var tagWords = map[string]bool{
	"tag": true, "tags": true, "schlagwort": true, "schlagworte": true,
	"stichwort": true, "stichworte": true, "etiqueta": true, "etiquetas": true,
	"etichetta": true, "mot-cle": true, "mots-cles": true, "trefwoord": true,
	"keyword": true, "keywords": true, "tagged": true,
}

// serviceRoots are depth-1 pages about the site's apps (/apps, /app/): other
// at the top of a site, sections only under a listing (/category/apps/).
var serviceRoots = map[string]bool{
	"app": true, "apps": true, "mobile-app": true, "mobile-apps": true,
	"app-download": true, "applications": true, "aplicaciones": true,
	"applicazioni": true, "aplicativos": true,
}
