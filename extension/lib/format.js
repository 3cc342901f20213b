// format.js: pure helpers for the popup's links and text that do not
// depend on the user's language (the phrases that do are lib/words.js's).
// No chrome.*, no DOM: every function takes plain values and returns a
// string (or null), so the browser tests can call them directly.

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

// formats are the feed formats subscriptions and OPML record.
const formats = new Set(["rss", "atom", "json"]);

/**
 * formatCode is the format as subscriptions and OPML record it: "rss",
 * "atom" or "json" as the classifier or host gave it; "" when unknown.
 * @param {string} [format]
 */
export function formatCode(format) {
  return formats.has(format) ? format : "";
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
