// options.js: the settings page: which reader "Add to" sends found feeds
// to (lib/readers.js), and the route sections and news sitemaps are
// followed through (lib/follow.js), kept in chrome.storage.sync so that
// they follow the user to their other browsers; the gateway's key alone
// stays in chrome.storage.local. Nothing here makes a request.

import { translate, t } from "../lib/i18n.js";
import { READERS, FEED_SCHEME, CUSTOM, PROBLEMS, SETTING_KEY, reader, check, subscribeURL, readerLabel } from "../lib/readers.js";
import { FOLLOW_KEY, GATEWAY_KEY, FOLLOW_PROBLEMS, ROUTES, routeOf, checkFollow, gatewayBase, bridgeBase } from "../lib/follow.js";
import { validKey } from "../lib/sign.js";

translate();

/** EXAMPLE_FEED is the feed the preview shows the address for. */
const EXAMPLE_FEED = "https://www.example.com/feed.xml";

const form = document.getElementById("reader-form");
const base = document.getElementById("base");
const template = document.getElementById("template");
const gateway = document.getElementById("gateway-base");
const key = document.getElementById("gateway-key");
const bridge = document.getElementById("bridge-base");

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

/**
 * chosenFollow is the route setting the form shows now: the route, and
 * each address that is written (kept whichever route is chosen, so that
 * switching back finds it).
 */
function chosenFollow() {
  const f = { route: routeOf({ route: form.elements.route.value }) };
  if (gateway.value.trim()) f.gateway = gateway.value.trim();
  if (bridge.value.trim()) f.bridge = bridge.value.trim();
  return f;
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
  const route = routeOf({ route: form.elements.route.value });
  document.getElementById("gateway-fields").hidden = route !== ROUTES.gateway;
  document.getElementById("bridge-fields").hidden = route !== ROUTES.bridge;
  if (problems) {
    mark(check(s));
    markFollow(checkFollow(chosenFollow(), key.value));
  }
}

// markFields shows problem at the field it belongs to (aria-invalid and
// the sentence the field is described by) and clears the others; fields
// are [input, problem element id, problem code, message key].
function markFields(fields, problem) {
  for (const [input, id, code, msg] of fields) {
    const p = document.getElementById(id);
    const bad = problem === code;
    p.textContent = bad ? t(msg) : "";
    p.hidden = !bad;
    if (bad) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  }
}

// mark shows the reader setting's problem at its field.
function mark(problem) {
  markFields(
    [
      [base, "base-problem", PROBLEMS.base, "problem_bad_base"],
      [template, "template-problem", PROBLEMS.template, "problem_bad_template"],
    ],
    problem,
  );
}

// markFollow shows the route's problem at its field.
function markFollow(problem) {
  markFields(
    [
      [gateway, "gateway-base-problem", FOLLOW_PROBLEMS.gateway, "problem_bad_gateway"],
      [key, "gateway-key-problem", FOLLOW_PROBLEMS.key, "problem_bad_key"],
      [bridge, "bridge-base-problem", FOLLOW_PROBLEMS.bridge, "problem_bad_bridge"],
    ],
    problem,
  );
}

/** followInput is the field of a route problem. */
const followInput = { [FOLLOW_PROBLEMS.gateway]: gateway, [FOLLOW_PROBLEMS.key]: key, [FOLLOW_PROBLEMS.bridge]: bridge };

/**
 * saveFollow stores the route (chrome.storage.sync) and the gateway's
 * key (chrome.storage.local only). Addresses that are not valid are not
 * kept: only the chosen route's must be, and checkFollow said it is.
 */
async function saveFollow(f) {
  const stored = { route: f.route };
  if (gatewayBase(f.gateway)) stored.gateway = gatewayBase(f.gateway);
  if (bridgeBase(f.bridge)) stored.bridge = bridgeBase(f.bridge);
  await chrome.storage.sync.set({ [FOLLOW_KEY]: stored });
  const k = key.value.trim();
  if (validKey(k)) await chrome.storage.local.set({ [GATEWAY_KEY]: k });
  else if (!k) await chrome.storage.local.remove(GATEWAY_KEY);
}

let tried = false;

async function save(ev) {
  ev.preventDefault();
  tried = true;
  const s = chosen();
  const status = document.getElementById("saved");
  const problem = s.id ? check(s) : "";
  mark(problem);
  const f = chosenFollow();
  const followProblem = checkFollow(f, key.value);
  markFollow(followProblem);
  if (problem || followProblem) {
    status.textContent = "";
    if (problem) (problem === PROBLEMS.base ? base : template).focus();
    else followInput[followProblem].focus();
    return;
  }
  try {
    if (s.id) await chrome.storage.sync.set({ [SETTING_KEY]: s });
    else await chrome.storage.sync.remove(SETTING_KEY);
    await saveFollow(f);
  } catch (err) {
    status.textContent = t("save_sync_failed", { error: err.message });
    return;
  }
  let said;
  if (!s.id) said = t("saved_none");
  else if (s.id === FEED_SCHEME) said = t("saved", { what: t("send_desktop") });
  else said = t("saved", { what: t("send_to", { reader: readerLabel(s) }) });
  status.textContent = t("sentence_join", { a: said, b: t(`saved_route_${f.route}`) });
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
  const got2 = await chrome.storage.sync.get(FOLLOW_KEY);
  const f = got2[FOLLOW_KEY] || {};
  document.getElementById(`route-${routeOf(f)}`).checked = true;
  if (typeof f.gateway === "string") gateway.value = f.gateway;
  if (typeof f.bridge === "string") bridge.value = f.bridge;
  const k = await chrome.storage.local.get(GATEWAY_KEY);
  if (typeof k[GATEWAY_KEY] === "string") key.value = k[GATEWAY_KEY];
  form.addEventListener("change", () => show(tried));
  form.addEventListener("input", () => show(tried));
  form.addEventListener("submit", save);
  show(false);
  document.body.dataset.state = "ready";
}

main().catch((err) => {
  document.getElementById("saved").textContent = t("err_unexpected", { error: err.message });
});
