// message.js: fills a template of feedscout's message catalogue
// (common/report/catalog, whose doc.go defines the syntax; go generate writes its
// templates to _locales) the way the host's Go does (catalog.Say), so that
// the popup and the host say one sentence alike:
//
//   {host}                           the argument, a number the user's way
//   {line, plain}                    a number as digits only
//   {n, plural, one {# item} other {# items}}   by Intl.PluralRules; # the count
//   {w, select, a {...} none {...} other {...}}  by the word; none: missing or empty
//   {p, phrase, key}                 message key with p's own arguments (an
//                                    object) or these; nothing when p is missing

const parsed = new Map();

/**
 * parse reads a template into nodes: strings, {arg, typ, key?, branches?}
 * and {count: true} for a plural's #. It throws on a template the
 * catalogue's tests would refuse.
 * @param {string} s
 */
export function parse(s) {
  let i = 0;
  const fail = (what) => {
    throw new Error(`template ${JSON.stringify(s)} at ${i}: ${what}`);
  };
  const space = () => {
    while (i < s.length && " \t\n".includes(s[i])) i++;
  };
  const word = () => {
    space();
    const start = i;
    while (i < s.length && !" \t\n,{}".includes(s[i])) i++;
    return s.slice(start, i);
  };
  const nodes = (inPlural) => {
    const out = [];
    let text = "";
    const flush = () => {
      if (text) out.push(text);
      text = "";
    };
    while (i < s.length) {
      const c = s[i];
      if (c === "}") break;
      if (c === "{") {
        flush();
        out.push(argument());
      } else if (c === "#" && inPlural) {
        flush();
        out.push({ count: true });
        i++;
      } else {
        text += c;
        i++;
      }
    }
    flush();
    return out;
  };
  const argument = () => {
    i++;
    const arg = word();
    if (!arg) fail("an argument without a name");
    space();
    if (s[i] === "}") {
      i++;
      return { arg, typ: "" };
    }
    if (s[i] !== ",") fail(`argument ${arg}: want , or }`);
    i++;
    const typ = word();
    space();
    if (typ === "plain" || typ === "number") {
      if (s[i] !== "}") fail(`argument ${arg}: ${typ} takes no style`);
      i++;
      return { arg, typ };
    }
    if (typ === "phrase") {
      if (s[i] !== ",") fail(`argument ${arg}: a phrase names its message`);
      i++;
      const key = word();
      space();
      if (!key || s[i] !== "}") fail(`argument ${arg}: a phrase names one message`);
      i++;
      return { arg, typ, key };
    }
    if (typ !== "plural" && typ !== "select") fail(`argument ${arg}: unknown type ${typ}`);
    if (s[i] !== ",") fail(`argument ${arg}: ${typ} needs branches`);
    i++;
    const branches = new Map();
    for (;;) {
      space();
      if (s[i] === "}") {
        i++;
        break;
      }
      const key = word();
      space();
      if (!key || s[i] !== "{") fail(`argument ${arg}: a branch is a word and {text}`);
      i++;
      const body = nodes(typ === "plural");
      if (s[i] !== "}") fail(`argument ${arg}: branch ${key} is not closed`);
      i++;
      branches.set(key, body);
    }
    if (!branches.has("other")) fail(`argument ${arg}: ${typ} without an other branch`);
    return { arg, typ, branches };
  };
  const out = nodes(false);
  if (i < s.length) fail("unexpected }");
  return out;
}

/**
 * fill writes template with args. lookup(key) gives a phrase's template
 * ("" for none), number(n) writes a number the user's way, plural(n) names
 * its plural category.
 * @param {string} template
 * @param {Record<string, any>} args
 * @param {{lookup: (key: string) => string, number: (n: number) => string, plural: (n: number) => string}} how
 */
export function fill(template, args, how) {
  const out = [];
  write(out, nodesOf(template), args || {}, 0, 0, how);
  return out.join("");
}

/**
 * branches are the words a template's select on arg has branches for
 * (with "other" and "none"), at any depth; empty when it has none.
 * @param {string} template
 * @param {string} arg
 * @returns {Set<string>}
 */
export function branches(template, arg) {
  const out = new Set();
  const walk = (nodes) => {
    for (const n of nodes) {
      if (typeof n !== "object" || !n.branches) continue;
      if (n.typ === "select" && n.arg === arg) for (const k of n.branches.keys()) out.add(k);
      for (const b of n.branches.values()) walk(b);
    }
  };
  walk(nodesOf(template));
  return out;
}

function nodesOf(template) {
  let n = parsed.get(template);
  if (!n) {
    n = parse(template);
    parsed.set(template, n);
  }
  return n;
}

// MAX_DEPTH bounds phrases inside phrases, as catalog's maxDepth.
const MAX_DEPTH = 8;

function write(out, nodes, args, count, depth, how) {
  for (const n of nodes) {
    if (typeof n === "string") out.push(n);
    else if (n.count) out.push(how.number(count));
    else argument(out, n, args, count, depth, how);
  }
}

function argument(out, n, args, count, depth, how) {
  const present = Object.hasOwn(args, n.arg);
  const v = present ? args[n.arg] : undefined;
  switch (n.typ) {
    case "":
    case "number":
      out.push(value(v, true, how));
      return;
    case "plain":
      out.push(value(v, false, how));
      return;
    case "plural": {
      const c = Number(v) || 0;
      let body = n.branches.get(`=${c}`);
      if (!body) {
        const cat = how.plural(c);
        body = n.branches.get(cat === "zero" || cat === "two" ? "other" : cat) || n.branches.get("other");
      }
      write(out, body, args, c, depth, how);
      return;
    }
    case "select": {
      const w = value(v, false, how);
      let body = n.branches.get(w);
      if (!body && (!present || w === "")) body = n.branches.get("none");
      write(out, body || n.branches.get("other"), args, count, depth, how);
      return;
    }
    case "phrase": {
      if (!present || v === null || v === undefined || depth >= MAX_DEPTH) return;
      const sub = typeof v === "object" && !Array.isArray(v) ? v : args;
      const t = how.lookup(n.key);
      if (t) write(out, nodesOf(t), sub, count, depth + 1, how);
      return;
    }
  }
}

function value(v, grouped, how) {
  if (v === null || v === undefined) return "";
  if (typeof v === "number") return grouped ? how.number(v) : String(v);
  if (Array.isArray(v)) return v.map((x) => value(x, grouped, how)).join(", ");
  if (typeof v === "object") return ""; // an object is no value a sentence can say
  return String(v);
}
