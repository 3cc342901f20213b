// boot.js: the popup's first script, a classic one (not a module) so that
// it runs while the page is being parsed, before popup.js and its module
// graph have loaded. It starts the two things the first paint (the
// advertised feeds) waits for: fetching, compiling and starting the
// classifier, and reading the tab's <head>. popup.js picks the promises up
// from globalThis.feedscoutBoot, the one global this sets (in a block, so
// nothing else leaks into the page's scope).

"use strict";
{
  performance.mark("boot");

  /** params is the popup page's query (?tab=ID, ?view=subs). */
  const params = new URLSearchParams(location.search);

  /** subsPage: the page is the subscriptions list alone (?view=subs). */
  const subsPage = params.get("view") === "subs";

  /**
   * compiled is the classifier module, compiled while its bytes arrive. It is
   * fetched gzipped (build.sh writes classify.wasm.gz beside classify.wasm):
   * reading 3.5 MB from chrome-extension:// is the slowest step of the
   * popup's start, and 1 MB plus decompressing in a stream is faster. This is
   * the loader of lib/classifier.js's startCompile plus the gzip step,
   * written out here so that the fetch starts before any module has loaded.
   * @type {Promise<WebAssembly.Module>}
   */
  const compiled = (async () => {
    const url = chrome.runtime.getURL("wasm/classify.wasm");
    if (typeof DecompressionStream === "function") {
      // A build without the .gz (a network error here) loads the plain file.
      const gz = await fetch(url + ".gz").catch(() => null);
      if (gz && gz.ok) {
        performance.mark("wasm-response");
        const wasm = gz.body.pipeThrough(new DecompressionStream("gzip"));
        return compiledMark(WebAssembly.compileStreaming(new Response(wasm, { headers: { "content-type": "application/wasm" } })));
      }
    }
    const response = await fetch(url);
    if (!response.ok) throw new Error(`loading ${url}: HTTP ${response.status}`);
    performance.mark("wasm-response");
    if (response.headers.get("content-type") === "application/wasm") {
      return compiledMark(WebAssembly.compileStreaming(response));
    }
    return compiledMark(WebAssembly.compile(await response.arrayBuffer()));
  })();

  /** compiledMark marks when the module is compiled (its bytes all read). */
  async function compiledMark(module) {
    const m = await module;
    performance.mark("wasm-compiled");
    return m;
  }

  /**
   * classifier is the started classifier (lib/classifier.js's calls): the
   * module is instantiated and Go initialised as soon as it is compiled,
   * without waiting for popup.js's module graph.
   */
  const classifier = import("../lib/classifier.js").then(({ loadClassifier }) => loadClassifier(compiled));
  classifier.catch(() => {}); // popup.js reports it

  /** which returns the id of the tab this popup describes. */
  async function which() {
    const param = params.get("tab");
    if (param !== null) {
      const id = Number(param);
      if (!Number.isInteger(id) || id < 0) throw new Error(`tab=${param} is not a tab id`);
      return id;
    }
    const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
    if (!tab) throw new Error("no active tab");
    return tab.id;
  }

  /** tabId is the tab the popup describes (none for the subscriptions page). */
  const tabId = subsPage ? Promise.reject(new Error("no tab: subscriptions page")) : which();
  tabId.catch(() => {}); // popup.js reports it

  // headOf runs in the tab (scripting.executeScript): the <head> alone, where
  // link tags live, so the advertised feeds can show before a big page is
  // serialised, moved and classified whole.
  function headOf() {
    return { url: location.href, head: document.head ? document.head.outerHTML : "", contentType: document.contentType };
  }

  /** head is the tab's <head>: {url, head, contentType}. */
  const head = tabId.then(async (id) => {
    const [res] = await chrome.scripting.executeScript({ target: { tabId: id }, func: headOf });
    if (!res || !res.result) throw new Error("the tab returned nothing");
    return res.result;
  });
  // The whole read in popup.js reports errors.
  head.then(() => performance.mark("head-read"), () => {});

  globalThis.feedscoutBoot = Object.freeze({ params, subsPage, classifier, tabId, head });
}
