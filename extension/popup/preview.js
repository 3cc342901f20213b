// preview.js: the Preview button of a news sitemap, department, article
// sitemap or section row. It asks the host for the feed feedscout makes of
// the source (PROTOCOL.md, feed: the same code as `feedscout-host feed`,
// so the preview is the source's first fetch and a reader later gets the
// same entries) and lists its first entries, titles and dates, as text in
// an aria-live region. Rendering only: what the feed holds is the host's.

import { oneLine } from "../lib/format.js";
import { t, tn, date } from "../lib/i18n.js";
import { errorText } from "../lib/errors.js";
import { el, link } from "./dom.js";
import { ask } from "./host.js";

let boxes = 0;

/**
 * previewBox is the region a preview is shown in: polite live region,
 * empty until a Preview button fills it. One per sitemap row; the list of
 * sections shares one below it (its rows have a fixed height).
 */
export function previewBox() {
  boxes++;
  return el("div", { class: "preview-result", id: `preview-${boxes}`, "aria-live": "polite", "aria-atomic": "false" });
}

/**
 * previewButton shows, in box, the first entries of the feed of url (a
 * news sitemap, an article sitemap or a section page). A second press
 * while shown hides it again; the button says which (aria-expanded).
 * @param {string} url
 * @param {string} title what the row is called, for the button's name
 * @param {HTMLElement} box a previewBox
 */
export function previewButton(url, title, box) {
  // A section row made again by the virtual list finds its preview shown.
  const shown = box.dataset.url === url && box.dataset.state !== undefined;
  const b = el("button", { type: "button", class: "preview", "aria-expanded": String(shown), "aria-controls": box.id, "aria-label": t("preview_label", { title }) }, t("preview_button"));
  b.addEventListener("click", async () => {
    if (b.getAttribute("aria-busy") === "true") return;
    if (b.getAttribute("aria-expanded") === "true" && box.dataset.url === url) {
      box.replaceChildren();
      delete box.dataset.url;
      delete box.dataset.state;
      b.setAttribute("aria-expanded", "false");
      return;
    }
    // A shared box (the sections') shows one preview at a time.
    for (const other of document.querySelectorAll(`button.preview[aria-controls="${box.id}"]`)) other.setAttribute("aria-expanded", "false");
    b.setAttribute("aria-busy", "true");
    b.setAttribute("aria-expanded", "true");
    box.dataset.url = url;
    box.dataset.state = "loading";
    box.replaceChildren(el("p", { class: "status" }, t("preview_loading", { title })));
    let reply;
    try {
      reply = await ask({ type: "feed", url }, () => {}, () => {});
    } finally {
      b.removeAttribute("aria-busy");
    }
    if (box.dataset.url !== url) return; // another row's preview took the box
    if (reply.type !== "result" || !reply.feed) {
      box.dataset.state = "error";
      // The sentence in the user's language, and below it the host's
      // own words on why (which kind of address, the answer, when it
      // tries again), which are English.
      const { detail, ...args } = reply.args && typeof reply.args === "object" ? reply.args : {};
      box.replaceChildren(
        el("p", { class: "status warn", "data-code": String(reply.code || "") }, errorText({ ...reply, args })),
        typeof detail === "string" && detail ? el("p", { class: "meta preview-detail", lang: "en" }, oneLine(detail, 400)) : null,
      );
      return;
    }
    box.dataset.state = "done";
    box.replaceChildren(...entries(reply.feed));
  });
  return b;
}

/**
 * entries draws a feed preview: what it is, the first entries (title and
 * date in the user's locale), and what is wrong when the source fails.
 * @param {{title?: string, subtitle?: string, status?: string, total?: number,
 *   entries?: Array<{title?: string, link?: string, date?: string}>}} feed
 */
function entries(feed) {
  const list = Array.isArray(feed.entries) ? feed.entries.filter((e) => e && typeof e === "object") : [];
  const total = Number.isInteger(feed.total) ? feed.total : list.length;
  const name = oneLine(feed.title, 120) || String(feed.url || "");
  const out = [el("p", { class: "status preview-summary" }, list.length ? tn("preview_summary", total, { title: name, shown: list.length }) : t("preview_empty", { title: name }))];
  if (feed.status === "failing" || feed.status === "gone") out.push(el("p", { class: "meta warn" }, oneLine(String(feed.subtitle || ""), 400)));
  if (list.length) {
    out.push(
      el(
        "ul",
        { class: "headlines preview-entries", "aria-label": t("preview_entries_label", { title: name }) },
        ...list.map((e) => {
          const when = date(e.date);
          return el(
            "li",
            { class: "headline" },
            link(e.link, oneLine(e.title, 160) || String(e.link || ""), "headline-title"),
            when ? el("time", { class: "headline-date", datetime: String(e.date) }, when) : null,
          );
        }),
      ),
    );
  }
  return out;
}
