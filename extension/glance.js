// glance.js: the worker's part of "a feed at a glance", two ways.
//
// Chromium, with no permission: declarativeContent rules on the page's
// address, one condition per platform rule (lib/platforms.js, written from
// common/classify's rules), whose action sets the toolbar icon to the one
// with the feed mark (drawn here on an OffscreenCanvas). The rules watch
// the address only: their css conditions match displayed elements, never a
// <link rel=alternate>. The action stays enabled everywhere (no
// ShowAction): Find feed is for pages without a feed. Firefox has no
// declarativeContent.
//
// Both browsers, opted in (lib/badge.js): the content script's page
// elements are counted with the classifier and the count is written on the
// toolbar button of that tab.

import { PLATFORM_URLS } from "./lib/platforms.js";
import { BADGE_KEY, COUNT_MESSAGE, ORIGINS, unregister } from "./lib/badge.js";
import { loadClassifier } from "./lib/classifier.js";

/** MARK is the feed mark's colour: green, on the orange feed icon. */
const MARK = "#2f9e44";

/** BADGE is the count's background. */
const BADGE = "#b8400b";

chrome.runtime.onInstalled.addListener(() => {
  installIconRules().catch((err) => console.warn("feedscout: the toolbar icon's platform rules were not set:", err));
});

/**
 * installIconRules replaces the declarativeContent rules with one rule:
 * any platform page sets the marked icon. Rules persist in the profile,
 * so this runs on install and update only.
 */
export async function installIconRules() {
  const dc = globalThis.chrome?.declarativeContent;
  if (!dc) return;
  const imageData = { 16: await markedIcon(16), 32: await markedIcon(32) };
  const conditions = PLATFORM_URLS.map((re) => new dc.PageStateMatcher({ pageUrl: { urlMatches: re } }));
  await dc.onPageChanged.removeRules(undefined);
  await dc.onPageChanged.addRules([{ id: "feedscout-platform", conditions, actions: [new dc.SetIcon({ imageData })] }]);
}

/**
 * markedIcon is the toolbar icon of size px with the feed mark: a green
 * disc in a white ring over its lower right quarter, where the plain icon
 * is orange.
 */
async function markedIcon(size) {
  const blob = await (await fetch(chrome.runtime.getURL(`icons/icon${size}.png`))).blob();
  const icon = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(size, size);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(icon, 0, 0, size, size);
  const r = size * 0.3;
  const c = size - r;
  ctx.fillStyle = "#ffffff";
  ctx.beginPath();
  ctx.arc(c, c, r, 0, 2 * Math.PI);
  ctx.fill();
  ctx.fillStyle = MARK;
  ctx.beginPath();
  ctx.arc(c, c, r - Math.max(1, size / 16), 0, 2 * Math.PI);
  ctx.fill();
  return ctx.getImageData(0, 0, size, size);
}

/** classifier is the worker's classifier, started on the first count. */
let classifier = null;

chrome.runtime.onMessage.addListener((msg, sender) => {
  if (msg?.type !== COUNT_MESSAGE || sender.id !== chrome.runtime.id || !sender.tab || sender.frameId !== 0) return;
  count(sender.tab.id, msg).catch((err) => console.warn("feedscout: the page's feeds were not counted:", err));
});

/**
 * count classifies the page's elements the content script sent and
 * writes the number of feeds on the tab's toolbar button ("" for none).
 */
async function count(tabId, msg) {
  if (typeof msg.url !== "string" || typeof msg.html !== "string" || !(await on())) return;
  classifier ??= loadClassifier(chrome.runtime.getURL("wasm/classify.wasm"));
  let n = 0;
  try {
    const page = (await classifier).classify(msg.url, msg.html, "", { lists: false });
    n = Array.isArray(page.feeds) ? page.feeds.length : 0;
  } catch {
    n = 0; // not a web page the classifier reads (an address it refuses)
  }
  await chrome.action.setBadgeBackgroundColor({ tabId, color: BADGE });
  await chrome.action.setBadgeText({ tabId, text: n > 0 ? String(n) : "" });
}

/** on reports whether the count is turned on. */
async function on() {
  return (await chrome.storage.local.get(BADGE_KEY))[BADGE_KEY] === true;
}

// The user took the permission back in the browser's own settings: the
// count is off.
chrome.permissions.onRemoved.addListener((removed) => {
  if (!removed.origins?.some((o) => ORIGINS.includes(o))) return;
  chrome.storage.local.set({ [BADGE_KEY]: false }).then(unregister).catch(() => {});
});
