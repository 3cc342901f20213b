// send.js: "Add to <reader>" on every feed found, and on every news
// sitemap, department and section. The button opens the chosen reader's
// own subscribe page in a new tab (lib/readers.js makes the address); the
// popup requests nothing itself. A feed is sent as it is; a news sitemap
// or a section is sent as the address of the route it is followed through
// (lib/follow.js): the user's own gateway (signed here, lib/sign.js), an
// RSS-Bridge, or this computer's gateway, the address common/opml writes
// (the classifier's opml_ways, urls). The choices live in
// chrome.storage.sync, the gateway's key in chrome.storage.local (the
// settings page sets them); before there is a reader, or where the route
// cannot reach it, the button opens the settings.

import { check, subscribeURL, readerLabel, FEED_SCHEME, SETTING_KEY } from "../lib/readers.js";
import { FOLLOW_KEY, GATEWAY_KEY, ROUTES, effective, reaches, flavour } from "../lib/follow.js";
import { sign } from "../lib/sign.js";
import { normalizeURL } from "../lib/store.js";
import { t } from "../lib/i18n.js";
import { el } from "./dom.js";

/** setting is the chosen reader ({id, base?, template?}) or null. */
export const setting = { value: null };

/** follow is the route setting ({route, gateway?, bridge?}) and the key. */
export const follow = { value: null, key: "" };

/** load reads the chosen reader and route and repaints the buttons on screen. */
export async function load() {
  const [got, key] = await Promise.all([chrome.storage.sync.get([SETTING_KEY, FOLLOW_KEY]), chrome.storage.local.get(GATEWAY_KEY)]);
  setting.value = got[SETTING_KEY] ?? null;
  follow.value = got[FOLLOW_KEY] ?? null;
  follow.key = typeof key[GATEWAY_KEY] === "string" ? key[GATEWAY_KEY] : "";
  repaint();
}

chrome.storage.onChanged.addListener((changes, area) => {
  let changed = false;
  if (area === "sync" && SETTING_KEY in changes) [setting.value, changed] = [changes[SETTING_KEY].newValue ?? null, true];
  if (area === "sync" && FOLLOW_KEY in changes) [follow.value, changed] = [changes[FOLLOW_KEY].newValue ?? null, true];
  if (area === "local" && GATEWAY_KEY in changes) {
    const k = changes[GATEWAY_KEY].newValue;
    [follow.key, changed] = [typeof k === "string" ? k : "", true];
  }
  if (changed) repaint();
});

/**
 * sendButton makes the button that sends the feed at url (titled title)
 * to the chosen reader.
 * @param {string} url
 * @param {string} title
 */
export function sendButton(url, title) {
  const b = el("button", { type: "button", class: "send", "data-url": url, "data-title": title });
  paint(b);
  b.addEventListener("click", () => {
    const s = setting.value;
    const to = check(s) === "" ? subscribeURL(s, url) : null;
    if (!to) {
      chrome.runtime.openOptionsPage();
      return;
    }
    chrome.tabs.create({ url: to });
  });
  return b;
}

/**
 * followButton makes "Add to <reader>" for a news sitemap (or one of its
 * departments), an article sitemap or a section: kind is the
 * subscription's (store.js KINDS), url the source.
 * @param {string} kind
 * @param {string} url
 * @param {string} title
 */
export function followButton(kind, url, title) {
  const source = normalizeURL(url) || "";
  const b = el("button", { type: "button", class: "send follow", "data-url": source, "data-kind": kind, "data-title": title });
  paint(b);
  b.addEventListener("click", async () => {
    if (b.getAttribute("aria-busy") === "true") return;
    b.setAttribute("aria-busy", "true");
    try {
      const to = await followAddress(kind, source);
      if (to) chrome.tabs.create({ url: to });
      else chrome.runtime.openOptionsPage();
    } catch (err) {
      console.warn("feedscout: Add to reader:", err);
      chrome.runtime.openOptionsPage();
    } finally {
      b.removeAttribute("aria-busy");
    }
  });
  return b;
}

/**
 * followURL resolves to the address the chosen route gives the source
 * (of kind) and how it is followed ({url, way}), as common/opml writes it
 * for any reader: the signed URL of the user's gateway, the RSS-Bridge's
 * URL, or this computer's gateway's.
 * @param {string} kind
 * @param {string} source a normalised http(s) URL
 * @returns {Promise<{url: string, way: string, route: string, gateway: string}>}
 */
export async function followURL(kind, source) {
  const e = effective(follow.value, follow.key);
  const sig = e.signs ? await sign(follow.key, "atom", source) : "";
  const classifier = await globalThis.feedscoutBoot.classifier;
  const sub = { kind, url: source, title: "", site: "", format: "", added: "" };
  const { ways, urls } = classifier.opmlFollow([sub], { reader: flavour(e.route), gateway: e.gateway, bridge: e.bridge, sigs: new Map([[source, sig]]) });
  if (!urls || typeof urls[0] !== "string") throw new Error(`follow ${source}: the classifier wrote no address`);
  return { url: urls[0], way: ways[0], route: e.route, gateway: e.gateway };
}

/**
 * followAddress is the reader's subscribe address for the source, or null
 * when the chosen reader cannot reach the route it is followed through
 * (or no reader is chosen): the caller opens the settings then.
 */
async function followAddress(kind, source) {
  const s = setting.value;
  if (check(s) !== "" || !source) return null;
  const f = await followURL(kind, source);
  // Through a gateway on this computer: only readers that reach it. (A
  // gzip sitemap goes through a gateway with the RSS-Bridge route too.)
  const local = f.route === ROUTES.local || (f.way === "gateway" && f.gateway === "");
  if (local && !reaches(s, ROUTES.local)) return null;
  return subscribeURL(s, f.url);
}

function paint(b) {
  const s = setting.value;
  const title = b.dataset.title;
  const followed = b.classList.contains("follow");
  const route = effective(follow.value, follow.key).route;
  if (check(s) !== "") {
    b.textContent = t("send_choose");
    b.setAttribute("aria-label", t("send_choose_label", { title }));
    b.removeAttribute("title");
  } else if (followed && !reaches(s, route)) {
    // The reader cannot reach this computer: say so, and open Settings.
    const reader = readerLabel(s);
    b.textContent = t("follow_unreachable", { reader });
    b.setAttribute("aria-label", t("follow_unreachable_label", { reader, title }));
    b.title = t("follow_unreachable_title", { reader });
    b.dataset.unreachable = "true";
    return;
  } else if (s.id === FEED_SCHEME) {
    b.textContent = t("send_desktop");
    b.setAttribute("aria-label", t("send_desktop_label", { title }));
    b.removeAttribute("title");
  } else {
    const reader = readerLabel(s);
    b.textContent = t("send_to", { reader });
    b.setAttribute("aria-label", t("send_to_label", { reader, title }));
    b.title = t("send_title");
  }
  delete b.dataset.unreachable;
}

const watchers = [];

/** watch calls fn after the settings were read, and after every change. */
export function watch(fn) {
  watchers.push(fn);
}

/** repaint updates every send button on screen to the settings. */
export function repaint() {
  for (const b of document.querySelectorAll("button.send")) paint(b);
  for (const fn of watchers) fn();
}
