// options.js: the settings page: which reader "Add to" sends found feeds
// to (lib/readers.js), kept in chrome.storage.sync so that it follows the
// user to their other browsers. Nothing here makes a request.

import { translate, t } from "../lib/i18n.js";
import { READERS, FEED_SCHEME, CUSTOM, PROBLEMS, SETTING_KEY, reader, check, subscribeURL, readerLabel } from "../lib/readers.js";

translate();

/** EXAMPLE_FEED is the feed the preview shows the address for. */
const EXAMPLE_FEED = "https://www.example.com/feed.xml";

const form = document.getElementById("reader-form");
const base = document.getElementById("base");
const template = document.getElementById("template");

// choices are the radio buttons: none, each reader, feed:, custom.
function choices() {
  const list = [["", t("reader_none")]];
  for (const r of READERS) list.push([r.id, r.base ? t("reader_selfhosted", { name: r.name }) : r.name]);
  list.push([FEED_SCHEME, t("reader_feed_scheme")], [CUSTOM, t("reader_custom")]);
  const box = document.getElementById("readers");
  box.replaceChildren(
    ...list.map(([id, name]) => {
      const input = document.createElement("input");
      input.type = "radio";
      input.name = "reader";
      input.value = id;
      input.id = `reader-${id || "none"}`;
      const label = document.createElement("label");
      label.append(input, " ", name);
      return label;
    }),
  );
}

/** chosen is the setting the form shows now. */
function chosen() {
  const id = form.elements.reader.value;
  const s = { id };
  if (reader(id)?.base) s.base = base.value.trim();
  if (id === CUSTOM) s.template = template.value.trim();
  return s;
}

// show reveals the field the choice needs and the address a feed would
// open at; problems show only after a save was tried (or is fixed).
function show(problems) {
  const s = chosen();
  document.getElementById("base-line").hidden = !reader(s.id)?.base;
  document.getElementById("template-line").hidden = s.id !== CUSTOM;
  const url = s.id ? subscribeURL(s, EXAMPLE_FEED) : null;
  const preview = document.getElementById("preview");
  preview.textContent = url ? t("preview", { url }) : "";
  preview.hidden = !url;
  if (problems) mark(check(s));
}

// mark shows the problem of the setting at its field (aria-invalid and the
// sentence the field is described by).
function mark(problem) {
  const fields = [
    [base, "base-problem", PROBLEMS.base, "problem_bad_base"],
    [template, "template-problem", PROBLEMS.template, "problem_bad_template"],
  ];
  for (const [input, id, code, key] of fields) {
    const p = document.getElementById(id);
    const bad = problem === code;
    p.textContent = bad ? t(key) : "";
    p.hidden = !bad;
    if (bad) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  }
}

let tried = false;

async function save(ev) {
  ev.preventDefault();
  tried = true;
  const s = chosen();
  const status = document.getElementById("saved");
  const problem = s.id ? check(s) : "";
  mark(problem);
  if (problem) {
    status.textContent = "";
    (problem === PROBLEMS.base ? base : template).focus();
    return;
  }
  try {
    if (s.id) await chrome.storage.sync.set({ [SETTING_KEY]: s });
    else await chrome.storage.sync.remove(SETTING_KEY);
  } catch (err) {
    status.textContent = t("save_sync_failed", { error: err.message });
    return;
  }
  if (!s.id) status.textContent = t("saved_none");
  else if (s.id === FEED_SCHEME) status.textContent = t("saved", { what: t("send_desktop") });
  else status.textContent = t("saved", { what: t("send_to", { reader: readerLabel(s) }) });
}

async function main() {
  choices();
  const got = await chrome.storage.sync.get(SETTING_KEY);
  const s = got[SETTING_KEY] || {};
  const known = s.id === FEED_SCHEME || s.id === CUSTOM || reader(s.id);
  const radio = document.getElementById(`reader-${known ? s.id : "none"}`);
  radio.checked = true;
  if (typeof s.base === "string") base.value = s.base;
  if (typeof s.template === "string") template.value = s.template;
  form.addEventListener("change", () => show(tried));
  form.addEventListener("input", () => show(tried));
  form.addEventListener("submit", save);
  show(false);
  document.body.dataset.state = "ready";
}

main().catch((err) => {
  document.getElementById("saved").textContent = t("err_unexpected", { error: err.message });
});
