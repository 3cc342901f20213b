// background.js: the service worker. It owns the one native port to the
// feedscout host and routes the host's replies, by id, to the popup that
// asked. It closes the port after IDLE_CLOSE_MS with nothing in flight (the
// host exits, and the browser may stop the worker) and opens a new one for
// the next request. The browser may stop this worker at any time: the
// module-level variables below are caches of live objects (ports) that die
// with the worker anyway. The worker counts what a click has cost the
// site (`spent`) and tells the popup with each row; a popup whose worker
// died asks again itself (popup/host.js) with that count, so nothing about
// requests in flight needs to outlive the worker.

import { HOST, PORT, CODES, REQUEST, REPLY, MAX_REQUEST, ANSWER_TIMEOUT_MS, IDLE_CLOSE_MS, hostErrorCode, hostErrorSentence, isRequest, requestBytes } from "./lib/protocol.js";
import { prime } from "./lib/wasmcache.js";
// The toolbar icon on platform pages and the opt-in count of a page's feeds.
import "./glance.js";

/**
 * @type {chrome.runtime.Port|null} the one native port, opened on first
 * use and closed after IDLE_CLOSE_MS with nothing in flight
 */
let native = null;

/**
 * Ids sent to the host on the native port and not answered yet (result or
 * error), including those whose popup has closed: the host is still
 * working on them, and closing the port would cancel that work.
 * @type {Set<string>}
 */
const inflight = new Set();

/** When the native port last carried a message either way (Date.now()). */
let lastActivity = 0;

/** The pending idle check, or null. */
let idleTimer = null;

/** Native ports idleCheck closed: their disconnect is not a host dying. */
const closedIdle = new WeakSet();

/**
 * Requests sent to the host and not answered yet, by id: the popup's port,
 * the request (kept to send it again once if the host dies under it),
 * whether that happened already, and how many requests this click has cost
 * the site so far (the rows the host marked sent, plus one for each host
 * that died with a request possibly on the wire).
 * @type {Map<string, {port: chrome.runtime.Port, msg: object, retried: boolean, spent: number}>}
 */
const waiting = new Map();

// On install and update (a reloaded unpacked build included) the package's
// classifier module is copied into IndexedDB, where the first popup already
// finds it (lib/wasmcache.js): reading it from there is the fast start.
chrome.runtime.onInstalled.addListener(() => {
  prime(chrome.runtime.getURL("wasm/classify.wasm")).catch((err) => {
    console.warn("feedscout: the classifier was not cached; popups load it from the package:", err);
  });
});

chrome.runtime.onConnect.addListener((port) => {
  if (!fromOurPage(port.sender) || port.name !== PORT) {
    port.disconnect();
    return;
  }
  port.onMessage.addListener((msg) => {
    onRequest(port, msg).catch((err) => {
      reply(port, { id: msg?.id, type: "error", code: CODES.hostExited, error: String(err?.message || err) });
    });
  });
  port.onDisconnect.addListener(() => {
    for (const [id, w] of waiting) {
      if (w.port === port) waiting.delete(id);
    }
  });
});

// fromOurPage accepts only this extension's own pages: the right extension
// id, and a chrome-extension:// (moz-extension://) URL of ours rather than
// script injected into a web page's tab.
function fromOurPage(sender) {
  if (!sender || sender.id !== chrome.runtime.id) return false;
  const own = chrome.runtime.getURL("");
  return typeof sender.url === "string" && sender.url.startsWith(own);
}

async function onRequest(port, msg) {
  const id = msg?.id;
  if (typeof id !== "string" || id.length < 8 || id.length > 64 || !isRequest(msg)) {
    reply(port, { id, type: "error", code: CODES.badRequest, error: "The popup sent a request the worker does not understand." });
    return;
  }
  if (waiting.has(id)) {
    reply(port, { id, type: "error", code: CODES.badRequest, error: "A request with this id is already running." });
    return;
  }
  const out = { id, type: msg.type };
  if (msg.url) out.url = msg.url;
  if (msg.spent) out.spent = msg.spent;
  if (msg.page) {
    out.page = { url: msg.page.url, html: msg.page.html, content_type: msg.page.content_type };
    // A page the host would refuse as too large (JSON escaping can take a
    // page under the 8 MiB cap over the message limit) is not sent: the
    // host then fetches the homepage itself, as for a bare URL.
    if (requestBytes(out) > MAX_REQUEST) delete out.page;
  }
  waiting.set(id, { port, msg: out, retried: false, spent: out.spent || 0 });
  send(out);
}

// send posts to the native port, opening it first when needed. A port that
// died between two requests is opened again once.
function send(msg) {
  for (let attempt = 0; attempt < 2; attempt++) {
    const port = nativePort();
    if (!port) return; // connect failed: nativePort already told the popups
    try {
      port.postMessage(msg);
      inflight.add(msg.id);
      active();
      return;
    } catch (err) {
      if (native === port) native = null;
      if (attempt === 1) fail(CODES.hostExited, String(err?.message || err));
    }
  }
}

