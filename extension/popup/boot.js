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
   * sha256 is the hash of the classifier module in this build's package,
   * which build.sh writes into popup.html; empty in an unbuilt tree, where
   * the module is never cached.
   */
  const sha256 = document.querySelector('meta[name="feedscout-classifier"]')?.content || "";

  /**
   * MODULES are every module the popup loads: boot.js's imports and
   * popup.js, which build.sh bundles with the modules only it imports (a
   * test holds this list to the built files' imports).
   */
  const MODULES = [
    "../lib/classifier.js",
    "../lib/wasi.js",
    "../lib/wasmcache.js",
    "popup.js",
  ];

  /** WASM is the header compileStreaming wants. */
  const WASM = { "content-type": "application/wasm" };

  /**
   * compiled is the classifier module: the copy lib/wasmcache.js keeps in
   * IndexedDB when it is this build's (the faster read, see there), else
   * the package's (gzipped), which is then stored for the next popup.
   * Started here, not in popup.js, so that it runs before any module has
   * loaded; the cached read is written out here (cachedBytes) for the
   * same reason.
   * @type {Promise<WebAssembly.Module>}
   */
  const compiled = (async () => {
    const bytes = await cachedBytes().catch(() => null);
    if (bytes) {
      performance.mark("wasm-cached");
      try {
        return await compiledMark(compileNow(bytes));
      } catch {
        // Not a module after all: forgotten below, loaded from the package.
      }
    }
    const cache = await import("../lib/wasmcache.js");
    if (bytes) await cache.forget().catch(() => {});
    const stream = await cache.fetchModule(chrome.runtime.getURL("wasm/classify.wasm"));
    performance.mark("wasm-response");
    if (!sha256) return compiledMark(WebAssembly.compileStreaming(new Response(stream, { headers: WASM })));
    const [toCompile, toStore] = stream.tee();
    const module = WebAssembly.compileStreaming(new Response(toCompile, { headers: WASM }));
    // Stored once the popup is idle (the feeds are on screen), off the
    // first paint's path; a popup closed before that leaves the next one
    // to try again.
    module
      .then(() => new Promise((idle) => requestIdleCallback(idle, { timeout: 2000 })))
      .then(() => new Response(toStore).blob())
      .then((blob) => cache.store(blob, sha256))
      .catch(() => {});
    return compiledMark(module);
  })();

  /**
   * cachedBytes reads lib/wasmcache.js's entry (its database, store and key
   * names are repeated here: TestClassifierCache has the worker write with
   * that module and the popup read with this) and resolves to the module's
   * bytes when the entry is this build's, else to null.
   * @returns {Promise<ArrayBuffer|null>}
   */
  async function cachedBytes() {
    if (!sha256 || typeof indexedDB === "undefined") return null;
    const db = await new Promise((resolve, reject) => {
      const req = indexedDB.open("feedscout-classifier", 1);
      req.onupgradeneeded = () => req.result.createObjectStore("module");
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    try {
      const entry = await new Promise((resolve, reject) => {
        const req = db.transaction("module").objectStore("module").get("classify.wasm");
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      if (!entry || entry.sha256 !== sha256 || !(entry.blob instanceof Blob) || entry.blob.size === 0) return null;
      return await entry.blob.arrayBuffer();
    } finally {
      db.close();
    }
  }

  /**
   * compileNow compiles at once on this thread: the asynchronous compile
   * costs ~20 ms more in a popup, waiting for other threads of a process
   * that is busy starting. A browser that limits synchronous compiles on
   * the main thread (a RangeError) compiles asynchronously.
   * @param {ArrayBuffer} bytes
   * @returns {WebAssembly.Module | Promise<WebAssembly.Module>}
   */
  function compileNow(bytes) {
    try {
      return new WebAssembly.Module(bytes);
    } catch (err) {
      if (err instanceof RangeError) return WebAssembly.compile(bytes);
      throw err;
    }
  }

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

  // The modules, fetched at once rather than one level of imports at a
  // time. Added here, after the reads above have started, because
  // <link rel=modulepreload> tags in popup.html compete with boot.js itself
  // for the extension's loader and delay it by ~20 ms.
  for (const href of MODULES) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }

  globalThis.feedscoutBoot = Object.freeze({ params, subsPage, classifier, tabId, head });
}
