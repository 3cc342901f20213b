// popup.js: the toolbar popup. It reads the tab it describes, asks the wasm
// classifier what the page advertises, and on "Find feed" asks the native
// host (through the background worker) to look further.
//
// The tab is the active tab when the toolbar button opened the popup, or
// the tab named by ?tab=ID when the popup page is opened in a tab of its
// own (the browser tests do that); both go through readTab. With
// ?view=subs the page is the subscriptions list alone.

import { siteOf } from "../lib/format.js";
import { CODES, INSTALL_COMMAND, INSTALL_FROM_SOURCE } from "../lib/protocol.js";
import { translate, t } from "../lib/i18n.js";
import { errorText } from "../lib/errors.js";
import { say } from "./dom.js";
import { ask } from "./host.js";
import { renderPage, renderReport, progressRow } from "./render.js";
import * as subs from "./subs.js";
import * as send from "./send.js";

performance.mark("popup-js"); // its module graph has loaded (docs/performance-browser.md)
const body = document.body;
translate();

// What boot.js (a classic script in popup.html's head) started.
const { classifier: started, head, params, subsPage, tabId: whichTab } = globalThis.feedscoutBoot;

// The classifier was started by boot.js, in parallel with reading the tab.
// The performance marks time the popup's start
// (docs/performance-browser.md).
const classifierReady = started.then((c) => {
  performance.mark("classifier-ready");
  return c;
});

// snapshot runs in the tab (scripting.executeScript): it only reads. status
// is the HTTP status the tab's document came with (0 when the browser does
// not say).
function snapshot() {
  const nav = performance.getEntriesByType("navigation")[0];
  return {
    url: location.href,
    html: document.documentElement.outerHTML,
    contentType: document.contentType,
    status: (nav && nav.responseStatus) || 0,
  };
}

/** readTab returns what func returns in the tab. */
async function readTab(tabId, func = snapshot) {
  const [res] = await chrome.scripting.executeScript({ target: { tabId }, func });
  if (!res || !res.result) throw new Error("the tab returned nothing");
  return res.result;
}

// shown records that advertised feeds are on screen (once).
function shown() {
  if (!performance.getEntriesByName("feeds-shown").length) performance.mark("feeds-shown");
}

// firstLook classifies the tab's <head> and shows its advertised feeds,
// unless the whole page was classified first. The whole page replaces
// these rows with the same ones plus what only the body holds.
async function firstLook() {
  const [c, h] = await Promise.all([classifierReady, head]);
  const site = siteOf(h.url);
  if (page || !site) return;
  const p = c.classify(h.url, `<!doctype html><html>${h.head}<body></body></html>`, h.contentType, { lists: false });
  if (page || !p.feeds || !p.feeds.length) return;
  document.getElementById("site").textContent = new URL(site).host;
  renderPage(p, site);
  shown();
}

let classifier = null;
let tab = null; // {url, html, contentType}
let page = null; // the classifier's answer for tab

// The page's role, from its query: the toolbar popup (no query), the popup
// for a given tab (?tab=ID), or the subscriptions page in a tab of its own
// (?view=subs), where a file chooser can open: Chrome closes a toolbar
// popup when one does, so Import there opens this page instead.
const toolbarPopup = !subsPage && !params.has("tab");

