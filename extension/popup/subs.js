// subs.js: subscriptions in the popup: the chrome.storage.local side of
// lib/store.js, the subscribe toggles and the subscriptions view.

import { readAll, make, merge, check, keyFor, normalizeURL, toItems } from "../lib/store.js";
import { plural, oneLine } from "../lib/format.js";
import { el, link, say } from "./dom.js";

/** state is the last list read from storage. */
export const state = { list: [], bad: [], urls: new Set() };

const listeners = [];

/** load reads every subscription from storage into state. */
export async function load() {
  const { subs, bad } = readAll(await chrome.storage.local.get(null));
  state.list = subs;
  state.bad = bad;
  state.urls = new Set(subs.map((s) => s.url));
  for (const fn of listeners) fn();
}

/** watch calls fn after every reload of state. */
export function watch(fn) {
  listeners.push(fn);
}

// Another popup (or this one) changed storage: reload and redraw.
chrome.storage.onChanged.addListener((changes, area) => {
  if (area === "local" && Object.keys(changes).some((k) => k.startsWith("sub:"))) load();
});

/**
 * add subscribes to candidate ({kind, url, title, site, format}) unless its
 * URL is subscribed already (then the first subscription stays as it was,
 * even when another popup added it a moment ago). Resolves to whether it
 * added one.
 */
export async function add(candidate) {
  const s = make(candidate);
  const key = keyFor(s.url);
  const got = await chrome.storage.local.get(key);
  if (key in got && check(got[key]) === "") return false;
  await chrome.storage.local.set({ [key]: s });
  return true;
}

/**
 * toggle makes the subscribe button for one thing on screen. candidate is
 * {kind, url, title, site, format}; the button shows whether its URL is
 * subscribed and flips it.
 */
export function toggle(candidate) {
  const url = normalizeURL(candidate.url);
  const b = el("button", { type: "button", class: "sub", "data-url": url || "" });
  if (!url) {
    b.disabled = true;
    b.textContent = "Subscribe";
    return b;
  }
  paint(b);
  b.addEventListener("click", async () => {
    b.disabled = true;
    try {
      if (state.urls.has(url)) {
        await chrome.storage.local.remove(keyFor(url));
      } else {
        await add(candidate);
      }
      await load();
    } catch (err) {
      say("subs-note", `Could not save: ${err.message}`);
    } finally {
      b.disabled = false;
    }
  });
  return b;
}

function paint(b) {
  const on = state.urls.has(b.dataset.url);
  b.setAttribute("aria-pressed", String(on));
  b.textContent = on ? "Subscribed" : "Subscribe";
  b.title = on ? "Click to unsubscribe" : "Add to your subscriptions";
}

/** repaint updates every subscribe button on screen to state. */
export function repaint() {
  for (const b of document.querySelectorAll("button.sub")) paint(b);
}

const kindNames = {
  feed: "feed",
  "news-sitemap": "news sitemap",
  "article-sitemap": "article sitemap",
  section: "section",
};

/** renderList draws the subscriptions view from state. */
export function renderList() {
  const ul = document.getElementById("subs-list");
  const rows = state.list.map((s) =>
    el(
      "li",
      { class: "row", "data-url": s.url },
      el("div", { class: "line" }, link(s.url, oneLine(s.title || s.url), "title"), el("span", { class: "badge" }, kindNames[s.kind] || s.kind)),
      el("div", { class: "url" }, s.url),
      el("div", { class: "actions" }, removeButton(s.url)),
    ),
  );
  ul.replaceChildren(...rows);
  say("subs-empty", state.list.length ? "" : "No subscriptions yet. Subscribe to a feed, sitemap or section on the other tab.");
  document.getElementById("subs-count").textContent = state.list.length ? String(state.list.length) : "";
  say(
    "subs-bad",
    state.bad.length
      ? `${plural(state.bad.length, "saved subscription")} could not be read and ${state.bad.length === 1 ? "was" : "were"} skipped (${state.bad.map((b) => b.reason).join("; ")}). The others are fine.`
      : "",
  );
  document.getElementById("export").disabled = state.list.length === 0;
}

function removeButton(url) {
  const b = el("button", { type: "button", class: "remove" }, "Remove");
  b.addEventListener("click", async () => {
    await chrome.storage.local.remove(keyFor(url));
    await load();
  });
  return b;
}

/**
 * exportOPML downloads the subscriptions as an OPML file written by the
 * classifier (Go, encoding/xml): a blob URL and a temporary <a download>.
 */
export function exportOPML(classifier) {
  const text = classifier.opmlExport("feedscout subscriptions", state.list);
  const url = URL.createObjectURL(new Blob([text], { type: "text/x-opml;charset=utf-8" }));
  const a = el("a", { href: url, download: "feedscout-subscriptions.opml", hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  say("subs-note", `Exported ${plural(state.list.length, "subscription")} to feedscout-subscriptions.opml.`);
}

/**
 * importOPML adds the subscriptions of an OPML file (parsed by the
 * classifier) that are not there yet, and says what it did.
 * @param {{opmlImport: (text: string) => object[]}} classifier
 * @param {File} file
 */
export async function importOPML(classifier, file) {
  let incoming;
  try {
    incoming = classifier.opmlImport(await file.text());
  } catch (err) {
    say("subs-note", `${file.name} is not an OPML file feedscout can read: ${err.message}`);
    return;
  }
  const { add, duplicate, invalid } = merge(state.list, incoming);
  if (add.length) await chrome.storage.local.set(toItems(add));
  await load();
  const parts = [`Imported ${plural(add.length, "subscription")} from ${file.name}`];
  if (duplicate) parts.push(`${duplicate} already there`);
  if (invalid) parts.push(`${invalid} skipped as unusable`);
  say("subs-note", parts.join("; ") + ".");
}
