// followed.js: the Subscriptions view says, for each subscription, how the
// reader chosen beside Export OPML will follow it, and whether the
// feedscout gateway runs when that is the way. How is not decided here:
// common/opml decides it, the same decision its OPML writer writes, and the
// classifier's opml_ways call answers it (ways). Whether the gateway runs
// the host tells (the status request, PROTOCOL.md); the extension makes no
// request to the gateway.

import { t } from "../lib/i18n.js";
import { el } from "./dom.js";
import { ask } from "./host.js";
import { follow } from "./send.js";
import { effective, flavour, bridgeBase, ROUTES } from "../lib/follow.js";

/** FRESH_MS is how long one status answer is used for the view. */
const FRESH_MS = 5000;

let status = null; // {at, promise} of the last status request
let version = null; // the promise of the version reply (the host's path)
let drawn = 0; // generation of the last annotate, so a late answer of an older one is dropped

function gatewayStatus() {
  if (!status || performance.now() - status.at > FRESH_MS) {
    status = { at: performance.now(), promise: ask({ type: "status" }, () => {}, () => {}) };
  }
  return status.promise;
}

function hostPath() {
  version ||= ask({ type: "version" }, () => {}, () => {}).then((r) => (r.type === "result" && typeof r.path === "string" ? r.path : ""));
  return version;
}

let latest = null; // the arguments of the last show

/**
 * show annotates the subscriptions list (annotate) when the subscriptions
 * view is on screen, else as soon as it is: a popup that only shows the
 * site asks the host nothing for it.
 * @param {HTMLElement} ul
 * @param {object[]} list
 * @param {string} reader
 */
export function show(ul, list, reader) {
  latest = [ul, list, reader];
  const view = document.getElementById("view-subs");
  const run = () => annotate(...latest).catch((err) => console.warn("feedscout: how subscriptions are followed:", err));
  if (view && !view.dataset.followedWatch) {
    view.dataset.followedWatch = "true";
    new MutationObserver(() => {
      if (!view.hidden) run();
    }).observe(view, { attributes: true, attributeFilter: ["hidden"] });
  }
  if (!view || !view.hidden) run();
}

/**
 * ways says how reader follows each subscription, by url, as common/opml
 * writes it for that reader (opml.Ways; docs/readers.md): "gateway",
 * "exec" (newsboat runs the host), "direct" (the reader reads the feed
 * itself) or "xpath" (FreshRSS scrapes it). The host's path does not
 * change the way. A list the module refuses (a kind it does not know) has
 * no ways.
 * @param {{opmlWays: (subs: object[], reader: string) => string[]}} classifier
 * @param {object[]} list the subscriptions, as stored
 * @param {string} reader "any", "newsboat" or "freshrss"
 * @returns {Map<string, string>}
 */
export function ways(classifier, list, reader, options = { reader }) {
  try {
    const found = classifier.opmlFollow(list, options).ways;
    return new Map(list.map((s, i) => [s.url, found[i]]));
  } catch (err) {
    console.warn("feedscout: how the subscriptions are followed:", err);
    return new Map();
  }
}

/**
 * annotate adds to each row of the subscriptions list (li[data-url]) a line
 * saying how reader follows it; rows followed through the gateway say
 * whether it runs. It draws once the classifier, and when needed the
 * host's answers, are there; a newer call wins.
 * @param {HTMLElement} ul
 * @param {object[]} list the subscriptions, as stored
 * @param {string} reader "any" (through the route chosen in Settings,
 *   lib/follow.js), "newsboat" or "freshrss"
 */
export async function annotate(ul, list, reader) {
  const gen = ++drawn;
  // Lines of another reader are wrong now: gone at once, not when the
  // host has answered.
  for (const line of ul.querySelectorAll(":scope > li[data-url] > .followed")) if (line.dataset.reader !== reader) line.remove();
  if (!list.length) return;
  const path = reader === "newsboat" ? await hostPath() : "";
  const classifier = await globalThis.feedscoutBoot.classifier;
  if (gen !== drawn) return;
  // "Any reader" follows through the route chosen in Settings.
  // "rss-bridge" through the RSS-Bridge set there, whichever route is chosen.
  let route = reader === "any" ? effective(follow.value, follow.key) : null;
  if (reader === "rss-bridge") route = effective({ ...follow.value, route: ROUTES.bridge, bridge: bridgeBase(follow.value?.bridge) || "" }, follow.key);
  let options = route ? { reader: flavour(route.route), gateway: route.gateway, bridge: route.bridge } : { reader };
  // No RSS-Bridge set: the module refuses the flavour, and no row has a line.
  if (reader === "rss-bridge" && route.route !== ROUTES.bridge) options = { reader };
  const found = ways(classifier, list, reader, options);
  const own = route?.gateway || "";
  const gatewayRows = !own && [...found.values()].includes("gateway");
  const g = gatewayRows ? await gatewayStatus() : null;
  if (gen !== drawn) return;
  for (const li of ul.querySelectorAll(":scope > li[data-url]")) {
    li.querySelector(":scope > .followed")?.remove();
    const way = found.get(li.dataset.url);
    if (!way) continue;
    const line = el("div", { class: "meta followed", "data-how": way, "data-reader": reader });
    if (way === "direct") line.textContent = t("followed_direct");
    else if (way === "xpath") line.textContent = t("followed_xpath");
    else if (way === "exec") line.textContent = path ? t("followed_exec", { path }) : t("followed_exec_unknown");
    else if (way === "bridge") line.textContent = t("followed_bridge", { url: route.bridge });
    else if (own) line.textContent = t("followed_own_gateway", { url: own });
    else gatewayLine(line, g);
    li.querySelector(":scope > .actions")?.before(line);
  }
}

/**
 * gatewayLine says which gateway a row goes through and whether it runs,
 * from the host's status reply.
 * @param {HTMLElement} line
 * @param {{type: string, status?: {gateway?: {url?: string, state?: string}}, error?: string}} reply
 */
function gatewayLine(line, reply) {
  const gw = reply?.type === "result" ? reply.status?.gateway : null;
  const url = typeof gw?.url === "string" ? gw.url : "http://127.0.0.1:8765";
  let state = "unknown";
  let said = t("gateway_unknown", { error: String(reply?.error || "") });
  if (gw?.state === "running") [state, said] = ["running", t("gateway_running")];
  else if (gw?.state === "stopped") [state, said] = ["stopped", t("gateway_stopped")];
  else if (gw?.state === "other") [state, said] = ["other", t("gateway_foreign")];
  line.dataset.gateway = state;
  line.append(t("followed_gateway", { url }), " ", el("span", { class: state === "running" ? "gateway-state" : "gateway-state warn" }, said));
}
