// feeds.js: the content script of the opt-in count (lib/badge.js),
// registered only while the setting is on. It reads nothing but the
// page's address and its <base>, <link> and <meta> elements, and hands
// them to the extension's worker, which counts the feeds with the
// classifier (advertised and derived from the address alike) and writes
// the count on the toolbar button. Nothing leaves the browser. A page that
// changes its address or its <head> without loading (YouTube and other
// single-page sites) is read again.

(() => {
  /** MAX_ELEMENTS bounds the elements sent for one page. */
  const MAX_ELEMENTS = 400;
  let last = "";
  let timer = 0;

  /** head is the page's elements that can name a feed, as markup. */
  function head() {
    const parts = [];
    for (const e of document.querySelectorAll("base[href], link[rel], meta[itemprop=channelId], meta[name=generator]")) {
      if (parts.length >= MAX_ELEMENTS) break;
      parts.push(e.outerHTML);
    }
    return parts.join("\n");
  }

  function send() {
    timer = 0;
    const html = head();
    const key = location.href + "\n" + html;
    if (key === last) return;
    last = key;
    chrome.runtime.sendMessage({ type: "feedscout-count", url: location.href, html }).catch(() => {
      // the worker is restarting; the next change sends again
    });
  }

  function soon() {
    if (!timer) timer = setTimeout(send, 250);
  }

  send();
  // YouTube's own event when it has shown another page, the history API's
  // back and forward, and any change of the head (a new canonical link).
  document.addEventListener("yt-navigate-finish", soon);
  window.addEventListener("popstate", soon);
  new MutationObserver(soon).observe(document.head || document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ["href", "content"] });
  // An address changed by history.pushState alone fires none of these.
  let href = location.href;
  setInterval(() => {
    if (location.href !== href) {
      href = location.href;
      soon();
    }
  }, 1000);
})();
