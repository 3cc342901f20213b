// protocol.js: the names the popup, the background worker and the native
// host agree on. Pure constants and message builders, no chrome.*. The
// host's own words and limits come from Go (protocol_gen.js, written by go
// generate); this file holds what only the extension decides.

import { safeHref } from "./format.js";
import { REQUEST, HOST_CODES, MAX_SPENT } from "./protocol_gen.js";
import { errorText } from "./errors.js";

export { REQUEST, REPLY, HOST_CODES, MAX_REQUEST } from "./protocol_gen.js";

/** HOST is the native messaging host's name (its manifest's "name"). */
export const HOST = "dev.feedscout.host";

/** PORT is the name of the port a popup opens to the background worker. */
export const PORT = "feedscout-popup";

/**
 * Error codes the background worker sends to a popup in
 * {type: "error", code}. "host-missing" means the host manifest is not
 * installed for this browser; the popup then shows the install command.
 */
export const CODES = Object.freeze({
  hostMissing: "host-missing",
  hostForbidden: "host-forbidden",
  hostExited: "host-exited",
  badRequest: HOST_CODES.badRequest,
  timeout: "timeout",
});

/**
 * ANSWER_TIMEOUT_MS is how long the popup waits for the host's answer
 * after the last message of a request (the host's 60 s limit for one
 * discovery, with room for a slow start): past it the popup says so
 * instead of waiting forever.
 */
export const ANSWER_TIMEOUT_MS = 90 * 1000;

/**
 * IDLE_CLOSE_MS is how long the worker keeps the native port open with
 * nothing in flight before it closes it (the host then exits); the next
 * request opens a new one. While the port is open Chrome keeps the
 * service worker and Firefox the event page running, so an open port
 * would keep them and one host process alive until the browser closes.
 * It is far longer than any pause between two requests to a site (1 s),
 * and the pacing is shared through the state folder, so a new host keeps
 * the gaps the old one kept.
 */
export const IDLE_CLOSE_MS = 45 * 1000;

/**
 * requestBytes is the size of msg as the browser frames it for the host:
 * its JSON in UTF-8.
 * @param {object} msg
 */
export function requestBytes(msg) {
  return new TextEncoder().encode(JSON.stringify(msg)).length;
}

/** INSTALL_COMMAND is what a person runs to install the host. */
export const INSTALL_COMMAND = "feedscout-host install";

/** INSTALL_FROM_SOURCE is the same from a source checkout. */
export const INSTALL_FROM_SOURCE = "./build.sh install";

/**
 * hostErrorCode maps the message of chrome.runtime.lastError after a native
 * port closed to one of CODES. Chrome's wording: "Specified native messaging
 * host not found.", "Access to the specified native messaging host is
 * forbidden.", "Native host has exited." (Firefox: "No such native
 * application ...", "Attempt to postMessage on disconnected port").
 * @param {string} message
 */
export function hostErrorCode(message) {
  const m = String(message || "").toLowerCase();
  if (m.includes("not found") || m.includes("no such native application")) return CODES.hostMissing;
  if (m.includes("forbidden")) return CODES.hostForbidden;
  return CODES.hostExited;
}

/**
 * hostErrorSentence is what the worker says for one of its error codes
 * (CODES), in the user's language: the catalogue's template for it
 * (lib/errors.js), with detail, the browser's own message, where the
 * template names it.
 * @param {string} code
 * @param {string} [detail]
 */
export function hostErrorSentence(code, detail) {
  return errorText({ code, error: detail, args: detail ? { detail } : {} });
}

/**
 * isRequest reports whether msg is a request a popup may send to the
 * background worker: {type: "discover"|"section"|"check"|"feed", url: http(s) string,
 * page?: {url, html, content_type}, spent?: count (discover: requests the
 * click already cost the site before the worker died)} or {type: "version"|"status"}.
 * @param {any} msg
 */
export function isRequest(msg) {
  if (!msg || typeof msg !== "object") return false;
  if (msg.type === REQUEST.version || msg.type === REQUEST.status) return true;
  if (msg.type !== REQUEST.discover && msg.type !== REQUEST.section && msg.type !== REQUEST.check && msg.type !== REQUEST.feed) return false;
  if (!safeHref(msg.url)) return false;
  if (msg.spent !== undefined && (msg.type !== REQUEST.discover || !Number.isInteger(msg.spent) || msg.spent < 0 || msg.spent > MAX_SPENT)) return false;
  if (msg.page === undefined) return true;
  const p = msg.page;
  return (
    msg.type === REQUEST.discover &&
    p !== null &&
    typeof p === "object" &&
    typeof p.url === "string" &&
    typeof p.html === "string" &&
    typeof p.content_type === "string"
  );
}
