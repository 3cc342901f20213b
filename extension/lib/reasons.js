// reasons.js: the host's reason in the user's language. A report carries
// reason_code and reason_args (docs/reasons.md lists every code, its
// arguments and its English sentence; report/reasons.go renders the
// English); this says the same sentence through _locales, one message per
// code. A code this file does not know (the list is append-only, a newer
// host may add one) shows the report's English reason.

import { t, tn, number } from "./i18n.js";

/**
 * reasonText says report's reason in the user's language, or its English
 * reason when its code is unknown here.
 * @param {{reason?: string, reason_code?: string, reason_args?: object}} report
 */
export function reasonText(report) {
  const s = report && typeof report.reason_code === "string" ? sentence(report.reason_code, args(report.reason_args)) : null;
  return s ?? String(report?.reason ?? "");
}

/**
 * sentence says one reason code with its arguments (the "then" argument,
 * why the discovery stopped early, is said after it), or null for a code
 * it does not know.
 * @param {string} code
 * @param {Record<string, any>} a
 * @returns {string|null}
 */
export function sentence(code, a) {
  const main = mainSentence(code, a);
  if (main === null) return null;
  const then = a.then && typeof a.then === "object" ? mainSentence(String(a.then.code ?? ""), args(a.then.args)) : null;
  return then ? t("sentence_join", { a: main, b: capital(then) }) : main;
}

function args(v) {
  return v && typeof v === "object" && !Array.isArray(v) ? v : {};
}

function str(a, k) {
  return typeof a[k] === "string" ? a[k] : "";
}

