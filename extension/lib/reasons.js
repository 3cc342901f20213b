// reasons.js: the host's reason in the user's language. A report carries
// reason_code and reason_args (docs/reasons.md lists every code and its
// arguments); each code is one template of the message catalogue
// (common/report/catalog, key reason_ and the code with _ for -), which the
// host's report.Sentence fills in English and this fills in the user's
// language, the same way (TestSayAsThePopup). A code the catalogue does
// not know here (the list is append-only, a newer host may add one) shows
// the report's English reason.

import { t, has, selects } from "./i18n.js";

/**
 * reasonText says report's reason in the user's language, or its English
 * reason when its code is unknown here.
 * @param {{reason?: string, reason_code?: string, reason_args?: object}} report
 */
export function reasonText(report) {
  const s = report && typeof report.reason_code === "string" ? sentence(report.reason_code, args(report.reason_args)) : null;
  return s ?? String(report?.reason ?? "");
}

/**
 * sentence says one reason code with its arguments (the "then" argument,
 * why the discovery stopped early, is said after it), or null for a code
 * it does not know.
 * @param {string} code
 * @param {Record<string, any>} a
 * @returns {string|null}
 */
export function sentence(code, a) {
  const key = reasonKey(code);
  if (!has(key)) return null;
  const main = t(key, args(a));
  if (!a || !a.then || typeof a.then !== "object") return main;
  const thenKey = reasonKey(String(a.then.code ?? ""));
  if (!has(thenKey)) return null;
  return t("sentence_join", { a: main, b: t(thenKey, args(a.then.args)) });
}

/** reasonKey is report.ReasonKey: the catalogue's key of a reason code. */
function reasonKey(code) {
  return `reason_${String(code).replaceAll("-", "_")}`;
}

function args(v) {
  return v && typeof v === "object" && !Array.isArray(v) ? v : {};
}

/**
 * problem says what went wrong with one fetched thing (a problem object
 * of docs/reasons.md: {problem, status?, limit_mib?, hops?}), for inside a
 * sentence.
 * @param {any} p
 */
export function problem(p) {
  return t("fetch_problem", args(p));
}

/**
 * previewText says why a feed was not previewed in the user's language,
 * from its preview_code and preview_args (docs/reasons.md, A feed's
 * preview), or its English preview when the catalogue's feed_preview
 * names no such code here.
 * @param {{preview?: string, preview_code?: string, preview_args?: object}} feed
 */
export function previewText(feed) {
  const code = feed && typeof feed.preview_code === "string" ? feed.preview_code : "";
  if (!code || !selects("feed_preview", "preview", code)) return String(feed?.preview ?? "");
  return t("feed_preview", { ...args(feed.preview_args), preview: code });
}
