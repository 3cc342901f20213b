// wasmcache.js: the classifier's bytes, kept in the extension's IndexedDB.
//
// Reading classify.wasm from the extension's package is the slowest step of
// the popup's start: chrome-extension:// delivers about 30 MB/s here, so the
// 3.5 MB module takes ~110 ms, and its 1 MB gzipped copy ~40 ms plus ~50 ms
// of gunzip on the popup's main thread. The same bytes read back from
// IndexedDB (a Blob, stored as a file by the browser) take 23-42 ms in a
// quiet page (docs/performance-browser.md).
//
// The popup's boot.js reads the entry itself, before any module has loaded
// (so the names DB, STORE and KEY are repeated there); this module writes it.
//
// One entry, {sha256, blob, stored}: the module's bytes and their SHA-256,
// computed here from the bytes themselves when they are stored. The popup
// uses the entry only when its sha256 equals the one build.sh wrote into
// popup.html for the module in the package, so a stale entry (an update, a
// reloaded unpacked build) is never run; it is replaced from the package.
// No chrome.* APIs here: callers pass the package's URLs.

const DB = "feedscout-classifier";
const STORE = "module";
const KEY = "classify.wasm";

/** open opens the database, creating its one store on first use. */
function open() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error("the classifier cache is blocked by another version"));
  });
}

/** request runs one request on the store and resolves to its result. */
async function request(mode, fn) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = fn(tx.objectStore(STORE));
      let result;
      req.onsuccess = () => (result = req.result);
      tx.oncomplete = () => resolve(result);
      tx.onerror = () => reject(tx.error || req.error);
      tx.onabort = () => reject(tx.error || new Error("the classifier cache's transaction was aborted"));
    });
  } finally {
    db.close();
  }
}

/**
 * store keeps bytes (the module, uncompressed) under their own SHA-256,
 * replacing what was there, and resolves to that hash. When expect is given
 * and the bytes hash to something else (a package changed behind the
 * popup's back), nothing is stored and it rejects.
 * @param {Blob|ArrayBuffer|Uint8Array} bytes
 * @param {string} [expect]
 * @returns {Promise<string>}
 */
export async function store(bytes, expect = "") {
  const blob = bytes instanceof Blob ? bytes : new Blob([bytes]);
  const sha256 = await digest(await blob.arrayBuffer());
  if (expect && sha256 !== expect) {
    throw new Error(`the classifier's bytes hash to ${sha256}, the page expects ${expect}: not cached`);
  }
  await request("readwrite", (s) => s.put({ sha256, blob, stored: Date.now() }, KEY));
  return sha256;
}

/** forget drops the stored module. */
export function forget() {
  return request("readwrite", (s) => s.delete(KEY));
}

/**
 * fetchModule fetches the package's module, gzipped when the build has the
 * .gz and the browser DecompressionStream, and resolves to a stream of its
 * uncompressed bytes.
 * @param {string} url the module's URL (…/wasm/classify.wasm)
 * @returns {Promise<ReadableStream<Uint8Array>>}
 */
export async function fetchModule(url) {
  if (typeof DecompressionStream === "function") {
    // A build without the .gz (a network error here) loads the plain file.
    const gz = await fetch(url + ".gz").catch(() => null);
    if (gz && gz.ok) return gz.body.pipeThrough(new DecompressionStream("gzip"));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`loading ${url}: HTTP ${response.status}`);
  return response.body;
}

/**
 * prime stores the package's module: the background worker calls it when
 * the extension is installed or updated (a reloaded unpacked build
 * included), so that the first popup already finds this build's bytes.
 * @param {string} url the module's URL
 * @returns {Promise<string>} the stored hash
 */
export async function prime(url) {
  const blob = await new Response(await fetchModule(url)).blob();
  return store(blob);
}

/** digest is the lowercase hex SHA-256 of bytes. */
async function digest(bytes) {
  const sum = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(sum, (b) => b.toString(16).padStart(2, "0")).join("");
}
