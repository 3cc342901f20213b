// send.js: "Add to <reader>" on every feed found. The button opens the
// chosen reader's own subscribe page for the feed in a new tab
// (lib/readers.js makes the address); the popup requests nothing itself.
// The choice lives in chrome.storage.sync (the settings page sets it);
// before there is one, the button opens the settings.

import { check, subscribeURL, readerLabel, FEED_SCHEME, SETTING_KEY } from "../lib/readers.js";
import { t } from "../lib/i18n.js";
import { el } from "./dom.js";

/** setting is the chosen reader ({id, base?, template?}) or null. */
export const setting = { value: null };

/** load reads the chosen reader and repaints the buttons on screen. */
export async function load() {
  const got = await chrome.storage.sync.get(SETTING_KEY);
  setting.value = got[SETTING_KEY] ?? null;
  repaint();
}

chrome.storage.onChanged.addListener((changes, area) => {
  if (area !== "sync" || !(SETTING_KEY in changes)) return;
  setting.value = changes[SETTING_KEY].newValue ?? null;
  repaint();
});

/**
 * sendButton makes the button that sends the feed at url (titled title)
 * to the chosen reader.
 * @param {string} url
 * @param {string} title
 */
export function sendButton(url, title) {
  const b = el("button", { type: "button", class: "send", "data-url": url, "data-title": title });
  paint(b);
  b.addEventListener("click", () => {
    const s = setting.value;
    const to = check(s) === "" ? subscribeURL(s, url) : null;
    if (!to) {
      chrome.runtime.openOptionsPage();
      return;
    }
    chrome.tabs.create({ url: to });
  });
  return b;
}

function paint(b) {
  const s = setting.value;
  const title = b.dataset.title;
  if (check(s) !== "") {
    b.textContent = t("send_choose");
    b.setAttribute("aria-label", t("send_choose_label", { title }));
    b.removeAttribute("title");
  } else if (s.id === FEED_SCHEME) {
    b.textContent = t("send_desktop");
    b.setAttribute("aria-label", t("send_desktop_label", { title }));
    b.removeAttribute("title");
  } else {
    const reader = readerLabel(s);
    b.textContent = t("send_to", { reader });
    b.setAttribute("aria-label", t("send_to_label", { reader, title }));
    b.title = t("send_title");
  }
}

/** repaint updates every send button on screen to the setting. */
export function repaint() {
  for (const b of document.querySelectorAll("button.send")) paint(b);
}