function int(a, k) {
  const n = Number(a[k]);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

function capital(s) {
  return s ? s[0].toLocaleUpperCase() + s.slice(1) : s;
}

// withHome adds the sentence on a homepage that could not be read, said
// after an outcome that is not none.
function withHome(s, a) {
  const p = a.home_problem;
  if (!p || typeof p !== "object") return s;
  return t("sentence_join", { a: s, b: homeSentence(p) });
}

function homeSentence(p) {
  switch (str(p, "problem")) {
    case "status":
      return t("home_status", { status: String(int(p, "status")) });
    case "unreadable":
      return t("home_unreadable");
    case "unfetched":
      return t("home_unfetched");
    default:
      return t("home_problem", { problem: problem(p) });
  }
}

function homeCause(p) {
  switch (str(p, "problem")) {
    case "status":
      return t("cause_home_status", { status: String(int(p, "status")) });
    case "unreadable":
      return t("cause_home_unreadable");
    case "unfetched":
      return t("cause_home_unfetched");
    default:
      return t("cause_home_problem", { problem: problem(p) });
  }
}

/**
 * problem says what went wrong with one fetched thing (a problem object
 * of docs/reasons.md), for inside a sentence.
 * @param {any} p {problem, status?, limit_mib?, hops?}
 */
export function problem(p) {
  p = args(p);
  const w = str(p, "problem");
  switch (w) {
    case "timeout":
      return t("problem_timeout");
    case "too-large":
      return t("problem_too_large", { limit: int(p, "limit_mib") });
    case "redirect-loop":
      return t("problem_redirect_loop");
    case "too-many-redirects":
      return t("problem_too_many_redirects", { hops: int(p, "hops") });
    case "bad-redirect":
      return t("problem_bad_redirect");
    case "refused-address":
      return t("problem_refused_address");
    case "robots-disallow":
      return t("problem_robots_disallow");
    case "bad-encoding":
      return t("problem_bad_encoding");
    case "dns":
      return t("problem_dns");
    case "tls":
      return t("problem_tls");
    case "status":
      return t("problem_status", { status: String(int(p, "status")) });
    case "truncated":
      return t("problem_truncated");
    case "sitemap-too-large":
      return t("problem_sitemap_too_large");
    case "doctype":
      return t("problem_doctype");
    case "not-sitemap":
      return t("problem_not_sitemap");
    case "unreadable":
      return t("problem_unreadable");
    case "unfetched":
    case "":
      return t("problem_unfetched");
    default:
      return t("problem_word", { word: w });
  }
}

/**
 * previewText says why a feed was not previewed in the user's language,
 * from its preview_code and preview_args (docs/reasons.md, A feed's
 * preview), or its English preview when the code is unknown here.
 * @param {{preview?: string, preview_code?: string, preview_args?: object}} feed
 */
export function previewText(feed) {
  const code = feed && typeof feed.preview_code === "string" ? feed.preview_code : "";
  const s = code ? previewPhrase(code, args(feed.preview_args)) : null;
  return s ?? String(feed?.preview ?? "");
}

// previewPhrase says one preview code with its arguments, or null for a
// code it does not know.
function previewPhrase(code, a) {
  switch (code) {
    case "listed":
    case "other":
    case "stopped":
    case "dtd":
    case "failed":
      return preview({ ...a, preview: code });
    case "broken-status":
      return t("unchecked_broken_status", { status: String(int(a, "status")) });
    case "broken-invalid":
      return t("unchecked_broken_invalid");
    case "not-feed":
      return t("unchecked_not_feed");
    default:
      return null;
  }
}

function where(a) {
  return str(a, "where") === "homepage" ? t("where_homepage") : t("where_pages");
}

function preview(a) {
  switch (str(a, "preview")) {
    case "listed":
      return t("unchecked_listed");
    case "other":
      return t("unchecked_not_main");
    case "stopped":
      return t("unchecked_stopped");
    case "dtd":
      return t("unchecked_dtd");
    default:
      return t("unchecked_failed", { problem: problem(a.feed_problem) });
  }
}

function noneCauses(a) {
  const why = [];
  switch (str(a, "home")) {
    case "failed":
      why.push(homeCause(args(a.home_problem)));
      break;
    case "broken-feeds":
      why.push(t("cause_broken_feeds"));
      break;
    default:
      why.push(t("cause_no_feed"));
  }
  if (a.guessed === true) why.push(t("cause_guessed"));
  switch (str(a, "sitemaps")) {
    case "failed":
      why.push(t("cause_sitemap_failed", { sitemap: str(a, "sitemap"), problem: problem(a.sitemap_problem) }));
      break;
    case "unusable":
      why.push(t("cause_sitemaps_unusable"));
      break;
    default:
      why.push(t("cause_sitemaps_unlisted"));
  }
  return why.reduce((acc, c) => t("cause_join", { a: acc, b: c }));
}

function mainSentence(code, a) {
  const host = str(a, "host");
  const path = str(a, "path");
  const status = String(int(a, "status"));
  switch (code) {
    case "feed-advertised":
      return withHome(t("reason_feed_advertised", { host, where: where(a), items: tn("items", int(a, "items")) }), a);
    case "feed-advertised-unchecked":
      return withHome(t("reason_feed_advertised_unchecked", { host, where: where(a), preview: preview(a) }), a);
    case "feed-anchor":
      return withHome(t("reason_feed_anchor", { host, items: tn("items", int(a, "items")) }), a);
    case "feed-guess":
      return withHome(t("reason_feed_guess", { host, path, items: tn("items", int(a, "items")) }), a);
    case "feed":
      return withHome(t("reason_feed", { host }), a);
    case "feed-derived":
      return withHome(t("reason_feed_derived", { host, items: tn("items", int(a, "items")), rule: str(a, "rule") }), a);
    case "news-sitemap":
      return withHome(t("reason_news_sitemap", { host, urls: tn("urls", int(a, "urls")) }), a);
    case "news-sitemap-departments":
      return withHome(t("reason_news_sitemap_departments", { host, departments: tn("departments", int(a, "departments")) }), a);
    case "article-sitemap":
      return withHome(t("reason_article_sitemap", { host, articles: tn("dated_articles", int(a, "urls")) }), a);
    case "sections":
      return withHome(t("reason_sections", { host, sections: tn("section_pages", int(a, "sections")) }), a);
    case "refused-robots-unreachable":
      return str(a, "word") ? t("reason_refused_robots_unreachable_word", { host, word: str(a, "word") }) : t("reason_refused_robots_unreachable", { host });
    case "refused-robots-status":
      return t("reason_refused_robots_status", { host, status });
    case "refused-robots-named":
      return t("reason_refused_robots_named", { host });
    case "refused-robots":
      return t("reason_refused_robots", { host });
    case "refused-home":
      return t("reason_refused_home", { host, status });
    case "refused-429":
      return t("reason_refused_429", { path });
    case "refused-first-guess":
      return t("reason_refused_first_guess", { status, path });
    case "refused-first-request":
      return t("reason_refused_first_request", { status, path });
    case "none":
      return t("reason_none", { host, causes: noneCauses(a) });
    case "stopped-budget":
      return t("reason_stopped_budget", { requests: tn("requests", int(a, "budget")) });
    case "stopped-deadline":
      return t("reason_stopped_deadline", { seconds: number(Number(a.seconds) || 0) });
    case "stopped-canceled":
      return t("reason_stopped_canceled");
    case "stopped-timeout":
      return t("reason_stopped_timeout", { path });
    case "section-status":
      return t("reason_section_status", { status });
    case "section-disallowed":
      return t("reason_section_disallowed");
    case "section-budget":
      return t("reason_section_budget", { requests: tn("requests", int(a, "budget")) });
    case "section-failed":
      return t("reason_section_failed", { problem: problem(a.page_problem) });
    case "section-unreadable":
      return t("reason_section_unreadable");
    default:
      return null;
  }
}
