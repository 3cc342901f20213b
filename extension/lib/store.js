// store.js: the rules of the subscription store, as pure functions. The
// popup keeps subscriptions in chrome.storage.local, one item per
// subscription under the key "sub:" + its URL, so that
//   - two subscriptions to one URL are one item (de-duplication by URL),
//   - adding or removing one never rewrites the others (two popups cannot
//     lose each other's changes), and
//   - a corrupted item spoils only itself: readAll skips and reports it.
// Nothing here touches chrome.* or the DOM.

import { safeHref, siteOf } from "./format.js";

/** KEY_PREFIX starts the storage key of every subscription. */
export const KEY_PREFIX = "sub:";

/** KINDS are the kinds of thing one can subscribe to. */
export const KINDS = Object.freeze(["feed", "news-sitemap", "article-sitemap", "section"]);

// Limits on stored text, so one absurd title cannot bloat storage or the popup.
const MAX_URL = 2048;
const MAX_TEXT = 500;

/**
 * normalizeURL is the URL a subscription is known by: absolute http(s),
 * without the fragment, in the WHATWG serialisation (lowercase scheme and
 * host, default port dropped). Returns null for anything else.
 * @param {unknown} url
 * @returns {string|null}
 */
export function normalizeURL(url) {
  const href = safeHref(url);
  if (!href || href.length > MAX_URL) return null;
  const u = new URL(href);
  u.hash = "";
  return u.href;
}

/**
 * keyFor is the storage key of the subscription to url (normalised first).
 * @param {string} url
 * @returns {string|null}
 */
export function keyFor(url) {
  const n = normalizeURL(url);
  return n ? KEY_PREFIX + n : null;
}

/**
 * @typedef {{kind: string, url: string, title: string, site: string,
 *   format: string, added: string}} Subscription
 */

/**
 * make builds a subscription from what the popup shows, filling the site from
 * the URL and the time of adding from now. It throws when the input cannot
 * make a valid subscription (an unknown kind, a non-http(s) URL).
 * @param {{kind: string, url: string, title?: string, site?: string, format?: string}} f
 * @param {Date} [now]
 * @returns {Subscription}
 */
export function make(f, now = new Date()) {
  const url = normalizeURL(f.url);
  const sub = {
    kind: f.kind,
    url: url || "",
    title: clip(f.title) || url || "",
    site: normalizeURL(f.site) || (url ? siteOf(url) : "") || "",
    format: clip(f.format || ""),
    added: now.toISOString(),
  };
  const problem = check(sub);
  if (problem) throw new Error(`make subscription: ${problem}`);
  return sub;
}

function clip(s) {
  return typeof s === "string" ? s.replace(/\s+/g, " ").trim().slice(0, MAX_TEXT) : "";
}

/**
 * check returns why value is not a valid stored subscription, or "" when it
 * is one.
 * @param {unknown} v
 * @returns {string}
 */
export function check(v) {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return "not an object";
  if (!KINDS.includes(v.kind)) return `unknown kind ${JSON.stringify(String(v.kind)).slice(0, 40)}`;
  if (typeof v.url !== "string" || normalizeURL(v.url) !== v.url) return "url is not a normalised http(s) URL";
  for (const f of ["title", "site", "format", "added"]) {
    if (typeof v[f] !== "string") return `${f} is not a string`;
    if (v[f].length > MAX_TEXT && f !== "site") return `${f} is too long`;
  }
  if (v.site !== "" && normalizeURL(v.site) !== v.site) return "site is not an http(s) URL";
  if (Number.isNaN(Date.parse(v.added))) return "added is not a time";
  return "";
}

/**
 * readAll turns the items of chrome.storage.local into the subscription
 * list: valid entries in the order they were added, and the bad ones (wrong
 * shape, or stored under a key that is not their URL's) with the reason.
 * Items whose key does not start with KEY_PREFIX are not subscriptions and
 * are ignored.
 * @param {Record<string, unknown>} items
 * @returns {{subs: Subscription[], bad: Array<{key: string, reason: string}>}}
 */
export function readAll(items) {
  const subs = [];
  const bad = [];
  for (const [key, v] of Object.entries(items || {})) {
    if (!key.startsWith(KEY_PREFIX)) continue;
    const problem = check(v);
    if (problem) {
      bad.push({ key, reason: problem });
    } else if (keyFor(v.url) !== key) {
      bad.push({ key, reason: "stored under a key that is not its URL" });
    } else {
      subs.push(v);
    }
  }
  subs.sort((a, b) => a.added.localeCompare(b.added) || a.url.localeCompare(b.url));
  return { subs, bad };
}

/**
 * merge decides what an import adds: the incoming subscriptions that are
 * valid and whose URL is not subscribed yet (nor repeated earlier in the
 * import). Existing subscriptions are never overwritten.
 * @param {Subscription[]} existing
 * @param {unknown[]} incoming
 * @param {Date} [now] the time given to entries that carry none
 * @returns {{add: Subscription[], duplicate: number, invalid: number}}
 */
export function merge(existing, incoming, now = new Date()) {
  const seen = new Set(existing.map((s) => s.url));
  const add = [];
  let duplicate = 0;
  let invalid = 0;
  for (const v of incoming || []) {
    let sub;
    try {
      sub = make(v || {}, now);
      if (v && typeof v.added === "string" && !Number.isNaN(Date.parse(v.added))) {
        sub.added = new Date(v.added).toISOString();
      }
    } catch {
      invalid++;
      continue;
    }
    if (seen.has(sub.url)) {
      duplicate++;
      continue;
    }
    seen.add(sub.url);
    add.push(sub);
  }
  return { add, duplicate, invalid };
}

/**
 * toItems maps subscriptions to the chrome.storage.local items that store
 * them.
 * @param {Subscription[]} subs
 * @returns {Record<string, Subscription>}
 */
export function toItems(subs) {
  const items = {};
  for (const s of subs) items[KEY_PREFIX + s.url] = s;
  return items;
}
