// classifier.js: the page classifier (wasm/, Go compiled to a WASI
// reactor) behind plain functions. The module's ABI is in wasm/doc.go:
// a request in alloc'd memory (for classify, the page's UTF-8 as is; for
// the others, strings as encodeFields writes them), JSON out as
// ptr<<32 | len, every buffer freed by us. The same loader starts
// newsmap.wasm (wasm/newsmapwasm), the module of the generator's newsmap
// call and of opml_import, which classify.wasm does not carry. No chrome.*
// APIs here: the caller passes the module's URL.

import { createWASI } from "./wasi.js";

/**
 * loadClassifier compiles and starts the module and resolves to its calls,
 * which are synchronous and throw an Error with the module's sentence when
 * it answers {"error": ...}.
 *
 * @param {string | URL | BufferSource | WebAssembly.Module | Promise<WebAssembly.Module>} wasm
 *   the module's URL (chrome.runtime.getURL("wasm/classify.wasm")), its
 *   bytes, its compiled module, or a promise of that (startCompile).
 * @returns {Promise<{
 *   classify: (url: string, html: string, contentType?: string, options?: {lists?: boolean}) => object,
 *   shape: (urls: string[]) => {url: string, shape: string, rule: string}[],
 *   opmlExport: (title: string, subs: object[], options?: {reader?: string, gateway?: string, host?: string}) => string,
 *   opmlWays: (subs: object[], reader: string) => string[],
 *   opmlFollow: (subs: object[], options?: object) => {ways: string[], urls?: string[]},
 *   opmlImport: (text: string) => object[],
 * }>} each call works on the module that exports it: opmlImport on
 *   newsmap.wasm (opmlImporter loads it), the others on classify.wasm; a
 *   call the module lacks throws.
 */
export async function loadClassifier(wasm) {
  const wasi = createWASI();
  const module = await compile(await wasm);
  const instance = await instantiateNow(module, wasi.imports);
  mark("wasm-instantiated");
  const ex = instance.exports;
  wasi.setMemory(ex.memory);
  ex._initialize(); // a reactor: runs Go's initialisation once, before any call
  mark("wasm-initialized");

  const encoder = new TextEncoder();
  const decoder = new TextDecoder();

  /** call sends one request, its fields, to an exported function. */
  function call(name, fields) {
    if (typeof ex[name] !== "function") throw new Error(`${name}: not a call of this module`);
    const input = encodeFields(fields);
    const inPtr = ex.alloc(input.length) >>> 0;
    let outPtr = 0;
    try {
      // Views are taken right before use: a call may grow the memory and
      // detach older ones.
      new Uint8Array(ex.memory.buffer, inPtr, input.length).set(input);
      const packed = BigInt.asUintN(64, ex[name](inPtr, input.length));
      outPtr = Number(packed >> 32n);
      const outLen = Number(packed & 0xffffffffn);
      const text = decoder.decode(new Uint8Array(ex.memory.buffer, outPtr, outLen));
      const answer = JSON.parse(text);
      if (answer && !Array.isArray(answer) && typeof answer.error === "string") {
        throw new Error(answer.error);
      }
      return answer;
    } finally {
      ex.free(inPtr);
      if (outPtr) ex.free(outPtr);
    }
  }

  /**
   * put writes text into memory as UTF-8, straight into an alloc'd buffer
   * (no intermediate copy), and returns [ptr, len]: a first guess of
   * room for mostly ASCII text, else the most UTF-8 can take (3 bytes a
   * UTF-16 unit).
   */
  function put(text) {
    let size = text.length + (text.length >> 3) + 16;
    for (;;) {
      const ptr = ex.alloc(size) >>> 0;
      const { read, written } = encoder.encodeInto(text, new Uint8Array(ex.memory.buffer, ptr, size));
      if (read === text.length) return [ptr, written];
      ex.free(ptr);
      size = text.length * 3;
    }
  }

  /** answer decodes a packed result, frees it, and throws its error. */
  function answer(packed) {
    const outPtr = Number(packed >> 32n);
    const outLen = Number(packed & 0xffffffffn);
    try {
      const result = JSON.parse(decoder.decode(new Uint8Array(ex.memory.buffer, outPtr, outLen)));
      if (result && !Array.isArray(result) && typeof result.error === "string") {
        throw new Error(result.error);
      }
      return result;
    } finally {
      ex.free(outPtr);
    }
  }

  return {
    /**
     * classify reads one page's HTML (a string: already decoded). With
     * {lists: false} the answer has no sections and articles (cheaper on
     * big pages). contentType is accepted for the record: text is read as
     * UTF-8 whatever it says (wasm/doc.go).
     */
    classify(url, html, contentType = "", { lists = true } = {}) {
      const [urlPtr, urlLen] = put(url);
      let htmlPtr = 0;
      try {
        let htmlLen;
        [htmlPtr, htmlLen] = put(html);
        return answer(BigInt.asUintN(64, ex.classify_html(urlPtr, urlLen, htmlPtr, htmlLen, lists ? 1 : 0)));
      } finally {
        ex.free(urlPtr);
        if (htmlPtr) ex.free(htmlPtr);
      }
    },
    /** shape judges URLs (or paths) by their shape alone. */
    shape(urls) {
      return call("shape", urls);
    },
    /**
     * opmlExport writes subscriptions as an OPML 2.0 document for a reader:
     * options {reader: "any"|"newsboat"|"freshrss"|"rss-bridge", gateway,
     * host, bridge, sigs} (host: the host's absolute path, which newsboat's
     * flavour runs; bridge: the RSS-Bridge's base URL; sigs: a Map from a
     * subscription's url to the signature of its gateway URL for Atom,
     * lib/sign.js; wasm/calls.go).
     */
    opmlExport(title, subs, options = {}) {
      return call("opml_export", exportFields(title, subs, options)).opml;
    },
    /**
     * opmlFollow says how a reader follows each subscription, as
     * opmlExport would write it: {ways: ["direct"|"gateway"|"exec"|"xpath"|"bridge", ...],
     * urls: [the address subscribed to, ...]} (opml.Ways, opml.Addresses;
     * urls is undefined for newsboat without options.host). options as
     * opmlExport's.
     */
    opmlFollow(subs, options = {}) {
      const { ways, urls } = call("opml_ways", exportFields("", subs, options));
      return { ways, urls };
    },
    /**
     * opmlWays is opmlFollow's ways for reader alone.
     */
    opmlWays(subs, reader) {
      return call("opml_ways", exportFields("", subs, { reader })).ways;
    },
    /**
     * opmlImport reads the subscriptions of an OPML document: newsmap.wasm's
     * call (opmlImporter), off classify.wasm since it links encoding/xml.
     */
    opmlImport(text) {
      return call("opml_import", [text]).subscriptions;
    },
  };
}

