// render.js: draws what the classifier found in the page and what the host
// reported. Rendering only: every decision about shapes, kinds and outcomes
// was made in Go; this file turns the answers into rows.

import { formatCode, oneLine } from "../lib/format.js";
import { t, tn, date, shortDate } from "../lib/i18n.js";
import { formatName, costSummary, requestLine, sectionsHeading, omittedList } from "../lib/words.js";
import { el, link, say } from "./dom.js";
import { toggle } from "./subs.js";
import { sendButton, followButton } from "./send.js";
import { healthLine, checkButton } from "./check.js";
import { previewBox, previewButton } from "./preview.js";
import { reasonText, previewText } from "../lib/reasons.js";
import { VirtualList } from "./vlist.js";

/** SECTIONS_SHOWN is how many sections show before "Show all". */
export const SECTIONS_SHOWN = 60;

// A section row: its name (and path) on lines of LINE_HEIGHT, wrapping,
// above a line of the date and the buttons; ROW_HEIGHT is a row whose
// name takes one line.
const LINE_HEIGHT = 18;
const ACTIONS_HEIGHT = 26;
const ROW_PADDING = 6;
const ROW_HEIGHT = LINE_HEIGHT + ACTIONS_HEIGHT + ROW_PADDING;

/**
 * feedRow is one feed: title, type, URL, copy button, subscribe toggle,
 * and what the host learned about it when it read it.
 * @param {{url: string, title?: string, format?: string,
 *   comments?: boolean, items?: number, newest?: string, via?: string}} f
 * @param {string} site
 */
export function feedRow(f, site) {
  const title = oneLine(f.title) || f.url;
  const badges = [el("span", { class: "badge" }, formatName(f.format))];
  if (f.comments) badges.push(el("span", { class: "badge comments" }, t("badge_comments")));
  // A feed a platform rule derived from the page's address (rule: its name).
  if (f.rule) badges.push(el("span", { class: "badge derived", "data-rule": String(f.rule) }, t("feed_derived", { rule: String(f.rule) })));
  const meta = [];
  // A feed the host did not read has no item count, only the reason why.
  if (f.checked !== false && Number.isFinite(f.items)) meta.push(tn("items", f.items));
  const newest = date(f.newest);
  if (newest) meta.push(t("newest", { date: newest }));
  // Why not, in the user's language (preview_code, docs/reasons.md).
  if (f.checked === false && (f.preview || f.preview_code)) meta.push(oneLine(previewText(f), 120));
  const checked = el("div", { class: "check-result", hidden: true });
  return el(
    "li",
    { class: "row feed", "data-url": f.url },
    el("div", { class: "line" }, link(f.url, title, "title"), ...badges),
    el("div", { class: "url" }, f.url),
    meta.length ? el("div", { class: "meta" }, meta.join(" · ")) : null,
    headlines(f.headlines),
    healthLine(f.health),
    el(
      "div",
      { class: "actions" },
      copyButton(f.url, title),
      sendButton(f.url, title),
      checkButton(f.url, title, checked),
      toggle({ kind: "feed", url: f.url, title, site, format: formatCode(f.format) }),
    ),
    checked,
  );
}

/**
 * headlines lists a previewed feed's newest item titles with their dates,
 * as text, or null when it has none: all the report's headlines, newest
 * first, of which the host sends at most report.MaxHeadlines (the one
 * place that number lives).
 * @param {unknown} list [{title, date}]
 */
function headlines(list) {
  if (!Array.isArray(list)) return null;
  const items = list.filter((h) => h && oneLine(h.title));
  if (!items.length) return null;
  return el(
    "ul",
    { class: "headlines", "aria-label": t("headlines_label") },
    ...items.map((h) => {
      const when = date(h.date);
      return el(
        "li",
        { class: "headline" },
        el("span", { class: "headline-title" }, oneLine(h.title, 160)),
        when ? el("time", { class: "headline-date", datetime: String(h.date) }, when) : null,
      );
    }),
  );
}

