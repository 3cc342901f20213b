// findings.js: a finding (the full check's findings and a report's health
// lines, docs/checking.md; the news sitemap generator's refusals and
// warnings) in the user's language. Every finding code has one template
// in the catalogue, finding_<code> with - as _ (common/report/catalog), and the
// host's English Text is that template filled with the finding's args
// (check.Key; the generator's wasm module writes the same English itself,
// TestTemplatesSayTheText); here the same template is filled with the same
// args in the user's language. A code this extension has no
// template for (a newer host's) is shown as the host's Text. The args are
// evidence (URLs, page text, the parser's message) as the host wrote
// them; the caller shows the result as text, never markup.

import { t, has } from "./i18n.js";

/**
 * findingKey is the message of a finding code: "no-gzip" says
 * finding_no_gzip.
 * @param {string} code
 */
export function findingKey(code) {
  return `finding_${code.replaceAll("-", "_")}`;
}

/**
 * findingText is a finding in the user's language, or the host's English
 * Text for a code without a template here.
 * @param {{code?: string, args?: Record<string, any>, text?: string}} f
 * @returns {string}
 */
export function findingText(f) {
  const code = f?.code;
  if (typeof code !== "string" || !code || !has(findingKey(code))) return String(f?.text || "");
  return t(findingKey(code), f.args && typeof f.args === "object" ? f.args : {});
}
