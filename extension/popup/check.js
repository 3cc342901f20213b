// check.js: a found feed's or news sitemap's health line (what the host saw
// when it read it: report feeds[].health, sitemaps[].health) and its Check
// button, which asks the host for the full check (PROTOCOL.md, check) and
// lists the findings. Rendering only: every rule is the host's
// (nativehost/internal/check). A health line and the full check's
// findings are said in the user's language by their code's template, with
// their args (lib/findings.js, docs/checking.md), the host's English
// sentence for a code this popup has no template for. Everything is shown
// as text.

import { t, tn } from "../lib/i18n.js";
import { costSummary } from "../lib/words.js";
import { findingText } from "../lib/findings.js";
import { el } from "./dom.js";
import { ask } from "./host.js";

/**
 * healthLine shows a feed's or sitemap's health findings, or null when it
 * has none.
 * @param {unknown} health [{level, code, text}]
 */
export function healthLine(health) {
  if (!Array.isArray(health)) return null;
  const items = health.filter((h) => h && typeof h.text === "string" && h.text);
  if (!items.length) return null;
  return el(
    "ul",
    { class: "health meta", "aria-label": t("health_label") },
    ...items.map((h) => el("li", { class: `finding ${h.level === "error" ? "error" : h.level === "note" ? "note" : "warning"}`, "data-code": String(h.code || "") }, findingText(h))),
  );
}

/** levelWord is a finding's level in the user's language. */
function levelWord(level) {
  if (level === "error") return t("level_error");
  if (level === "warning") return t("level_warning");
  return t("level_note");
}

/** QUESTIONS are a sitemap check's four questions (check.Questions). */
const QUESTIONS = { 1: "check_question_1", 2: "check_question_2", 3: "check_question_3", 4: "check_question_4" };

/** VERDICTS are the answers' words (check.Verdict*). */
const VERDICTS = { yes: "check_verdict_yes", no: "check_verdict_no", "not-asked": "check_verdict_not_asked" };

/**
 * answersList shows a sitemap check's four questions with their answers,
 * or null for a feed (no answers).
 * @param {unknown} answers [{question, verdict}]
 */
function answersList(answers) {
  if (!Array.isArray(answers) || !answers.length) return null;
  return el(
    "ol",
    { class: "answers", "aria-label": t("check_answers_label") },
    ...answers
      .filter((a) => QUESTIONS[a?.question])
      .map((a) => el("li", { class: `answer ${String(a.verdict || "")}` }, `${t(QUESTIONS[a.question])} ${VERDICTS[a.verdict] ? t(VERDICTS[a.verdict]) : String(a.verdict || "")}`)),
  );
}

/**
 * checkButton runs the host's check of url and shows its findings in box
 * (an element of the row, filled when the answer comes).
 * @param {string} url
 * @param {string} title
 * @param {HTMLElement} box
 */
export function checkButton(url, title, box) {
  const b = el("button", { type: "button", class: "check", "aria-label": t("check_label", { title }) }, t("check"));
  b.addEventListener("click", async () => {
    if (b.getAttribute("aria-busy") === "true") return;
    b.setAttribute("aria-busy", "true");
    b.textContent = t("checking");
    box.hidden = false;
    box.replaceChildren(el("p", { class: "status", role: "status" }, t("checking")));
    const reply = await ask({ type: "check", url }, () => {}, () => {});
    b.removeAttribute("aria-busy");
    b.textContent = t("check");
    if (reply.type !== "result" || !reply.check) {
      box.replaceChildren(el("p", { class: "status warn", role: "status" }, t("check_failed", { error: String(reply.error || "") })));
      return;
    }
    const res = reply.check;
    const findings = Array.isArray(res.findings) ? res.findings : [];
    const summary = findings.length ? `${tn("check_findings", findings.length)} · ${costSummary(res.requests)}` : `${t("check_clean")} ${costSummary(res.requests)}`;
    box.replaceChildren(
      el("p", { class: "status", role: "status" }, summary),
      answersList(res.answers),
      findings.length
        ? el(
            "ul",
            { class: "findings", "aria-label": t("findings_label") },
            ...findings.map((f) => el("li", { class: `finding ${String(f.level || "")}`, "data-code": String(f.code || "") }, `${levelWord(f.level)}: ${findingText(f)}`)),
          )
        : null,
    );
  });
  return b;
}