function copyButton(text, title) {
  const b = el("button", { type: "button", class: "copy", title: t("copy_title"), "aria-label": t("copy_label", { title }) }, t("copy"));
  b.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      b.textContent = t("copied");
    } catch {
      b.textContent = t("copy_failed");
    }
    setTimeout(() => (b.textContent = t("copy")), 1500);
  });
  return b;
}

/**
 * renderPage shows the feeds the page itself advertises (link tags) and the
 * feed links among its anchors. Returns how many feeds it showed.
 * @param {object} page the classifier's Page
 * @param {string} site
 */
export function renderPage(page, site) {
  const feeds = page.feeds || [];
  document.getElementById("advertised").replaceChildren(...feeds.map((f) => feedRow(f, site)));
  const anchors = (page.feed_anchors || []).filter((a) => !feeds.some((f) => f.url === a.url));
  document.getElementById("anchors").replaceChildren(...anchors.map((a) => feedRow({ url: a.url, title: a.text }, site)));
  document.getElementById("anchors-heading").hidden = anchors.length === 0;
  const what = [page.cms || page.generator, page.title ? `“${oneLine(page.title, 80)}”` : ""].filter(Boolean).join(", ");
  say("page-about", what);
  say(
    "page-status",
    feeds.length ? "" : anchors.length ? t("page_anchors_only") : t("page_no_feed"),
  );
  return feeds.length + anchors.length;
}

/**
 * progressRow appends one row of the host's request log.
 * @param {object} req {step, url, status, bytes, ms}
 * @param {string} site
 */
export function progressRow(req, site) {
  const li = el("li", { class: `req status-${String(req.status).replace(/[^a-z0-9-]/gi, "")}` }, requestLine(req, site));
  document.getElementById("progress").append(li);
}

/**
 * renderReport draws a discovery report: the reason, the feeds, the news
 * sitemaps (one row per department where the site splits them), the
 * sections, and the cost.
 * @param {object} report
 * @param {{site: string, elapsedMs?: number, names?: Map<string, string>, sentBefore?: number}} opts
 *   elapsedMs is the popup's own measure, used when the report carries no
 *   elapsed_ms; names are the sections' anchor texts on the tab's page;
 *   sentBefore the requests of a host that died mid-click, which the
 *   report of the host started after it does not list
 */
export function renderReport(report, { site, elapsedMs, names, sentBefore = 0 }) {
  const root = document.getElementById("report");
  const parts = [];
  const outcome = String(report.outcome || "");
  // The reason in the user's language, from its code (lib/reasons.js).
  const reason = reasonText(report);
  if (reason) {
    const warn = outcome === "refused" || outcome === "none";
    parts.push(el("p", { class: warn ? "reason warn" : "reason", id: "reason", "data-code": String(report.reason_code || "") }, reason));
  }
  const feeds = report.feeds || [];
  if (feeds.length) {
    parts.push(el("h3", null, tn("feeds", feeds.length)));
    parts.push(el("ul", { class: "rows", id: "found-feeds" }, ...feeds.map((f) => feedRow(f, site))));
  }
  const maps = sitemapRows(report.sitemaps || [], site);
  if (maps.length) {
    parts.push(el("h3", null, t("sitemaps_heading")));
    parts.push(el("ul", { class: "rows", id: "found-sitemaps" }, ...maps));
  }
  const sections = report.sections || [];
  if (sections.length) parts.push(sectionsBlock(sections, site, names));
  const omitted = Object.entries(report.omitted || {}).filter(([, n]) => n > 0);
  if (omitted.length) {
    const what = omitted.map(([list, n]) => omittedList(list, n)).join(", ");
    parts.push(el("p", { class: "status", id: "omitted" }, t("omitted", { what })));
  }
  const ms = Number.isFinite(report.elapsed_ms) && report.elapsed_ms > 0 ? report.elapsed_ms : elapsedMs;
  const cost = costSummary(report.requests, ms);
  // A host that died mid-click made requests this report does not list.
  const costLine = sentBefore > 0 ? t("cost_restarted", { cost, earlier: tn("requests", sentBefore) }) : cost;
  parts.push(el("p", { class: "cost", id: "cost" }, costLine));
  root.replaceChildren(...parts);
  if (!document.getElementById("progress").childElementCount) {
    for (const r of report.requests || []) progressRow(r, site);
  }
}

