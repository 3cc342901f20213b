// errors.js: an error reply in the user's language. Every error code, the
// host's (HOST_CODES) and the worker's (CODES), is one template of the
// message catalogue (common/report/catalog, key error_ and the code with _ for
// -), which the host fills in English for the reply's error and this
// fills in the user's language with the reply's args; a fetch-failed
// error says its reason (docs/reasons.md). A code the catalogue does not
// know here, from a newer host, shows the host's English sentence.

import { t, has } from "./i18n.js";
import { sentence } from "./reasons.js";
import { HOST_CODES } from "./protocol_gen.js";

/** errorKey is message.ErrorKey: the catalogue's key of an error code. */
export function errorKey(code) {
  return `error_${String(code).replaceAll("-", "_")}`;
}

/**
 * errorText says an error reply ({code, error, args}) in the user's
 * language.
 * @param {{code?: string, error?: string, args?: Record<string, any>}} reply
 * @returns {string}
 */
export function errorText(reply) {
  const args = reply?.args && typeof reply.args === "object" && !Array.isArray(reply.args) ? reply.args : {};
  const code = typeof reply?.code === "string" ? reply.code : "";
  if (code === HOST_CODES.fetchFailed) {
    const s = sentence(String(args.reason_code ?? ""), args);
    if (s) return s;
  }
  if (code && has(errorKey(code))) return t(errorKey(code), args);
  return t("error_unknown", { error: reply?.error || code || "?" });
}
