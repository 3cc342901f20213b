// format.js: pure formatting helpers for the popup. No chrome.*, no DOM:
// every function takes plain values and returns a string (or null), so the
// browser tests can call them directly.

/**
 * safeHref returns url when it is an absolute http(s) URL, else null. Every
 * link the popup draws goes through it, so a javascript:, data: or file: URL
 * from a page or a feed never becomes clickable.
 * @param {unknown} url
 * @returns {string|null}
 */
export function safeHref(url) {
  if (typeof url !== "string" || url === "") return null;
  let u;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return null;
  return u.href;
}

/**
 * siteOf returns the origin of url with a trailing slash
 * ("https://www.nikkei.com/"), or null when url is not http(s).
 * @param {string} url
 * @returns {string|null}
 */
export function siteOf(url) {
  const href = safeHref(url);
  return href ? new URL(href).origin + "/" : null;
}

/**
 * plural formats a count with its noun: plural(1, "request") is
 * "1 request", plural(7, "request") is "7 requests".
 * @param {number} n
 * @param {string} one
 * @param {string} [many] the plural form when it is not one + "s"
 */
export function plural(n, one, many) {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many || one + "s"}`;
}

/**
 * seconds formats milliseconds as seconds with one decimal ("6.2 s"), or as
 * milliseconds below one second ("120 ms").
 * @param {number} ms
 */
export function duration(ms) {
  if (!Number.isFinite(ms) || ms < 0) return "";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

// stepLabels name the steps of the host's request log for people.
const stepLabels = { robots: "robots.txt", home: "homepage" };

/**
 * requestLine formats one row of the host's request log the way the popup
 * shows it while discovery runs: "robots.txt 200, 120 ms",
 * "/rss.xml 404, 35 ms", "https://other.example/feed 200, 80 ms".
 * @param {{step?: string, url?: string, status?: number|string, ms?: number}} req
 * @param {string} [site] the site being discovered; URLs on it are shortened to their path
 */
export function requestLine(req, site) {
  let label = stepLabels[req.step] || "";
  if (!label) {
    label = String(req.url || req.step || "request");
    try {
      const u = new URL(label);
      if (site && u.origin + "/" === site) label = u.pathname + u.search;
    } catch {
      // not a URL: shown as it is
    }
  }
  const status = req.status === undefined || req.status === "" ? "?" : String(req.status);
  const ms = Number(req.ms);
  return Number.isFinite(ms) ? `${label} ${status}, ${Math.round(ms)} ms` : `${label} ${status}`;
}

/**
 * costSummary sums up what a discovery cost: "7 requests, 6.2 s". A row is
 * a request when the host says it was sent (`sent`, decided by the fetcher
 * that made it: report.Row.Request in Go); rows it only logged (robots.txt,
 * the budget, a redirect not followed) are not. elapsedMs is the wall time
 * the popup measured; without it the request times are summed.
 * @param {Array<{sent?: boolean, ms?: number}>} requests
 * @param {number} [elapsedMs]
 */
export function costSummary(requests, elapsedMs) {
  const made = (requests || []).filter((r) => r && r.sent === true);
  let ms = elapsedMs;
  if (!Number.isFinite(ms)) ms = made.reduce((sum, r) => sum + (Number(r.ms) || 0), 0);
  return `${plural(made.length, "request")}, ${duration(ms)}`;
}

/**
 * sectionsHeading is the line above the section list:
 * "Showing 60 of 185 sections", "Showing 3 of 185 sections matching "biz"".
 * @param {number} shown
 * @param {number} total all sections in the report
 * @param {string} [filter]
 */
export function sectionsHeading(shown, total, filter) {
  const base = `Showing ${shown.toLocaleString("en-US")} of ${plural(total, "section")}`;
  return filter ? `${base} matching “${filter}”` : base;
}

// formatNames are the feed formats as people name them.
const formatNames = { rss: "RSS", atom: "Atom", json: "JSON Feed" };

/**
 * formatName names a feed format ("rss" -> "RSS") as the classifier or the
 * host decided it; the popup never judges a MIME type itself (that rule
 * lives in Go only).
 * @param {string} [format]
 */
export function formatName(format) {
  return formatNames[format] || "feed";
}

/**
 * formatCode is the format as subscriptions and OPML record it: "rss",
 * "atom" or "json" as the classifier or host gave it; "" when unknown.
 * @param {string} [format]
 */
export function formatCode(format) {
  return formatNames[format] ? format : "";
}

/**
 * shortDate formats an ISO 8601 time as "2026-11-29 10:00" in the reader's
 * time zone, or "" when it is missing or not a time.
 * @param {string} [iso]
 */
export function shortDate(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const p = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/**
 * oneLine makes page or feed text fit one row: whitespace collapsed, cut at
 * max characters with an ellipsis. The result is still only ever used as
 * text, never as markup.
 * @param {unknown} s
 * @param {number} [max]
 */
export function oneLine(s, max = 200) {
  const t = String(s ?? "").replace(/\s+/g, " ").trim();
  return t.length > max ? t.slice(0, max - 1) + "…" : t;
}