const sitemapKinds = { news: "news-sitemap", article: "article-sitemap" };

function sitemapRows(sitemaps, site) {
  const rows = [];
  for (const m of sitemaps) {
    const kind = sitemapKinds[m.kind];
    if (!kind) continue; // a sitemap of sections shows as its sections
    const parts = Array.isArray(m.departments) && m.departments.length ? m.departments : [m];
    for (const d of parts) {
      const title = oneLine(d.title || d.name || d.department) || d.url;
      const meta = [];
      if (Number.isFinite(d.urls)) meta.push(tn("urls", d.urls));
      if (date(d.newest)) meta.push(t("newest", { date: date(d.newest) }));
      if (d !== m) meta.push(t("department_of", { url: m.url }));
      const checked = el("div", { class: "check-result", hidden: true });
      const preview = previewBox();
      rows.push(
        el(
          "li",
          { class: "row sitemap", "data-url": d.url },
          el("div", { class: "line" }, link(d.url, title, "title"), el("span", { class: "badge" }, m.kind === "news" ? t("badge_news_sitemap") : t("badge_article_sitemap"))),
          el("div", { class: "url" }, d.url),
          meta.length ? el("div", { class: "meta" }, meta.join(" · ")) : null,
          // The health of the one sitemap discovery read, shown once.
          d === parts[0] ? healthLine(m.health) : null,
          el(
            "div",
            { class: "actions" },
            copyButton(d.url, title),
            previewButton(d.url, title, preview),
            checkButton(d.url, title, checked),
            followButton(kind, d.url, title),
            toggle({ kind, url: d.url, title, site, format: "" }),
          ),
          preview,
          checked,
        ),
      );
    }
  }
  return rows;
}

/**
 * sectionsBlock is the list of sections: "Showing 60 of 185 sections", a
 * filter box, "Show all", and a virtualised list so that thousands of
 * sections stay responsive.
 * Each row shows the site's own name for the section (its anchor text:
 * the report's name, else names, else the page title) beside its path;
 * the filter matches both.
 * @param {Array<{url: string, name?: string, title?: string, lastmod?: string}>} sections
 * @param {string} site
 * @param {Map<string, string>} [names] section URL -> anchor text read from the tab's own page
 */
