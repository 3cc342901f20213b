// host.js: the popup's side of the conversation with the background worker,
// which forwards requests to the native host.

import { PORT, CODES, REQUEST, REPLY, ANSWER_TIMEOUT_MS, hostErrorSentence } from "../lib/protocol.js";

/**
 * ask sends one request ({type, url, page?}) to the background worker and
 * resolves with the host's final reply: {type: "result", report} or
 * {type: "error", error, code}. onProgress gets each progress row as it
 * arrives; onRestart is called when the host died mid-request and the
 * worker started it again (the rows so far are void: it starts over). When
 * the worker is stopped mid-request (the browser may stop it at any time)
 * the port closes without a reply; ask then asks once more on a fresh port,
 * telling what the click already cost the site, so the site's budget holds
 * for the whole click: the worker owns that count (spent, on each progress
 * and restart reply) and ask only keeps the last one, plus one for the
 * request possibly on the wire when the worker stopped. With no message for
 * ANSWER_TIMEOUT_MS it resolves with a timeout error the popup shows.
 * @param {{type: string, url?: string, page?: object}} req
 * @param {(row: object) => void} onProgress
 * @param {() => void} onRestart
 * @returns {Promise<{type: string, report?: object, error?: string, code?: string}>}
 */
export function ask(req, onProgress, onRestart) {
  return attempt(req, onProgress, onRestart, 2, { spent: 0 });
}

function attempt(req, onProgress, onRestart, tries, cost) {
  return new Promise((resolve) => {
    const id = crypto.randomUUID();
    let done = false;
    let port;
    let timer = 0;
    const finish = (msg) => {
      done = true;
      clearTimeout(timer);
      resolve(msg);
    };
    const wait = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (done) return;
        try {
          port.disconnect();
        } catch {
          // already closed
        }
        finish({ type: "error", code: CODES.timeout, error: hostErrorSentence(CODES.timeout) });
      }, ANSWER_TIMEOUT_MS);
    };
    try {
      port = chrome.runtime.connect({ name: PORT });
    } catch (err) {
      resolve({ type: "error", code: CODES.hostExited, error: `The extension's background worker is not reachable (${err.message}). Reload the extension.` });
      return;
    }
    port.onMessage.addListener((msg) => {
      if (!msg || msg.id !== id || done) return;
      wait();
      if (msg.type === REPLY.progress || msg.type === "restart") {
        if (Number.isInteger(msg.spent)) cost.spent = Math.max(cost.spent, msg.spent);
        if (msg.type === REPLY.progress) onProgress(msg.request || {});
        else onRestart();
        return;
      }
      port.disconnect();
      finish(msg);
    });
    port.onDisconnect.addListener(() => {
      if (done) return;
      if (tries > 1) {
        done = true;
        clearTimeout(timer);
        onRestart();
        cost.spent++; // a request may have been on the wire when the worker stopped
        const again = req.type === REQUEST.discover ? { ...req, spent: cost.spent } : req;
        resolve(attempt(again, onProgress, onRestart, tries - 1, cost));
      } else {
        finish({ type: "error", code: CODES.hostExited, error: "The extension's background worker stopped twice before the host answered. Try again." });
      }
    });
    port.postMessage({ ...req, id });
    wait();
  });
}
