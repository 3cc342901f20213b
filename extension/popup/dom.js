// dom.js: the popup's only way to make elements. Text goes in through
// textContent, attributes through setAttribute, links through safeHref: page
// and feed text can never become markup or a javascript: link.

import { safeHref } from "../lib/format.js";

/**
 * el makes an element. attrs are set with setAttribute (names are written in
 * the popup's code, never taken from data; "on..." names are refused);
 * children are nodes or strings, and strings become text nodes.
 * @param {string} tag
 * @param {Record<string, string|number|boolean|null|undefined>} [attrs]
 * @param {...(Node|string|null|undefined|false)} children
 */
export function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (/^on/i.test(k)) throw new Error(`el: event handler attribute ${k} refused`);
    e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    e.append(typeof c === "string" ? document.createTextNode(c) : c);
  }
  return e;
}

/**
 * link makes an <a> that opens url in a new tab when url is http(s), and a
 * plain <span> with the same text otherwise.
 * @param {unknown} url
 * @param {string} text
 * @param {string} [cls]
 */
export function link(url, text, cls) {
  const href = safeHref(url);
  if (!href) return el("span", { class: cls }, text);
  return el("a", { class: cls, href, target: "_blank", rel: "noopener noreferrer" }, text);
}

/**
 * say replaces the text of the element with id with text, or hides it when
 * text is empty.
 * @param {string} id
 * @param {string} text
 */
export function say(id, text) {
  const e = document.getElementById(id);
  e.textContent = text;
  e.hidden = !text;
}
