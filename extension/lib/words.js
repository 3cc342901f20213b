// words.js: the popup's phrases that are made of values (counts, times,
// request log rows, format names) in the user's language, through
// lib/i18n.js.

import { t, tn, number, uiLanguage } from "./i18n.js";

/**
 * duration says milliseconds as seconds with one decimal ("6.2 s",
 * "6,2 s", "6.2 秒"), or as milliseconds below one second ("120 ms").
 * @param {number} ms
 */
export function duration(ms) {
  if (!Number.isFinite(ms) || ms < 0) return "";
  if (ms < 1000) return t("milliseconds", { n: Math.round(ms) });
  const s = new Intl.NumberFormat(uiLanguage(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms / 1000);
  return t("seconds", { n: s });
}

/**
 * requestLine is one row of the host's request log: "robots.txt 200,
 * 120 ms", "/rss.xml 404, 35 ms", "Startseite 403, 12 ms". URLs on site
 * are shortened to their path; status words (robots-disallow, timeout)
 * are the log's own and stay as they are.
 * @param {{step?: string, url?: string, status?: number|string, ms?: number}} req
 * @param {string} [site]
 */
export function requestLine(req, site) {
  let what = req.step === "robots" ? t("step_robots") : req.step === "home" ? t("step_home") : "";
  if (!what) {
    what = String(req.url || req.step || "?");
    try {
      const u = new URL(what);
      if (site && u.origin + "/" === site) what = u.pathname + u.search;
    } catch {
      // not a URL: shown as it is
    }
  }
  const status = req.status === undefined || req.status === "" ? "?" : String(req.status);
  const ms = Number(req.ms);
  if (req.ms === undefined || !Number.isFinite(ms)) return `${what} ${status}`;
  return t("request_line", { what, status, time: duration(ms) });
}

/**
 * costSummary sums up what a discovery cost: "7 requests, 6.2 s". A row is
 * a request when the host says it was sent (`sent`, decided by the fetcher
 * that made it: report.Row.Request in Go); rows it only logged (robots.txt
 * disallowing, the budget, a redirect not followed) are not. elapsedMs is
 * the time the report or the popup measured; without it the request times
 * are summed.
 * @param {Array<{sent?: boolean, ms?: number}>} requests
 * @param {number} [elapsedMs]
 */
export function costSummary(requests, elapsedMs) {
  const made = (requests || []).filter((r) => r && r.sent === true);
  let ms = elapsedMs;
  if (!Number.isFinite(ms)) ms = made.reduce((sum, r) => sum + (Number(r.ms) || 0), 0);
  return t("cost", { requests: tn("requests", made.length), time: duration(ms) });
}

/**
 * sectionsHeading is the line above the section list: "Showing 60 of 185
 * sections", or with a filter "... matching “biz”".
 * @param {number} shown
 * @param {number} total
 * @param {string} [filter]
 */
export function sectionsHeading(shown, total, filter) {
  return filter ? tn("sections_matching", total, { shown, filter }) : tn("sections_showing", total, { shown });
}

/**
 * formatName names a feed format as the classifier or the host decided it
 * ("rss" -> "RSS"); the popup never judges a MIME type itself.
 * @param {string} [format]
 */
export function formatName(format) {
  switch (format) {
    case "rss":
      return "RSS";
    case "atom":
      return "Atom";
    case "json":
      return "JSON Feed";
    default:
      return t("badge_feed");
  }
}

/**
 * omittedList says how many entries of one report list the host cut
 * ("120 sections"); list is the report's name of it.
 * @param {string} list
 * @param {number} n
 */
export function omittedList(list, n) {
  switch (list) {
    case "sections":
      return tn("sections", n);
    case "feeds":
      return tn("feeds", n);
    case "sitemaps":
      return tn("sitemaps", n);
    case "departments":
      return tn("departments", n);
    case "requests":
      return tn("requests", n);
    default:
      return `${number(n)} ${list}`;
  }
}
