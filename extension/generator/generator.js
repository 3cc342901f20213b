// generator.js: the news sitemap generator page. The Go generator
// (common/newsmap, the code behind `feedscout-host newsmap`) runs in its own
// wasm module, newsmap.wasm, through its newsmap call
// (wasm/newsmapwasm/doc.go), loaded by this page only; this
// page only collects the fields and shows the answer, as text, each
// refusal and warning in the user's language by its code's template with
// its args (lib/findings.js; the Go sentence for a code without one).
// Nothing here makes a request.

import { createWASI } from "../lib/wasi.js";
import { encodeFields } from "../lib/classifier.js";
import { translate, t, tn } from "../lib/i18n.js";
import { findingText } from "../lib/findings.js";

translate();

const $ = (id) => document.getElementById(id);
const fields = ["name", "language", "lines", "checked-at"].map($);

/** generator resolves to a function that runs the newsmap call. */
const generator = (async () => {
  const wasi = createWASI();
  const response = await fetch("../wasm/newsmap.wasm");
  if (!response.ok) throw new Error(`loading the wasm module: HTTP ${response.status}`);
  const { instance } = await WebAssembly.instantiate(await response.arrayBuffer(), wasi.imports);
  const ex = instance.exports;
  wasi.setMemory(ex.memory);
  ex._initialize();
  const decoder = new TextDecoder();
  return (request) => {
    const input = encodeFields([request.name, request.language, request.checked_at, request.lines]);
    const inPtr = ex.alloc(input.length) >>> 0;
    let outPtr = 0;
    try {
      new Uint8Array(ex.memory.buffer, inPtr, input.length).set(input);
      const packed = BigInt.asUintN(64, ex.newsmap(inPtr, input.length));
      outPtr = Number(packed >> 32n);
      const answer = JSON.parse(decoder.decode(new Uint8Array(ex.memory.buffer, outPtr, Number(packed & 0xffffffffn))));
      if (typeof answer.error === "string") throw new Error(answer.error);
      return answer;
    } finally {
      ex.free(inPtr);
      if (outPtr) ex.free(outPtr);
    }
  };
})();

/** levelWord is a finding's level in the user's language. */
function levelWord(level) {
  if (level === "error") return t("level_error");
  if (level === "warning") return t("level_warning");
  return t("level_note");
}

/** show puts the generator's answer on the page, as text only. */
function show(answer) {
  $("result").hidden = false;
  const list = $("findings");
  list.replaceChildren(
    ...answer.findings.map((f) => {
      const li = document.createElement("li");
      li.className = f.level;
      li.textContent = `${levelWord(f.level)}: ${findingText(f)}`;
      return li;
    }),
  );
  $("copied").textContent = "";
  if (!answer.xml) {
    $("summary").textContent = t("generator_refused");
    $("output").hidden = true;
    $("xml").value = "";
    return;
  }
  $("summary").textContent = tn("generator_written", answer.entries);
  $("xml").value = answer.xml;
  $("output").hidden = false;
}

$("form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  try {
    const run = await generator;
    show(
      run({
        name: $("name").value,
        language: $("language").value,
        checked_at: $("checked-at").value,
        lines: $("lines").value,
      }),
    );
  } catch (err) {
    $("result").hidden = false;
    $("output").hidden = true;
    $("findings").replaceChildren();
    $("summary").textContent = t("generator_failed", { error: err.message });
  }
});

$("reset").addEventListener("click", () => {
  for (const f of fields) f.value = "";
  $("findings").replaceChildren();
  $("summary").textContent = "";
  $("xml").value = "";
  $("copied").textContent = "";
  $("output").hidden = true;
  $("result").hidden = true;
  $("name").focus();
});

$("copy").addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText($("xml").value);
    $("copied").textContent = t("generator_copied");
  } catch (err) {
    $("copied").textContent = t("generator_copy_failed", { error: err.message });
  }
});

$("download").addEventListener("click", () => {
  const url = URL.createObjectURL(new Blob([$("xml").value], { type: "application/xml" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = "news-sitemap.xml";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
});