function nativePort() {
  if (native) return native;
  let port;
  try {
    port = chrome.runtime.connectNative(HOST);
  } catch (err) {
    const detail = String(err?.message || err);
    fail(hostErrorCode(detail), detail);
    return null;
  }
  native = port;
  port.onMessage.addListener(onHostMessage);
  port.onDisconnect.addListener(() => {
    const detail = chrome.runtime.lastError?.message || port.error?.message || "";
    if (closedIdle.has(port)) return; // closed by idleCheck: nothing was in flight
    if (native === port) native = null;
    // The requests of a host that died are the waiting ones (sent again by
    // retry) and orphans nobody listens to any more.
    inflight.clear();
    const code = hostErrorCode(detail);
    if (code === CODES.hostExited) retry(detail);
    else fail(code, detail);
  });
  return port;
}

// retry sends the requests the host was working on when it died to a new
// host process, once each: a host killed or crashed mid-discovery should not
// cost the person a click, but a request that kills the host every time
// must not loop. The new host is told what the click has cost the site so
// far (spent), so that the site's budget holds across both processes. The
// popup is told to forget the progress it showed.
function retry(detail) {
  const again = [];
  for (const [id, w] of waiting) {
    if (w.retried) {
      const error = hostErrorSentence(CODES.hostExited, detail);
      reply(w.port, { id, type: "error", code: CODES.hostExited, error, detail, args: { detail } });
      waiting.delete(id);
    } else {
      w.retried = true;
      w.spent += 1; // a request may have been on the wire when it died
      if (w.msg.type === REQUEST.discover) w.msg = { ...w.msg, spent: w.spent };
      again.push(w);
    }
  }
  for (const w of again) {
    reply(w.port, { id: w.msg.id, type: "restart", reason: detail, spent: w.spent });
    send(w.msg);
  }
}

// active notes that the native port carried a message, and makes sure an
// idle check is pending.
function active() {
  lastActivity = Date.now();
  if (idleTimer === null) idleTimer = setTimeout(idleCheck, IDLE_CLOSE_MS);
}

// idleCheck closes the native port once it has carried nothing for
// IDLE_CLOSE_MS and no request is in flight, so that the host exits and
// the browser may stop this worker (Chrome keeps a service worker, Firefox
// an event page, running while a native port is open). A request the
// host has been silent on for ANSWER_TIMEOUT_MS counts as lost: its popup
// has given up on it already.
function idleCheck() {
  idleTimer = null;
  if (!native) return;
  const quiet = Date.now() - lastActivity;
  if (quiet < IDLE_CLOSE_MS || (inflight.size > 0 && quiet < ANSWER_TIMEOUT_MS)) {
    const wait = inflight.size > 0 ? Math.max(IDLE_CLOSE_MS, ANSWER_TIMEOUT_MS) - quiet : IDLE_CLOSE_MS - quiet;
    idleTimer = setTimeout(idleCheck, Math.max(wait, 1000));
    return;
  }
  const port = native;
  native = null;
  closedIdle.add(port);
  for (const id of inflight) {
    const w = waiting.get(id);
    if (w) reply(w.port, { id, type: "error", code: CODES.timeout, error: hostErrorSentence(CODES.timeout), args: {} });
    waiting.delete(id);
  }
  inflight.clear();
  try {
    port.disconnect();
  } catch {
    // closed already
  }
}

function onHostMessage(msg) {
  const id = msg?.id;
  active();
  if ((msg?.type === REPLY.result || msg?.type === REPLY.error) && typeof id === "string") inflight.delete(id);
  const w = typeof id === "string" ? waiting.get(id) : undefined;
  if (!w) return; // its popup closed; the host finishes on its own
  if (msg.type === REPLY.progress) {
    // The worker owns the click's count; the popup keeps the last one it
    // was told, to ask again with it if this worker stops (popup/host.js).
    if (msg.request?.sent === true) w.spent++;
    reply(w.port, { ...msg, spent: w.spent });
    return;
  }
  reply(w.port, msg);
  if (msg.type === REPLY.result || msg.type === REPLY.error) waiting.delete(id);
}

// fail ends every waiting request with a host error, when the native port
// could not be opened or closed under us.
function fail(code, detail) {
  const error = hostErrorSentence(code, detail);
  for (const [id, w] of waiting) {
    reply(w.port, { id, type: "error", code, error, detail, args: code === CODES.hostExited && detail ? { detail } : {} });
  }
  waiting.clear();
  inflight.clear();
}

function reply(port, msg) {
  try {
    port.postMessage(msg);
  } catch {
    // the popup closed; nothing to tell
  }
}
