// classifier.js: the page classifier (wasm/, Go compiled to a WASI
// reactor) behind four plain functions. The module's ABI is in wasm/doc.go:
// JSON in through alloc'd memory, JSON out as ptr<<32 | len, every buffer
// freed by us. No chrome.* APIs here: the caller passes the module's URL.

import { createWASI } from "./wasi.js";

/**
 * loadClassifier compiles and starts the module and resolves to its calls,
 * which are synchronous and throw an Error with the module's sentence when
 * it answers {"error": ...}.
 *
 * @param {string | URL | BufferSource | WebAssembly.Module} wasm the
 *   module's URL (chrome.runtime.getURL("wasm/classify.wasm")), or its bytes
 *   or compiled module (tests).
 * @returns {Promise<{
 *   classify: (url: string, html: string, contentType?: string) => object,
 *   shape: (urls: string[]) => {url: string, shape: string, rule: string}[],
 *   opmlExport: (title: string, subs: object[]) => string,
 *   opmlImport: (text: string) => object[],
 * }>}
 */
export async function loadClassifier(wasm) {
  const wasi = createWASI();
  const instance = await instantiate(wasm, wasi.imports);
  const ex = instance.exports;
  wasi.setMemory(ex.memory);
  ex._initialize(); // a reactor: runs Go's initialisation once, before any call

  const encoder = new TextEncoder();
  const decoder = new TextDecoder();

  /** call sends one JSON request to an exported function. */
  function call(name, request) {
    const input = encoder.encode(JSON.stringify(request));
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

  return {
    /** classify reads one page's HTML (a string: already decoded). */
    classify(url, html, contentType = "") {
      return call("classify", { url, html, content_type: contentType || "" });
    },
    /** shape judges URLs (or paths) by their shape alone. */
    shape(urls) {
      return call("shape", { urls });
    },
    /** opmlExport writes subscriptions as an OPML 2.0 document. */
    opmlExport(title, subs) {
      return call("opml_export", { title, subscriptions: subs }).opml;
    },
    /** opmlImport reads the subscriptions of an OPML document. */
    opmlImport(text) {
      return call("opml_import", { opml: text }).subscriptions;
    },
  };
}

/** instantiate compiles and instantiates the module from what was given. */
async function instantiate(wasm, imports) {
  if (wasm instanceof WebAssembly.Module) {
    return WebAssembly.instantiate(wasm, imports);
  }
  if (wasm instanceof ArrayBuffer || ArrayBuffer.isView(wasm)) {
    return (await WebAssembly.instantiate(wasm, imports)).instance;
  }
  const response = await fetch(wasm);
  if (!response.ok) {
    throw new Error(`loading ${wasm}: HTTP ${response.status}`);
  }
  if (WebAssembly.instantiateStreaming && response.headers.get("content-type") === "application/wasm") {
    return (await WebAssembly.instantiateStreaming(response, imports)).instance;
  }
  return (await WebAssembly.instantiate(await response.arrayBuffer(), imports)).instance;
}
