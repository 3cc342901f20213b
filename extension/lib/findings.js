// findings.js: a full check's findings (check.Result findings, PROTOCOL.md
// check) in the user's language, from each finding's code and args, one
// entry per code of nativehost/internal/check (check.Codes;
// tests/check_codes_test.go holds the two together). In English the
// messages say what the host's sentence says, word for word
// (TestCheckFindingsEnglish). A code or an args shape this table does not
// know is shown as the host's English text, so that a newer host never
// shows a broken sentence. The values are evidence (URLs, page text, the
// parser's own message) and stay as the host wrote them; the caller shows
// the result as text, never markup.

import { t, tn, has } from "./i18n.js";

/** clip is Go's clip: at most n characters, then "…". */
function clip(s, n) {
  const r = [...String(s)];
  return r.length <= n ? String(s) : r.slice(0, n).join("") + "…";
}

/** quote writes s as Go's %q does for printable text. */
function quote(s) {
  return JSON.stringify(String(s));
}

/** plain is a number the host writes with %d (lines, items, most counts): no grouping. */
const plain = (v) => String(v);

/** size is Go's bytesText: "84 KB", "50 MB", "1,234 bytes". */
function size(n) {
  if (n >= 10 << 20) return t("finding_size_mb", { size: Math.floor(n / (1 << 20)) });
  if (n >= 10 << 10) return t("finding_size_kb", { size: Math.floor(n / (1 << 10)) });
  return tn("finding_size_bytes", n);
}

/** STATUS are HTTP's reason phrases (RFC 9110), as Go's http.StatusText. */
const STATUS = {
  201: "Created", 202: "Accepted", 203: "Non-Authoritative Information", 204: "No Content", 205: "Reset Content", 206: "Partial Content",
  300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified", 305: "Use Proxy", 307: "Temporary Redirect", 308: "Permanent Redirect",
  400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 406: "Not Acceptable",
  407: "Proxy Authentication Required", 408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required", 412: "Precondition Failed",
  413: "Request Entity Too Large", 414: "Request URI Too Long", 415: "Unsupported Media Type", 416: "Requested Range Not Satisfiable", 417: "Expectation Failed",
  418: "I'm a teapot", 421: "Misdirected Request", 422: "Unprocessable Entity", 423: "Locked", 424: "Failed Dependency", 425: "Too Early", 426: "Upgrade Required",
  428: "Precondition Required", 429: "Too Many Requests", 431: "Request Header Fields Too Large", 451: "Unavailable For Legal Reasons",
  500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout", 505: "HTTP Version Not Supported",
  506: "Variant Also Negotiates", 507: "Insufficient Storage", 508: "Loop Detected", 510: "Not Extended", 511: "Network Authentication Required",
};

/** status is "404 Not Found", or null for a status without a phrase. */
function status(code) {
  return STATUS[code] ? `${code} ${STATUS[code]}` : null;
}

/** FETCH_WHY are the fetcher's status words a fetch finding explains. */
const FETCH_WHY = new Set(["robots-disallow", "budget", "timeout", "dns", "tls", "network", "bad-encoding", "refused-address", "redirect-loop", "too-many-redirects", "bad-redirect", "canceled"]);

/** DATE_FORM is the form each item date element wants (check's dateExample). */
const DATE_FORM = { pubDate: "rfc822", "dc:date": "w3c", published: "rfc3339", updated: "rfc3339", date_published: "rfc3339", date_modified: "rfc3339" };

/** ITEM is a feed format's item element, for date-missing. */
const ITEM = { rss: "<item>", atom: "<entry>", json: "item" };

/** ROOT says what a root element that is not a sitemap's is. */
const ROOT = { html: "finding_not_sitemap_html", opml: "finding_not_sitemap_opml" };

/**
 * FINDINGS maps a finding code to the message that says it and the values
 * it fills in: [key, subs] for t, [key, subs, count] for tn, or null for
 * an args shape it does not know. a is the finding's args, f the finding,
 * r the check result (its kind, format and requests).
 * @type {Record<string, (a: Record<string, any>, f: Record<string, any>, r: Record<string, any>) => [string, Record<string, any>, number?] | null>}
 */
