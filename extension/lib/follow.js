// follow.js: "Follow sections and news sitemaps through": the route a
// reader follows what has no feed of its own by (docs/readers.md, "Routes"):
// this computer's gateway (loopback, the default), the user's own public
// gateway (its BASE and key: the popup signs each URL, sign.js), or an
// RSS-Bridge (its BASE: RSS-Bridge fetches the sites itself). The setting
// {route, gateway?, bridge?} lives in chrome.storage.sync; the key only in
// chrome.storage.local (a secret is never synced). Pure: no chrome.*, no
// DOM. Which URL a row gets is not decided here: common/opml writes it.

import { FEED_SCHEME, CUSTOM } from "./readers.js";
import { validKey } from "./sign.js";

/** FOLLOW_KEY is the chrome.storage.sync key of the route setting. */
export const FOLLOW_KEY = "follow";

/** GATEWAY_KEY is the chrome.storage.local key of the gateway's key. */
export const GATEWAY_KEY = "gateway-key";

/** ROUTES are the routes, in the order Settings offers them. */
export const ROUTES = Object.freeze({ local: "local", gateway: "gateway", bridge: "bridge" });

/**
 * The problems checkFollow finds, as codes Settings puts into words: the
 * gateway's address, its key, the RSS-Bridge's address.
 */
export const FOLLOW_PROBLEMS = Object.freeze({ gateway: "bad-gateway", key: "bad-key", bridge: "bad-bridge" });

/**
 * LOOPBACK_READERS are the readers that can subscribe to an address on
 * this computer: a desktop reader (feed:), the user's own template, and
 * the self-hosted readers that accept loopback addresses when they run
 * here. The cloud readers cannot reach it; Miniflux and Tiny Tiny RSS
 * refuse loopback addresses.
 */
const LOOPBACK_READERS = Object.freeze([FEED_SCHEME, CUSTOM, "freshrss", "nextcloud"]);

/**
 * parse reads s (trimmed) as an absolute http(s) URL without user name,
 * password, query or fragment, or null.
 * @param {unknown} s
 */
function parse(s) {
  if (typeof s !== "string") return null;
  const text = s.trim();
  if (!/^https?:\/\//i.test(text)) return null;
  let u;
  try {
    u = new URL(text);
  } catch {
    return null;
  }
  if (!u.hostname || u.username || u.password || u.search || u.hash || text.includes("?") || text.includes("#")) return null;
  return u;
}

/**
 * gatewayBase is a public gateway's address as readers reach it,
 * scheme://host[:port] (a path prefix is not supported: only "/" may
 * follow), or null when s is not one.
 * @param {unknown} s
 */
export function gatewayBase(s) {
  const u = parse(s);
  if (!u || u.pathname !== "/") return null;
  return u.origin;
}

/**
 * bridgeBase is an RSS-Bridge's address, scheme://host[:port][/path]
 * without a trailing slash ("https://bridge.example/rss-bridge"), or null
 * when s is not one.
 * @param {unknown} s
 */
export function bridgeBase(s) {
  const u = parse(s);
  if (!u) return null;
  return (u.origin + u.pathname).replace(/\/+$/, "");
}

/**
 * routeOf is the setting's route (ROUTES), the loopback one for anything
 * unknown.
 * @param {any} follow
 */
export function routeOf(follow) {
  const r = follow && typeof follow === "object" ? follow.route : undefined;
  return r === ROUTES.gateway || r === ROUTES.bridge ? r : ROUTES.local;
}

/**
 * checkFollow says what is wrong with the setting follow and key for its
 * route (one of FOLLOW_PROBLEMS), or "" when the route can be used.
 * @param {any} follow {route, gateway?, bridge?}
 * @param {unknown} key the gateway's key (only the gateway route needs it)
 */
export function checkFollow(follow, key) {
  const route = routeOf(follow);
  if (route === ROUTES.gateway) {
    if (!gatewayBase(follow.gateway)) return FOLLOW_PROBLEMS.gateway;
    if (!validKey(key)) return FOLLOW_PROBLEMS.key;
  }
  if (route === ROUTES.bridge && !bridgeBase(follow.bridge)) return FOLLOW_PROBLEMS.bridge;
  return "";
}

/**
 * effective is the route the popup uses: the chosen one when it can be
 * used, else this computer's gateway. With the RSS-Bridge route, the
 * user's own gateway, when it is set with its key as well, serves what
 * RSS-Bridge cannot read (a gzip sitemap): it is preferred to this
 * computer's. Returns {route, gateway, bridge, signs}: the OPML flavour's
 * gateway and bridge BASEs ("" for the default) and whether the gateway
 * URLs are signed with the key.
 * @param {any} follow
 * @param {unknown} key
 */
export function effective(follow, key) {
  const route = checkFollow(follow, key) === "" ? routeOf(follow) : ROUTES.local;
  const own = follow && gatewayBase(follow.gateway) && validKey(key) ? gatewayBase(follow.gateway) : "";
  if (route === ROUTES.gateway) return { route, gateway: own, bridge: "", signs: true };
  if (route === ROUTES.bridge) return { route, gateway: own, bridge: bridgeBase(follow.bridge), signs: own !== "" };
  return { route, gateway: "", bridge: "", signs: false };
}

/**
 * reaches reports whether the reader of setting ({id, ...}, readers.js)
 * can subscribe to what route gives: every reader to the user's own
 * gateway and to an RSS-Bridge; to this computer's gateway only a desktop
 * reader, a custom template and a self-hosted reader that may run here.
 * @param {any} setting
 * @param {string} route
 */
export function reaches(setting, route) {
  if (route !== ROUTES.local) return true;
  const id = setting && typeof setting === "object" ? setting.id : undefined;
  return LOOPBACK_READERS.includes(id);
}

/**
 * flavour is the OPML flavour (common/opml) that writes the route's URLs
 * for any reader: "rss-bridge" for the RSS-Bridge route, else "any".
 * @param {string} route
 */
export function flavour(route) {
  return route === ROUTES.bridge ? "rss-bridge" : "any";
}

