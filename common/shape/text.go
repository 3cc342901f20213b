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
		site map|rss feeds|rss-feeds|
		our mission|mission|what we do|who we are|our work|our team|projects|our projects|portfolio|
		clients|references|testimonials|sponsors|our sponsors|partners|our partners|
		governance|leadership|trustees|investors|investor relations|locations|downloads|
		consulting|pricing|membership|become a member|
		leistungen|unsere leistungen|dienstleistungen|projekte|referenzen|partner|unsere partner|
		profil|unternehmensprofil|firmenprofil|historie|vorstand|satzung|mitgliedschaft|
		mitgliedschaften|mitglied werden|geschäftsstelle|gremien|kuratorium|beirat|standorte|
		partenaires|nos partenaires|projets|gouvernance|équipe|notre équipe|nous rejoindre|
		socios|patrocinadores|proyectos|equipo|nuestro equipo|progetti|projecten|diensten|
		site index|a-z|glossar|glossary|lexikon|quiz|wallpapers|
		got a tip|got a tip?|immobilien|stellen|kfz-markt|blitzer|gewinnspiele|wettbewerbe|
		tv schedule|channel lineup|program guide|links`, "|") {
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

func init() {
	// Issue 17, second round: the same categories (contact, about,
	// masthead, legal, privacy, advertising, subscription, careers, help,
	// site map, account, classifieds, notices) in the languages of the
	// news sites feedscout meets, written from what such links are called.
	// Words that open or close a label:
	for _, w := range strings.Fields(`
		redakce redakcia redakcja redaksi redaktion redazione redacción
		redação redactie redaktionen redaksjonen toimitus szerkesztőség
		redacția редакция редакція künye tiráž impresszum colofon
		expediente gerenza
		kontak kapcsolat yhteystiedot iletişim контакты контакти
		inzerce inzercia reklama reklam hirdetés publicitate adverteren
		annonsera annonsere mainosta iklan реклама quảng cáo
		předplatné predplatné prenumerata előfizetés abonare abonneren
		prenumerera tilaa berlangganan подписка підписка abonelik
		kariéra kariera karriär karrier kariyer cariere karir karier
		vacatures вакансии вакансії recrutement
		gizlilik adatvédelem tietosuoja privacybeleid privacyverklaring
		integritetspolicy personvern privatlivspolitik cookiebeleid
		evästeet regulamin voorwaarden villkor vilkår käyttöehdot ászf
		nápověda súgó pomoc bantuan
		newsletters nieuwsbrief nyhetsbrev uutiskirje boletín
		přihlášení prihlásenie logowanie bejelentkezés inloggen kirjaudu
	`) {
		serviceTextWords[w] = true
	}
	// Whole labels: phrases, scripts written without spaces, and words
	// that also open a department's name.
	for _, p := range strings.Split(`o nás|o nas|o projektu|kodex|pravidla diskuse|obchodní podmínky|ochrana osobních údajů|
		zásady ochrany osobních údajů|volná místa|mapa stránek|vyhledávání|registrace|ochrana osobných údajov|
		obchodné podmienky|polityka prywatności|polityka cookies|mapa strony|zaloguj się|rejestracja|ogłoszenia|
		nekrologi|rólunk|adatvédelmi tájékoztató|médiaajánlat|regisztráció|despre noi|termeni și condiții|
		politica de confidențialitate|confidențialitate|caseta redacțională|о нас|о проекте|о компании|
		политика конфиденциальности|правила|пользовательское соглашение|карта сайта|помощь|вход|регистрация|
		обратная связь|рассылка|про нас|політика конфіденційності|вхід|hakkımızda|gizlilik politikası|
		çerez politikası|kvkk|kullanım koşulları|giriş|üye ol|yardım|site haritası|kontak kami|hubungi kami|
		tentang kami|pedoman media siber|kebijakan privasi|syarat dan ketentuan|info iklan|pasang iklan|
		kode etik|masuk|liên hệ|giới thiệu|liên hệ quảng cáo|điều khoản|điều khoản sử dụng|chính sách bảo mật|
		tuyển dụng|tòa soạn|đặt báo|đăng nhập|đăng ký|algemene voorwaarden|klantenservice|werken bij|
		registreren|tip de redactie|kontakta oss|prenumeration|kundservice|personuppgifter|lediga jobb|logga in|
		tipsa oss|kontakt oss|kontakt os|om os|annoncer|abonnement|kundeservice|kundesenter|personvernerklæring|
		cookiepolitik|ledige stillinger|logg inn|log ind|tips oss|ota yhteyttä|tietoa meistä|tietosuojaseloste|
		ilmoita|asiakaspalvelu|rekrytointi|avoimet työpaikat|επικοινωνία|ποιοι είμαστε|όροι χρήσης|
		πολιτική απορρήτου|διαφήμιση|ταυτότητα|
		お問い合わせ|問い合わせ|お問合せ|会社概要|会社案内|運営会社|プライバシーポリシー|個人情報保護方針|
		個人情報の取り扱い|個人情報の取り扱いについて|利用規約|広告掲載|広告掲載について|広告について|採用情報|
		サイトマップ|ヘルプ|よくある質問|ログイン|会員登録|新規登録|メールマガジン|メルマガ|ニュースレター|
		著作権|著作権について|免責事項|サイトポリシー|ご意見|ご意見・ご要望|購読|購読申し込み|
		特定商取引法に基づく表記|
		联系我们|聯絡我們|联系方式|关于我们|關於我們|隐私政策|隱私政策|隐私权政策|广告服务|廣告服務|广告合作|
		招聘|招聘信息|人才招聘|网站地图|網站地圖|版权声明|版權聲明|免责声明|免責聲明|意见反馈|意見反饋|
		用户协议|服务条款|使用条款|帮助|帮助中心|登录|登入|注册|註冊|订阅|訂閱|投稿|网站简介|本站简介|
		회사소개|개인정보처리방침|개인정보취급방침|이용약관|광고문의|광고안내|고객센터|제휴문의|기사제보|
		청소년보호정책|저작권정책|구독신청|로그인|회원가입|사이트맵|채용|인재채용|
		اتصل بنا|من نحن|سياسة الخصوصية|الشروط والأحكام|شروط الاستخدام|أعلن معنا|الإعلان|وظائف|
		تماس با ما|درباره ما|حریم خصوصی|تبلیغات|צור קשר|אודות|מדיניות פרטיות|תנאי שימוש|פרסום|
		संपर्क करें|हमारे बारे में|गोपनीयता नीति|विज्ञापन|
		política de privacidad|política de cookies|términos y condiciones|términos de uso|anúnciate|
		trabaja con nosotros|mapa del sitio|preguntas frecuentes|iniciar sesión|registrarse|clasificados|esquelas|
		directorio|defensor del lector|código ético|contato|quem somos|política de privacidade|termos de uso|
		anuncie|publicidade|trabalhe conosco|mapa do site|perguntas frequentes|entrar|cadastre-se|classificados|
		informativa privacy|cookie policy|mappa del sito|accedi|registrati|necrologie|codice etico|
		contactez-nous|politique de confidentialité|données personnelles|gestion des cookies|annonceurs|
		recrutement|offres d'emploi|plan du site|charte|se connecter|avis de décès|nécrologie|
		anzeige aufgeben|todesanzeigen|trauer|familienanzeigen|gewinnspiele|leserreisen|cookie-einstellungen|
		privatsphäre|transparenz|redaktionsgrundsätze|netiquette|leserbriefe|leserbrief schreiben|
		hinweisgebersystem|kündigen|vertrag kündigen|abo kündigen|
		our team|meet the team|team|editorial standards|ethics policy|corrections|code of conduct|
		community guidelines|comment policy|house rules|do not sell my personal information|
		do not sell or share my personal information|your privacy choices|ad choices|adchoices|
		cookie settings|manage cookies|cookie preferences|terms of sale|subscriber agreement|reprints|
		reprints & permissions|permissions|licensing|syndication|download the app|back issues|
		gift subscriptions|give a gift|manage subscription|customer service|help center|send us a tip|
		submit a tip|send a news tip|advertise with us|work with us|internships|death notices|place an ad|
		events calendar|event calendar|calendar|puzzles|comics|traffic|lottery|lotto|scores|standings|
		tv listings|staff|newsletter sign up|sign up for newsletters|account|profile|settings|preferences`, "|") {
		serviceTexts[strings.TrimSpace(p)] = true
	}
}