export const FINDINGS = {
  fetch: (a, f, r) => {
    if (!FETCH_WHY.has(a.word)) return null;
    const why = t(`finding_fetch_why_${a.word.replaceAll("-", "_")}`);
    const row = Array.isArray(r.requests) ? r.requests[(f.source?.request || 0) - 1] : null;
    return row?.note ? ["finding_fetch_note", { why, word: a.word, note: row.note }] : ["finding_fetch", { why, word: a.word }];
  },
  "http-status": (a) => (status(a.status) ? ["finding_http_status", { status: status(a.status) }] : null),
  "too-large": (a) => {
    if (typeof a.max_bytes !== "number") return null;
    return a.max_bytes >= 50 << 20 ? ["finding_too_large", {}] : ["finding_too_large_browser", { size: size(a.max_bytes) }];
  },
  redirect: (a) => ["finding_redirect", { url: a.url, final: a.final }],
  empty: () => ["finding_empty", {}],
  bom: (a, f) => [f.level === "error" ? "finding_bom_before" : "finding_bom_inside", { line: plain(a.line), offset: a.offset }],
  "junk-before-xml": (a) => {
    if (a.where === "before" || a.where === "after") return [`finding_junk_text_${a.where}`, { line: plain(a.line), text: quote(a.before) }];
    if (a.where !== undefined || typeof a.before !== "string") return null;
    return a.before === "white space" ? ["finding_junk_decl_space", { line: plain(a.line) }] : ["finding_junk_decl", { line: plain(a.line), before: a.before }];
  },
  doctype: (a) => ["finding_doctype", { line: plain(a.line), directive: a.directive }],
  "xml-syntax": (a) =>
    a.error === "second root" && a.element !== undefined
      ? ["finding_xml_second_root", { line: plain(a.line), element: a.element }]
      : ["finding_xml_syntax", { line: plain(a.line), error: a.error }],
  truncated: (a) => ["finding_truncated", { line: plain(a.line), element: a.element, opened: plain(a.opened) }],
  "not-xml": (a) => {
    if (a.line === undefined) return ["finding_not_xml_empty", {}];
    return ["finding_not_xml_html", { line: plain(a.line), directive: a.directive }];
  },
  "not-sitemap": (a) => [ROOT[String(a.root).toLowerCase()] || "finding_not_sitemap_xml", { line: plain(a.line), root: a.root }],
  "sitemap-namespace": (a) => {
    if (a.root !== undefined) {
      return a.namespace ? ["finding_namespace_elsewhere", { line: plain(a.line), root: a.root, namespace: a.namespace }] : ["finding_namespace_none", { line: plain(a.line), root: a.root }];
    }
    if (typeof a.namespace !== "string") return null;
    return a.namespace.includes(":") ? ["finding_namespace_news", { line: plain(a.line), namespace: a.namespace }] : ["finding_namespace_news_prefix", { line: plain(a.line) }];
  },
  encoding: (a) => ["finding_encoding", { encoding: a.encoding }],
  "no-loc": (a) =>
    a.count !== undefined ? ["finding_no_loc_several", { line: plain(a.line), entry: a.entry, count: plain(a.count) }] : ["finding_no_loc", { line: plain(a.line), entry: a.entry }],
  "loc-url": (a, f, r) => [r.kind === "text-sitemap" ? "finding_loc_url_text" : "finding_loc_url", { line: plain(a.line), url: quote(clip(a.url, 80)) }],
  "loc-long": (a) => ["finding_loc_long", { line: plain(a.line), max: 2048 }, a.length],
  lastmod: (a) => ["finding_lastmod", { line: plain(a.line), value: quote(clip(a.value, 40)) }],
  "sitemap-index": (a) => (a.first ? ["finding_sitemap_index_first", { first: a.first }, a.sitemaps] : ["finding_sitemap_index", {}, a.sitemaps]),
  "text-sitemap": (a) => ["finding_text_sitemap", {}, a.urls],
  "not-news": (a) => ["finding_not_news", {}, a.urls],
  host: (a) => ["finding_host", { line: plain(a.line), url: a.url, host: a.host, sitemap_host: a.sitemap_host }],
  scheme: (a) => ["finding_scheme", { line: plain(a.line), url: a.url, scheme: a.scheme, sitemap_scheme: a.sitemap_scheme }],
  "duplicate-loc": (a) => ["finding_duplicate_loc", { line: plain(a.line), url: a.url, first_line: plain(a.first_line) }],
  "news-publication": (a) => {
    if (a.count !== undefined) return ["finding_news_blocks", { line: plain(a.line), count: plain(a.count) }];
    if (!["publication", "name", "language"].includes(a.missing)) return null;
    return [`finding_news_no_${a.missing}`, { line: plain(a.line) }];
  },
  "news-language": (a) => ["finding_news_language", { line: plain(a.line), language: quote(clip(a.language, 40)) }],
  "news-name": (a) => ["finding_news_name", { line: plain(a.line), name: quote(clip(a.name, 60)), first: quote(clip(a.first, 60)), first_line: plain(a.first_line) }],
  "news-title": (a) => ["finding_news_title", { line: plain(a.line) }],
  "news-date": (a) => (a.date === "" ? ["finding_news_date_missing", { line: plain(a.line) }] : ["finding_news_date", { line: plain(a.line), date: quote(clip(a.date, 40)) }]),
  "news-old": (a) =>
    a.line
      ? ["finding_news_old_oldest", { old: plain(a.old), total: plain(a.total), line: plain(a.line), date: a.date, hours: plain(a.hours) }]
      : ["health_news_old", { old: a.old, total: a.total }],
  "news-future": (a) => ["finding_news_future", { line: plain(a.line), date: a.date }, a.hours],
  "news-limit": (a) =>
    a.line ? ["finding_news_limit_line", { count: a.count, max: a.max, over: a.max + 1, line: a.line }] : ["health_news_limit", { count: a.count, max: a.max }],
  "url-limit": (a) => [a.max !== undefined ? "finding_url_limit" : "finding_url_limit_text", { urls: a.urls, max: a.max ?? 50000 }],
  "content-type": (a) => {
    const key = `${a.of === "feed" && a.form === "xml" ? "finding" : "health"}_content_type_${a.of}_${a.form}`;
    if (a.of === "sitemap") return [key, a.form === "missing" ? {} : { content_type: a.content_type }];
    return [key, a.form === "missing" ? { want: a.want } : { content_type: a.content_type, want: a.want }];
  },
  "not-feed": (a) => ["finding_not_feed", { version: quote(clip(a.version, 60)) }],
  "feed-broken": (a) => {
    if (a.line === undefined) return ["finding_feed_broken", { error: a.error }];
    return a.line > 0 ? ["finding_json_broken_line", { line: plain(a.line), error: a.error }] : ["finding_json_broken", { error: a.error }];
  },
  "no-validators": () => ["health_no_validators", {}],
  "no-304": (a) =>
    a.status !== undefined && typeof a.bytes === "number" ? ["finding_no_304", { sent: a.sent, status: plain(a.status), size: size(a.bytes) }] : null,
  "no-gzip": (a) => ["health_no_gzip", { size: a.size }],
  "self-missing": (a) => ["health_self_missing", { element: a.element, url: a.url }],
  "self-mismatch": (a) => ["health_self_mismatch", { element: a.element, self: a.self, url: a.url }],
  "no-hub": () => ["finding_no_hub", {}],
  hub: (a) => (typeof a.hub === "string" ? ["health_hub", { hub: a.hub }] : null),
  "id-missing": (a) => ["finding_id_missing", { missing: plain(a.missing), items: plain(a.items), element: a.element }],
  "id-duplicate": (a, f, r) =>
    r.format === "json"
      ? ["finding_id_duplicate_item", { item: plain(a.item), element: a.element, id: clip(a.id, 100), first: plain(a.first) }]
      : ["finding_id_duplicate", { line: plain(a.line), element: a.element, id: clip(a.id, 100), first: plain(a.first) }],
  "date-unparseable": (a, f, r) => {
    const form = DATE_FORM[a.element];
    if (!form) return null;
    const example = t(`finding_date_form_${form}`);
    return r.format === "json"
      ? ["finding_date_unparseable_item", { item: plain(a.item), element: quote(a.element), date: quote(clip(a.date, 60)), example }]
      : ["finding_date_unparseable", { line: plain(a.line), element: a.element, date: quote(clip(a.date, 60)), example }];
  },
  "date-missing": (a, f, r) => {
    if (a.missing === undefined) return ["health_date_missing_all", { items: a.items }];
    return ITEM[r.format] ? ["finding_date_missing_some", { missing: plain(a.missing), items: plain(a.items), element: ITEM[r.format] }] : null;
  },
  stale: (a) => ["health_stale", { days: a.days, items: a.items, newest: a.newest }],
  "item-future": (a, f, r) =>
    r.format === "json"
      ? ["finding_item_future_item", { item: plain(a.item), element: quote(a.element), date: clip(a.date, 60) }, a.hours]
      : ["finding_item_future", { line: plain(a.line), element: a.element, date: clip(a.date, 60) }, a.hours],
  more: (a) => ["finding_more", { code: a.code, first: 10 }, a.more],
  "no-items": () => ["health_no_items", {}],
};

