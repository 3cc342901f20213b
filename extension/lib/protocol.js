// protocol.js: the names the popup, the background worker and the native
// host agree on. Pure constants and message builders, no chrome.*.

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
  badRequest: "bad-request",
});

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
 * hostErrorSentence is what the popup says for a host error code.
 * @param {string} code
 * @param {string} [detail] the browser's own message, appended when useful
 */
export function hostErrorSentence(code, detail) {
  switch (code) {
    case CODES.hostMissing:
      return "The feedscout host is not installed for this browser, so Find feed cannot fetch anything.";
    case CODES.hostForbidden:
      return "The installed feedscout host does not allow this extension. Install it again to update its manifest.";
    case CODES.hostExited:
      return `The feedscout host stopped before it answered${detail ? ` (${detail})` : ""}. Try again; if it keeps happening, install the host again.`;
    default:
      return detail || "Something went wrong talking to the feedscout host.";
  }
}

/**
 * isRequest reports whether msg is a request a popup may send to the
 * background worker: {type: "discover"|"section", url: http(s) string,
 * page?: {url, html, content_type}} or {type: "version"}.
 * @param {any} msg
 */
export function isRequest(msg) {
  if (!msg || typeof msg !== "object") return false;
  if (msg.type === "version") return true;
  if (msg.type !== "discover" && msg.type !== "section") return false;
  if (typeof msg.url !== "string" || !/^https?:\/\//i.test(msg.url)) return false;
  if (msg.page === undefined) return true;
  const p = msg.page;
  return (
    msg.type === "discover" &&
    p !== null &&
    typeof p === "object" &&
    typeof p.url === "string" &&
    typeof p.html === "string" &&
    typeof p.content_type === "string"
  );
}