/**
 * exportFields is opml_export's (and opml_ways') request: the options,
 * then seven fields for each subscription (wasm/calls.go).
 */
function exportFields(title, subs, { reader = "", gateway = "", host = "", bridge = "", sigs = null } = {}) {
  const fields = [title, reader, gateway, host, bridge];
  for (const s of subs) fields.push(s.kind, s.url, s.title, s.site, s.format, s.added, sigs?.get(s.url) ?? "");
  return fields;
}

let importer = null;

/**
 * opmlImporter resolves to the calls of newsmap.wasm, whose opmlImport
 * reads an OPML file; the popup asks for it only when the user imports
 * one, so the module is fetched and started then, once: later imports get
 * the same promise, and a failed load is forgotten so that the next import
 * tries again.
 * @param {string | URL} url the module, chrome.runtime.getURL("wasm/newsmap.wasm")
 * @returns {ReturnType<typeof loadClassifier>}
 */
export function opmlImporter(url) {
  if (!importer) {
    importer = loadClassifier(url);
    importer.catch(() => {
      importer = null;
    });
  }
  return importer;
}

const fieldEncoder = new TextEncoder();

/**
 * encodeFields writes a request of the modules' string calls (wasm/doc.go):
 * each string's UTF-8 length in bytes, a colon, its UTF-8. A missing
 * value (undefined, null) is the empty string; anything else is String(v).
 * @param {unknown[]} fields
 * @returns {Uint8Array}
 */
export function encodeFields(fields) {
  const parts = [];
  let size = 0;
  for (const f of fields) {
    const bytes = fieldEncoder.encode(f == null ? "" : String(f));
    const head = fieldEncoder.encode(`${bytes.length}:`);
    parts.push(head, bytes);
    size += head.length + bytes.length;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * startCompile fetches and compiles the module at url, streaming (compiling
 * while the bytes arrive) when the response says application/wasm. The
 * popup calls it first thing and hands the promise to loadClassifier.
 * @param {string | URL} url
 * @returns {Promise<WebAssembly.Module>}
 */
export async function startCompile(url) {
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`loading ${url}: HTTP ${response.status}`);
  }
  if (WebAssembly.compileStreaming && response.headers.get("content-type") === "application/wasm") {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

/** compile turns what was given into a compiled module. */
async function compile(wasm) {
  if (wasm instanceof WebAssembly.Module) return wasm;
  if (wasm instanceof ArrayBuffer || ArrayBuffer.isView(wasm)) return WebAssembly.compile(wasm);
  return startCompile(wasm);
}

/**
 * instantiateNow instantiates at once on this thread, as boot.js compiles:
 * no wait for another thread in a popup whose process is busy starting. A
 * browser that limits synchronous instantiation on the main thread (a
 * RangeError) instantiates asynchronously.
 */
async function instantiateNow(module, imports) {
  try {
    return new WebAssembly.Instance(module, imports);
  } catch (err) {
    if (err instanceof RangeError) return WebAssembly.instantiate(module, imports);
    throw err;
  }
}

/** mark records a performance mark where the page has a timeline. */
function mark(name) {
  if (typeof performance !== "undefined" && performance.mark) performance.mark(name);
}
