// i18n.js: every word an extension page shows comes from _locales/ through
// chrome.i18n (en, de, ja, ru; default_locale en), which go generate
// writes from the message catalogue (common/report/catalog). Pages mark their
// static text with attributes that translate() fills in:
//
//   data-i18n="key"             textContent
//   data-i18n-aria-label="key"  aria-label
//   data-i18n-placeholder="key" placeholder
//   data-i18n-title="key"       title
//
// and code says t("key", {name: value}). A message is a template of the
// catalogue (lib/message.js): chrome.i18n picks the user's language and
// gives the template back, and t fills it by name as the host's Go does.
// Numbers among the values are written the user's way (Intl.NumberFormat).

import { fill, branches } from "./message.js";

/**
 * lang is the language the messages are in ("en", "de", "ja", "ru"): the
 * browser's UI language when _locales has it, else the default, English.
 * The locale message "locale" says which one chrome.i18n picked.
 */
export function lang() {
  return chrome.i18n.getMessage("locale") || "en";
}

/**
 * uiLanguage is the browser's UI language (chrome.i18n.getUILanguage(),
 * "ja", "de", "en-US"), the locale dates and numbers are written in.
 */
export function uiLanguage() {
  try {
    return chrome.i18n.getUILanguage() || "en";
  } catch {
    return "en";
  }
}

let numbers = null;

/** number writes n the user's way ("10,000", "10.000", "10 000"). */
export function number(n) {
  numbers ||= new Intl.NumberFormat(uiLanguage());
  return numbers.format(n);
}

/**
 * t returns the message key filled with values (see the top of this
 * file). A key that is not in _locales comes back as the key itself, so a
 * missing message shows instead of an empty line (TestLocalesCoverCode
 * finds every key the code uses in every language).
 * @param {string} key
 * @param {Record<string, any>} [values]
 * @returns {string}
 */
export function t(key, values) {
  const template = chrome.i18n.getMessage(key);
  if (!template) return key;
  return fill(template, values || {}, how);
}

// how is what message.js needs of the user's language.
const how = {
  lookup: (key) => chrome.i18n.getMessage(key),
  number: (n) => number(n),
  plural: (n) => {
    rules ||= new Intl.PluralRules(lang());
    return rules.select(n);
  },
};

/**
 * has reports whether _locales has a message key (in any language: a key
 * missing from the user's falls back to English).
 * @param {string} key
 */
export function has(key) {
  return chrome.i18n.getMessage(key) !== "";
}

/**
 * selects reports whether message key chooses by argument arg and has
 * words of its own for word (not only its "other" branch): whether a code
 * a newer host may send is one this extension can say.
 * @param {string} key
 * @param {string} arg
 * @param {string} word
 */
export function selects(key, arg, word) {
  const template = chrome.i18n.getMessage(key);
  return !!template && branches(template, arg).has(word);
}

let rules = null;

/**
 * tn is t for a count: the message's plural argument is count
 * ({count, plural, one {...} other {...}}), picked by the plural rules of
 * the messages' language, and subs fill the rest.
 * @param {string} key
 * @param {number} count
 * @param {Record<string, any>} [subs]
 */
export function tn(key, count, subs) {
  return t(key, { ...subs, count });
}

let dates = null;

/**
 * date writes an ISO 8601 time as a date and time in the user's locale and
 * time zone ("Nov 29, 2026, 10:00 AM", "2026/11/29 10:00"), or "" when it
 * is missing or not a time.
 * @param {string} [iso]
 */
export function date(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  dates ||= new Intl.DateTimeFormat(uiLanguage(), { dateStyle: "medium", timeStyle: "short" });
  return dates.format(d);
}

let shortDates = null;
let shortYearDates = null;

/**
 * shortDate writes an ISO 8601 time as a compact date in the user's
 * locale and time zone ("Nov 29", "11月29日"; with the year when it is
 * not this year's: "Nov 29, 2025"), for rows with little room, or "" when
 * it is missing or not a time.
 * @param {string} [iso]
 * @param {Date} [now]
 */
export function shortDate(iso, now = new Date()) {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  shortDates ||= new Intl.DateTimeFormat(uiLanguage(), { month: "short", day: "numeric" });
  shortYearDates ||= new Intl.DateTimeFormat(uiLanguage(), { year: "numeric", month: "short", day: "numeric" });
  return (d.getFullYear() === now.getFullYear() ? shortDates : shortYearDates).format(d);
}

// ATTRIBUTES are the data-i18n-* attributes and what each fills in.
const ATTRIBUTES = [
  ["data-i18n-aria-label", "aria-label"],
  ["data-i18n-placeholder", "placeholder"],
  ["data-i18n-title", "title"],
];

/**
 * translate fills in every marked element under root (the document by
 * default) and sets the page's lang to the messages' language.
 * @param {ParentNode} [root]
 */
export function translate(root = document) {
  if (root === document) document.documentElement.lang = lang();
  for (const e of root.querySelectorAll("[data-i18n]")) e.textContent = t(e.dataset.i18n);
  for (const [data, attr] of ATTRIBUTES) {
    for (const e of root.querySelectorAll(`[${data}]`)) e.setAttribute(attr, t(e.getAttribute(data)));
  }
}
