// readers.js: "Send to reader". The feed readers a found feed can be sent
// to, and the address of each one's own subscribe page for a feed. Pure:
// no chrome.*, no DOM; the extension only opens the address in a tab, it
// makes no request to any reader itself.
//
// In each template %s stands for the feed's URL, percent-encoded
// (encodeURIComponent), and BASE for the user's own installation of a
// self-hosted reader (its base URL, without a trailing slash).

import { safeHref } from "./format.js";

/**
 * READERS are the readers the options page offers, in its order. base:
 * the reader is self-hosted and the template needs the user's BASE.
 * @type {ReadonlyArray<Readonly<{id: string, name: string, template: string, base?: boolean}>>}
 */
export const READERS = Object.freeze(
  [
    { id: "feedly", name: "Feedly", template: "https://feedly.com/i/subscription/feed/%s" },
    { id: "inoreader", name: "Inoreader", template: "https://www.inoreader.com/?add_feed=%s" },
    { id: "newsblur", name: "NewsBlur", template: "https://www.newsblur.com/?url=%s" },
    { id: "theoldreader", name: "The Old Reader", template: "https://theoldreader.com/feeds/subscribe?url=%s" },
    { id: "feedbin", name: "Feedbin", template: "https://feedbin.com/?subscribe=%s" },
    { id: "bazqux", name: "BazQux", template: "https://bazqux.com/add?url=%s" },
    { id: "miniflux", name: "Miniflux", template: "BASE/bookmarklet?uri=%s", base: true },
    { id: "freshrss", name: "FreshRSS", template: "BASE/i/?c=feed&a=add&url_rss=%s", base: true },
    { id: "ttrss", name: "Tiny Tiny RSS", template: "BASE/public.php?op=bookmarklets--subscribe&feed_url=%s", base: true },
    { id: "nextcloud", name: "Nextcloud News", template: "BASE/apps/news/?subscribe_to=%s", base: true },
  ].map((r) => Object.freeze(r)),
);

/** SETTING_KEY is the chrome.storage.sync key of the chosen reader. */
export const SETTING_KEY = "reader";

/** FEED_SCHEME is the choice of the feed: scheme (a desktop reader). */
export const FEED_SCHEME = "feed";

/** CUSTOM is the choice of the user's own template. */
export const CUSTOM = "custom";

/**
 * The problems check finds in a setting, as codes the pages put into
 * words: no reader chosen, a base URL that is not an http(s) address, a
 * custom template without %s or not http(s).
 */
export const PROBLEMS = Object.freeze({ none: "no-reader", base: "bad-base", template: "bad-template" });

/**
 * reader returns the built-in reader with id, or undefined.
 * @param {string} id
 */
export function reader(id) {
  return READERS.find((r) => r.id === id);
}

/**
 * httpURL parses s (trimmed) when it is an absolute http(s) URL
 * (safeHref) without a user name or password, else null.
 * @param {string} s
 * @returns {URL|null}
 */
function httpURL(s) {
  const href = typeof s === "string" ? safeHref(s.trim()) : null;
  if (!href) return null;
  const u = new URL(href);
  return u.username || u.password ? null : u;
}

/**
 * normalBase is a self-hosted reader's base URL as the templates want it:
 * an http(s) URL without query, fragment or trailing slash
 * ("https://rss.example.net/miniflux"), or null when s is not one.
 * @param {unknown} s
 */
export function normalBase(s) {
  const u = httpURL(typeof s === "string" ? s : "");
  if (!u) return null;
  return (u.origin + u.pathname).replace(/\/+$/, "");
}

/**
 * check says what is wrong with a setting {id, base?, template?} (one of
 * PROBLEMS), or "" when it can send feeds.
 * @param {any} setting
 */
export function check(setting) {
  const id = setting && typeof setting === "object" ? setting.id : undefined;
  if (id === FEED_SCHEME) return "";
  if (id === CUSTOM) {
    const tpl = typeof setting.template === "string" ? setting.template.trim() : "";
    if (!tpl.includes("%s") || !httpURL(tpl.replaceAll("%s", "x"))) return PROBLEMS.template;
    return "";
  }
  const r = reader(id);
  if (!r) return PROBLEMS.none;
  if (r.base && !normalBase(setting.base)) return PROBLEMS.base;
  return "";
}

/**
 * subscribeURL is the address that subscribes the reader of setting to
 * feedURL: the reader's own page for it, or feed:URL for a desktop reader.
 * null when the setting cannot send (check) or feedURL is not http(s).
 * @param {any} setting {id, base?, template?}
 * @param {string} feedURL
 * @returns {string|null}
 */
export function subscribeURL(setting, feedURL) {
  const feed = httpURL(feedURL);
  if (!feed || check(setting) !== "") return null;
  // feed: followed by the whole URL (the feed URI scheme, feed:https://...)
  if (setting.id === FEED_SCHEME) return `feed:${feed.href}`;
  const enc = encodeURIComponent(feed.href);
  const tpl = setting.id === CUSTOM ? setting.template.trim() : reader(setting.id).template;
  const base = setting.id === CUSTOM ? "" : normalBase(setting.base) || "";
  return tpl.replace(/^BASE/, base).replaceAll("%s", enc);
}

/**
 * readerLabel names the chosen reader for "Add to <reader>": its name, the
 * host of a custom template, or "" for the feed: scheme and a setting
 * that cannot send.
 * @param {any} setting
 */
export function readerLabel(setting) {
  if (check(setting) !== "" || setting.id === FEED_SCHEME) return "";
  if (setting.id === CUSTOM) return httpURL(setting.template.trim().replaceAll("%s", "x")).host;
  return reader(setting.id).name;
}