async function main() {
  wireTabs();
  subs.watch(() => {
    subs.repaint();
    subs.renderList();
  });
  const loaded = subs.load();
  send.load().catch(() => {}); // without sync storage the buttons open the settings
  if (subsPage) {
    document.getElementById("view-site").hidden = true;
    document.getElementById("view-subs").hidden = false;
    document.getElementById("tab-site").hidden = true;
    document.getElementById("tab-subs").setAttribute("aria-pressed", "true");
    await loaded;
    body.dataset.state = "subs";
    return;
  }

  let tabErr = null;
  // The whole page is read once the first look is done: serialising and
  // moving a big page competes for the CPU with compiling the classifier,
  // and the advertised feeds need only the <head>.
  const first = firstLook().catch(() => {}); // the whole read below reports errors
  const tabRead = Promise.all([whichTab, first])
    .then(([id]) => readTab(id))
    .then((snap) => {
      performance.mark("tab-read");
      return snap;
    });
  const [c, read] = await Promise.allSettled([classifierReady, tabRead]);
  if (read.status === "fulfilled") tab = read.value;
  else tabErr = read.reason;
  if (c.status === "fulfilled") classifier = c.value;
  await loaded;

  if (!tab) {
    body.dataset.state = "page-error";
    say("page-status", t("err_tab", { error: tabErr?.message || String(tabErr) }));
    return;
  }
  const site = siteOf(tab.url);
  document.getElementById("site").textContent = site ? new URL(site).host : tab.url;
  if (!site) {
    body.dataset.state = "page-error";
    say("page-status", t("err_not_web"));
    return;
  }
  document.getElementById("find").disabled = false;
  document.getElementById("find").addEventListener("click", () => find(site));

  if (!classifier) {
    body.dataset.state = "page-error";
    say("page-status", t("err_classifier_load", { error: c.reason?.message || String(c.reason) }));
    return;
  }
  const t0 = performance.now();
  try {
    // The popup shows no sections or articles: leave them out of the answer.
    page = classifier.classify(tab.url, tab.html, tab.contentType, { lists: false });
  } catch (err) {
    body.dataset.state = "page-error";
    say("page-status", t("err_classify", { error: err.message }));
    return;
  }
  performance.measure("classify", { start: t0, end: performance.now() });
  renderPage(page, site);
  shown();
  body.dataset.state = "page";
}

let running = false;

// MAX_PAGE is the largest tab HTML sent along with a discover request.
const MAX_PAGE = 8 << 20;

/** find runs the host's discovery for site and shows it as it happens. */
async function find(site) {
  if (running) return;
  running = true;
  const button = document.getElementById("find");
  // Busy, not disabled: a disabled button would drop the keyboard focus
  // (running keeps a second click from starting a second discovery).
  button.setAttribute("aria-disabled", "true");
  body.dataset.discover = "running";
  document.getElementById("progress").replaceChildren();
  document.getElementById("report").replaceChildren();
  document.getElementById("install").hidden = true;
  const looking = t("looking", { host: new URL(site).host });
  say("discover-status", looking);
  announce(looking);

  const req = { type: "discover", url: site };
  // The tab as the browser has it: the host classifies it itself, makes no
  // homepage request when the tab is the homepage, and uses a feed the page
  // advertises. PROTOCOL.md caps a request at 8 MiB + 64 KiB. An error page
  // (a 403 from a site that refuses robots too) is not the homepage: the
  // host then asks for it itself and sees the refusal.
  const ok = tab.status === 0 || (tab.status >= 200 && tab.status < 300);
  if (ok && new TextEncoder().encode(tab.html).length <= MAX_PAGE) {
    req.page = { url: tab.url, html: tab.html, content_type: tab.contentType };
  }
  const started = performance.now();
  // The requests the site saw from a host that died mid-click: its rows
  // are cleared when the worker starts another, whose report lists only
  // its own, so the cost line adds them.
  let sentBefore = 0;
  let sentNow = 0;
  const reply = await ask(
    req,
    (row) => {
      if (row.sent === true) sentNow++;
      progressRow(row, site);
    },
    () => {
      sentBefore += sentNow;
      sentNow = 0;
      document.getElementById("progress").replaceChildren();
    },
  );
  const elapsedMs = performance.now() - started;

  if (reply.type === "result" && reply.report) {
    say("discover-status", "");
    showReport(reply.report, site, elapsedMs, sentBefore);
    body.dataset.discover = "done";
    body.dataset.outcome = String(reply.report.outcome || "");
  } else {
    showError(reply);
    announce(document.getElementById("discover-status").textContent);
    body.dataset.discover = "error";
    body.dataset.code = String(reply.code || "");
  }
  button.removeAttribute("aria-disabled");
  button.textContent = t("find_again");
  running = false;
}