export function sectionsBlock(sections, site, names) {
  const heading = el("p", { class: "sections-heading", id: "sections-heading", role: "status" });
  const filter = el("input", { type: "search", id: "sections-filter", placeholder: t("sections_filter"), "aria-label": t("sections_filter") });
  const all = el("button", { type: "button", id: "sections-all" }, t("sections_all"));
  const box = el("div", { id: "sections-list", role: "list", "aria-label": t("sections_list_label") });
  const rows = sections.map((s) => {
    const path = pathOf(s.url);
    const name = oneLine(s.name, 120) || oneLine(names?.get(s.url), 120) || oneLine(s.title, 120);
    return { s, name, path, key: `${name} ${path} ${s.url}`.toLowerCase() };
  });
  let showAll = false;
  // One preview region for every section row: the rows have a fixed height.
  const preview = previewBox();
  // Each row is as high as its name and path need, wrapped, in full:
  // the part that tells two sections apart is never cut.
  const lines = nameLines(box);
  const list = new VirtualList(box, {
    rowHeight: ROW_HEIGHT,
    maxHeight: 8 * ROW_HEIGHT,
    // Measured once a row: the filter and "Show all" give the same rows
    // again.
    heightOf: (r) => (r.height ??= ROW_HEIGHT + (lines(r.name || r.path, r.name ? r.path : "") - 1) * LINE_HEIGHT),
    renderRow: ({ s, name, path }) => {
      const when = shortDate(s.lastmod);
      return el(
        "div",
        { class: "section", role: "listitem", "data-url": s.url },
        el("div", { class: "section-name" }, link(s.url, name || path, "title"), name ? el("span", { class: "path" }, path) : null),
        el(
          "div",
          { class: "section-more" },
          when ? el("time", { class: "meta", datetime: String(s.lastmod), title: date(s.lastmod) }, when) : null,
          previewButton(s.url, name || path, preview),
          followButton("section", s.url, name || path),
          toggle({ kind: "section", url: s.url, title: name || path, site, format: "" }),
        ),
      );
    },
  });
  const update = () => {
    const q = filter.value.trim().toLowerCase();
    const hits = q ? rows.filter((r) => r.key.includes(q)) : rows;
    const shown = showAll ? hits : hits.slice(0, SECTIONS_SHOWN);
    list.setItems(shown);
    heading.textContent = sectionsHeading(shown.length, sections.length, filter.value.trim());
    all.hidden = showAll || hits.length <= SECTIONS_SHOWN;
  };
  filter.addEventListener("input", update);
  all.addEventListener("click", () => {
    const hadFocus = document.activeElement === all;
    showAll = true;
    update();
    // The button hides itself: the focus goes on to the first section.
    if (hadFocus) list.focusRow(0);
  });
  const block = el("div", { class: "sections", id: "found-sections" }, el("h3", null, tn("sections", sections.length)), heading, el("div", { class: "filter-line" }, filter, all), box, preview);
  // setItems needs the box in the document to measure it; run after insertion.
  queueMicrotask(update);
  return block;
}

/**
 * nameLines returns a function that says on how many lines a section's
 * name and path (popup.css, .section-name) wrap in the list box, measured
 * on a canvas in the row's fonts: no layout, so ten thousand rows cost
 * little. It errs on the side of a line more.
 * @param {HTMLElement} box
 */
function nameLines(box) {
  // One context per font, each set once: setting a context's font parses
  // it, which done twice a row cost more than the measuring.
  const family = getComputedStyle(document.documentElement).fontFamily || "sans-serif";
  const context = (size) => {
    const ctx = document.createElement("canvas").getContext("2d");
    if (ctx) ctx.font = `${size}px ${family}`;
    return ctx;
  };
  const nameCtx = context(13);
  const pathCtx = context(12);
  let width = 0;
  return (name, path) => {
    // The box's inner width, less the row's padding; read once it is laid out.
    width ||= Math.max(120, (box.clientWidth || 400) - 16);
    // No glyph is much wider than 1 em (13 px, 12 px; a UTF-16 pair counts
    // twice): a row that fits on one line even so needs no measuring,
    // which is most of them.
    const most = name.length * 13 + (path ? 6 + path.length * 12 : 0);
    if (most * 1.1 <= width) return 1;
    if (!nameCtx || !pathCtx) return 1 + Math.floor(((name.length + path.length) * 8) / width);
    let w = nameCtx.measureText(name).width;
    if (path) w += 6 + pathCtx.measureText(path).width;
    return Math.max(1, Math.ceil((w * 1.1) / width));
  };
}

// pathOf is a URL's path and query, percent-decoded for reading
// ("/経済/"). Plain string work: it runs once for every section of a
// report, ten thousand of them at times.
function pathOf(url) {
  const s = String(url);
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(s);
  const rest = m ? s.slice(m[0].length).replace(/#.*$/, "") || "/" : s;
  try {
    return decodeURIComponent(rest);
  } catch {
    return rest;
  }
}
