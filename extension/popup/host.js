// host.js: the popup's side of the conversation with the background worker,
// which forwards requests to the native host.

import { PORT, CODES } from "../lib/protocol.js";

/**
 * ask sends one request ({type, url, page?}) to the background worker and
 * resolves with the host's final reply: {type: "result", report} or
 * {type: "error", error, code}. onProgress gets each progress row as it
 * arrives; onRestart is called when the host died mid-request and the
 * worker started it again (the rows so far are void: it starts over). When the worker is stopped mid-request (the browser may stop it
 * at any time) the port closes without a reply; ask then asks once more on
 * a fresh port, and the worker opens the native port again.
 * @param {{type: string, url?: string, page?: object}} req
 * @param {(row: object) => void} onProgress
 * @param {() => void} onRestart
 * @returns {Promise<{type: string, report?: object, error?: string, code?: string}>}
 */
export function ask(req, onProgress, onRestart) {
  return attempt(req, onProgress, onRestart, 2);
}

function attempt(req, onProgress, onRestart, tries) {
  return new Promise((resolve) => {
    const id = crypto.randomUUID();
    let done = false;
    let port;
    try {
      port = chrome.runtime.connect({ name: PORT });
    } catch (err) {
      resolve({ type: "error", code: CODES.hostExited, error: `The extension's background worker is not reachable (${err.message}). Reload the extension.` });
      return;
    }
    port.onMessage.addListener((msg) => {
      if (!msg || msg.id !== id || done) return;
      if (msg.type === "progress") {
        onProgress(msg.request || {});
        return;
      }
      if (msg.type === "restart") {
        onRestart();
        return;
      }
      done = true;
      port.disconnect();
      resolve(msg);
    });
    port.onDisconnect.addListener(() => {
      if (done) return;
      done = true;
      if (tries > 1) {
        onRestart();
        resolve(attempt(req, onProgress, onRestart, tries - 1));
      } else {
        resolve({ type: "error", code: CODES.hostExited, error: "The extension's background worker stopped twice before the host answered. Try again." });
      }
    });
    port.postMessage({ ...req, id });
  });
}