/**
 * showReport draws the host's report for site as Find feed does: with the
 * names the tab's page gives its sections, and said to screen readers.
 * @param {object} report
 * @param {string} site
 * @param {number} [elapsedMs]
 * @param {number} [sentBefore] requests a host that died mid-click made
 */
function showReport(report, site, elapsedMs, sentBefore = 0) {
  renderReport(report, { site, elapsedMs, names: sectionNames(report), sentBefore });
  const said = [document.getElementById("reason")?.textContent, document.getElementById("cost")?.textContent];
  announce(t("done_announce", { result: said.filter(Boolean).join(" ") }));
}

// names is what sectionNames read from the tab's page, once.
let names = null;

/**
 * sectionNames maps section URLs to the words the tab's page uses for
 * them (the classifier's sections with their anchor text), so that a
 * section the host names only by URL still shows the site's name. The
 * page is classified with its lists only when a report has sections.
 * @param {object} report
 * @returns {Map<string, string>|undefined}
 */
function sectionNames(report) {
  if (!(report.sections || []).length || !classifier || !tab) return undefined;
  if (!names) {
    names = new Map();
    try {
      const p = classifier.classify(tab.url, tab.html, tab.contentType, { lists: true });
      for (const s of p.sections || []) {
        const name = s.name || s.text;
        if (s.url && name && !names.has(s.url)) names.set(s.url, name);
      }
    } catch {
      // The report's own names and paths still show.
    }
  }
  return names;
}

function showError(reply) {
  say("discover-status", errorText(reply));
  if (reply.code === CODES.hostMissing) {
    document.getElementById("install-command").textContent = INSTALL_COMMAND;
    document.getElementById("install-source").textContent = INSTALL_FROM_SOURCE;
    document.getElementById("install").hidden = false;
  }
}

// announce says text to screen readers through the page's polite live
// region (the visible status lines change too, but a hidden one is not
// announced). The region is emptied first so that the same words twice
// are said twice.
function announce(text) {
  const live = document.getElementById("announce");
  live.textContent = "";
  setTimeout(() => (live.textContent = text), 50);
}

function wireTabs() {
  const views = { "tab-site": "view-site", "tab-subs": "view-subs" };
  for (const [buttonId, viewId] of Object.entries(views)) {
    document.getElementById(buttonId).addEventListener("click", () => {
      for (const [b, v] of Object.entries(views)) {
        document.getElementById(b).setAttribute("aria-pressed", String(b === buttonId));
        document.getElementById(v).hidden = v !== viewId;
      }
    });
  }
  document.getElementById("export").addEventListener("click", async () => {
    try {
      subs.exportOPML(classifier || (await classifierReady));
    } catch (err) {
      say("subs-note", t("export_failed", { error: err.message }));
    }
  });
  document.getElementById("options").addEventListener("click", () => chrome.runtime.openOptionsPage());
  const input = document.getElementById("import");
  // Import is a button (keyboard and screen readers reach it) that opens
  // the file input's chooser; in the toolbar popup it opens this page in a
  // tab first, since the chooser would close the popup.
  document.getElementById("import-button").addEventListener("click", () => {
    if (!toolbarPopup) {
      input.click();
      return;
    }
    chrome.tabs.create({ url: chrome.runtime.getURL("popup/popup.html?view=subs") });
    window.close();
  });
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    try {
      await subs.importOPML(file);
    } catch (err) {
      say("subs-note", t("import_failed", { error: err.message }));
    }
    input.value = "";
  });
}

main().catch((err) => {
  body.dataset.state = "page-error";
  say("page-status", t("err_unexpected", { error: err.message }));
});

// The page's parts, for whoever imports popup.js into this page: the
// browser tests render reports and subscribe through the same instances
// the page uses (build.sh bundles the modules popup.js imports into it, so
// "/popup/render.js" is not a file of the built extension).
export { renderReport, showReport, showError, subs };