/**
 * findingMessage is the message that says f and the values it fills in:
 * [key, subs] for t, [key, subs, count] for tn (key without its plural
 * ending), or null when FINDINGS does not know f's code or args.
 * @param {{code?: string, args?: Record<string, any>, level?: string, source?: {request?: number}}} f
 * @param {{kind?: string, format?: string, requests?: any[]}} [result] the check result f belongs to
 */
export function findingMessage(f, result = {}) {
  const args = f?.args && typeof f.args === "object" ? f.args : {};
  const entry = Object.hasOwn(FINDINGS, String(f?.code)) ? FINDINGS[f.code] : null;
  let found = null;
  try {
    found = entry ? entry(args, f, result || {}) : null;
  } catch {
    return null; // args of a shape the entry cannot read
  }
  if (!found || Object.values(found[1]).some((v) => v === undefined || v === null)) return null;
  if (found.length > 2 && typeof found[2] !== "number") return null;
  return found;
}

/**
 * findingText is a full check's finding in the user's language, or the
 * host's English sentence for a code or args this popup does not know.
 * @param {{code?: string, args?: Record<string, any>, text?: string, level?: string}} f
 * @param {{kind?: string, format?: string, requests?: any[]}} [result] the check result f belongs to
 * @returns {string}
 */
export function findingText(f, result = {}) {
  const fallback = String(f?.text || "");
  const found = findingMessage(f, result);
  if (!found) return fallback;
  const [key, subs, count] = found;
  if (found.length > 2) return has(`${key}_other`) ? tn(key, count, subs) : fallback;
  return has(key) ? t(key, subs) : fallback;
}
