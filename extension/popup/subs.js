// subs.js: subscriptions in the popup: the chrome.storage.local side of
// lib/store.js, the subscribe toggles and the subscriptions view.

import { readAll, make, merge, check, keyFor, normalizeURL, toItems } from "../lib/store.js";
import { oneLine } from "../lib/format.js";
import { t, tn } from "../lib/i18n.js";
import { el, link, say } from "./dom.js";
import { sendButton, followButton, follow, watch as watchSettings } from "./send.js";
import { effective, flavour, bridgeBase, ROUTES } from "../lib/follow.js";
import { sign } from "../lib/sign.js";
import { ask } from "./host.js";
import { show as showFollowed } from "./followed.js";

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

// The route was read or changed in Settings: "any reader" is named and
// followed anew.
watchSettings(() => {
  const select = document.getElementById("export-reader");
  if (!select) return;
  select.options[0].textContent = anyLabel();
  showFollowed(document.getElementById("subs-list"), state.list, select.value);
});

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
    b.textContent = t("subscribe");
    return b;
  }
  b.dataset.title = oneLine(candidate.title || candidate.url, 80);
  paint(b);
  b.addEventListener("click", async () => {
    // Busy, not disabled: a disabled button would drop the keyboard focus.
    if (b.getAttribute("aria-busy") === "true") return;
    b.setAttribute("aria-busy", "true");
    try {
      if (state.urls.has(url)) {
        await chrome.storage.local.remove(keyFor(url));
      } else {
        await add(candidate);
      }
      await load();
    } catch (err) {
      say("subs-note", t("save_failed", { error: err.message }));
    } finally {
      b.removeAttribute("aria-busy");
    }
  });
  return b;
}

function paint(b) {
  const on = state.urls.has(b.dataset.url);
  b.setAttribute("aria-pressed", String(on));
  b.textContent = on ? t("subscribed") : t("subscribe");
  // The name holds the visible words (WCAG 2.5.3) and what it is for.
  b.setAttribute("aria-label", t(on ? "subscribed_label" : "subscribe_label", { title: b.dataset.title }));
  b.title = on ? t("unsubscribe_title") : t("subscribe_title");
}

/** repaint updates every subscribe button on screen to state. */
export function repaint() {
  for (const b of document.querySelectorAll("button.sub")) paint(b);
}

const kindNames = {
  feed: () => t("badge_feed"),
  "news-sitemap": () => t("badge_news_sitemap"),
  "article-sitemap": () => t("badge_article_sitemap"),
  section: () => t("badge_section"),
};

/** renderList draws the subscriptions view from state. */
export function renderList() {
  const ul = document.getElementById("subs-list");
  const rows = state.list.map((s) =>
    el(
      "li",
      { class: "row", "data-url": s.url },
      el("div", { class: "line" }, link(s.url, oneLine(s.title || s.url), "title"), el("span", { class: "badge" }, kindNames[s.kind] ? kindNames[s.kind]() : s.kind)),
      el("div", { class: "url" }, s.url),
      el(
        "div",
        { class: "actions" },
        s.kind === "feed" ? sendButton(s.url, oneLine(s.title || s.url, 80)) : followButton(s.kind, s.url, oneLine(s.title || s.url, 80)),
        removeButton(s.url, oneLine(s.title || s.url, 80)),
      ),
    ),
  );
  ul.replaceChildren(...rows);
  say("subs-empty", state.list.length ? "" : t("subs_empty"));
  const count = document.getElementById("subs-count");
  count.textContent = state.list.length ? String(state.list.length) : "";
  if (state.list.length) count.setAttribute("aria-label", t("subs_count_label", { count: state.list.length }));
  else count.removeAttribute("aria-label");
  say("subs-bad", state.bad.length ? tn("subs_bad", state.bad.length, { why: state.bad.map((b) => b.reason).join("; ") }) : "");
  document.getElementById("export").disabled = state.list.length === 0;
  // Each row says how the chosen reader follows it (followed.js).
  showFollowed(ul, state.list, readerPicker().value);
}

function removeButton(url, title) {
  const b = el("button", { type: "button", class: "remove", "aria-label": t("remove_label", { title }) }, t("remove"));
  b.addEventListener("click", async () => {
    const rows = [...document.querySelectorAll("#subs-list li")];
    const at = rows.indexOf(b.closest("li"));
    const hadFocus = document.activeElement === b;
    await chrome.storage.local.remove(keyFor(url));
    await load();
    // The row is gone with its button: the focus goes to the next row's
    // Remove (the previous one's at the end), else to Import.
    if (hadFocus) {
      const left = document.querySelectorAll("#subs-list li button.remove");
      (left[Math.min(at, left.length - 1)] || document.getElementById("import-button")).focus();
    }
  });
  return b;
}

/** readers are the OPML flavours offered (common/opml; docs/readers.md). */
const readers = ["any", "newsboat", "freshrss", "rss-bridge"];

/** anyLabel names "any reader" by the route chosen in Settings. */
function anyLabel() {
  return t(`export_reader_any_${effective(follow.value, follow.key).route}`);
}

/**
 * routeOptions are opml_export's options for "any reader", the route
 * chosen in Settings (lib/follow.js), or for "rss-bridge", the RSS-Bridge
 * set there (whichever route is chosen; null when none is set), with the
 * signatures of the user's gateway's URLs, made here (lib/sign.js), for
 * every subscription but feeds.
 * @param {object[]} list
 * @param {string} reader "any" or "rss-bridge"
 */
export async function routeOptions(list, reader) {
  let e = effective(follow.value, follow.key);
  if (reader === "rss-bridge") {
    const bridge = bridgeBase(follow.value?.bridge);
    if (!bridge) return null;
    e = effective({ ...follow.value, route: ROUTES.bridge, bridge }, follow.key);
  }
  const sigs = new Map();
  if (e.signs) {
    for (const s of list) if (s.kind !== "feed") sigs.set(s.url, await sign(follow.key, "atom", s.url));
  }
  return { reader: flavour(e.route), gateway: e.gateway, bridge: e.bridge, sigs, route: e.route };
}

/**
 * readerPicker puts the reader choice for Export OPML beside its button
 * (once) and gives the select: the flavour the file is written in.
 */
function readerPicker() {
  let select = document.getElementById("export-reader");
  if (select) return select;
  select = el("select", { id: "export-reader", "aria-label": t("export_reader_label") });
  for (const r of readers) select.append(el("option", { value: r }, r === "any" ? anyLabel() : t(`export_reader_${r.replace("-", "_")}`)));
  select.value = readers.includes(localStorage.getItem("export-reader")) ? localStorage.getItem("export-reader") : "any";
  select.addEventListener("change", () => {
    localStorage.setItem("export-reader", select.value);
    showFollowed(document.getElementById("subs-list"), state.list, select.value);
  });
  document.getElementById("export").before(select);
  return select;
}

/**
 * exportOPML downloads the subscriptions as an OPML file for the reader
 * chosen, written by the classifier (Go, common/opml): any reader through
 * feedscout's gateway, newsboat (which runs the host, so the host is asked
 * where it is: the version reply's path), or FreshRSS (XPath outlines).
 * A blob URL and a temporary <a download>. It says what went wrong itself.
 */
export async function exportOPML(classifier) {
  try {
    const reader = readerPicker().value;
    let host = "";
    if (reader === "newsboat") {
      const reply = await ask({ type: "version" }, () => {}, () => {});
      host = (reply.type === "result" && reply.path) || "";
      if (!host) {
        say("subs-note", t("export_needs_host", { detail: reply.error || t("export_host_no_path") }));
        return;
      }
    }
    const options = reader === "any" || reader === "rss-bridge" ? await routeOptions(state.list, reader) : { reader, host };
    if (!options) {
      say("subs-note", t("export_needs_bridge"));
      return;
    }
    const file = options.reader === "any" ? "feedscout-subscriptions.opml" : `feedscout-subscriptions-${options.reader}.opml`;
    const text = classifier.opmlExport("feedscout subscriptions", state.list, options);
    const url = URL.createObjectURL(new Blob([text], { type: "text/x-opml;charset=utf-8" }));
    const a = el("a", { href: url, download: file, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    say("subs-note", tn("exported", state.list.length, { file }));
  } catch (err) {
    say("subs-note", t("export_failed", { error: err.message }));
  }
}

/**
 * importOPML adds the subscriptions of an OPML file that are not there
 * yet, and says what it did. The file is read by newsmap.wasm's
 * opml_import (classify.wasm does not carry it: wasm/doc.go), loaded on the
 * first import and kept for the next; a module that cannot be loaded
 * rejects, for the caller to say.
 * @param {File} file
 */
export async function importOPML(file) {
  const importer = await loadImporter();
  let incoming;
  try {
    incoming = importer.opmlImport(await file.text());
  } catch (err) {
    say("subs-note", t("not_opml", { file: file.name, error: err.message }));
    return;
  }
  const { add, duplicate, invalid } = merge(state.list, incoming);
  if (add.length) await chrome.storage.local.set(toItems(add));
  await load();
  let note = tn("imported", add.length, { file: file.name });
  if (duplicate) note = t("list_join", { a: note, b: t("imported_duplicate", { count: duplicate }) });
  if (invalid) note = t("list_join", { a: note, b: t("imported_invalid", { count: invalid }) });
  say("subs-note", t("sentence_end", { text: note }));
}

/**
 * loadImporter starts newsmap.wasm once (lib/classifier.js's opmlImporter).
 * classifier.js is imported by its URL, the one boot.js's import resolves
 * to, so that the bundler leaves it out of popup.js (the popup's start
 * does not parse it twice) and the page keeps one copy of it.
 */
async function loadImporter() {
  const { opmlImporter } = await import(chrome.runtime.getURL("lib/classifier.js"));
  return opmlImporter(chrome.runtime.getURL("wasm/newsmap.wasm"));
}
