// sign.js: the signature of a public gateway's feed URL (docs/following.md,
// "Signed URLs"), made with WebCrypto from the gateway's key, so that the
// popup can write the signed URL a cloud reader subscribes to without a
// request to anyone. Pure: no chrome.*, no DOM.
//
// The key is 32 bytes written as base64url without padding (43
// characters), as `feedscout-host key` prints it; the signature is
// base64url (no padding) of HMAC-SHA256(key, "feedscout-feed-v1\n" +
// format + "\n" + source), source the source URL as written.

/** KEY_CHARS is the length of a key as written (32 bytes in base64url). */
export const KEY_CHARS = 43;

/** FORMATS are the feed formats a signature can be for. */
export const FORMATS = Object.freeze(["atom", "json"]);

const CONTEXT = "feedscout-feed-v1";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * keyBytes decodes a key (surrounding white space ignored) into its 32
 * bytes, or null when it is not 43 characters of base64url. The last
 * character's two spare bits are ignored, as Go's decoder (and so
 * `feedscout-host key --set`) ignores them.
 * @param {unknown} key
 * @returns {Uint8Array|null}
 */
export function keyBytes(key) {
  if (typeof key !== "string") return null;
  const s = key.trim();
  if (s.length !== KEY_CHARS) return null;
  const out = new Uint8Array(32);
  let bits = 0;
  let acc = 0;
  let at = 0;
  for (const c of s) {
    const v = ALPHABET.indexOf(c);
    if (v < 0) return null;
    acc = ((acc << 6) | v) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (acc >> bits) & 0xff;
    }
  }
  // 43 characters are 258 bits: the 2 left over are not part of the key.
  return out;
}

/**
 * validKey reports whether key is a gateway key (keyBytes).
 * @param {unknown} key
 */
export function validKey(key) {
  return keyBytes(key) !== null;
}

/**
 * base64url writes bytes as base64url without padding.
 * @param {Uint8Array} bytes
 */
export function base64url(bytes) {
  let out = "";
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = ((acc & 0xffff) << 8) | b;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += ALPHABET[(acc >> bits) & 63];
    }
  }
  if (bits > 0) out += ALPHABET[(acc << (6 - bits)) & 63];
  return out;
}

const encoder = new TextEncoder();

/**
 * sign resolves to the signature of the gateway URL for source in format
 * ("atom" or "json"), made with key. It rejects a key that is not valid
 * (validKey) and a format not in FORMATS.
 * @param {string} key the gateway's key, base64url (43 characters)
 * @param {string} format
 * @param {string} source the source URL as written in the url parameter
 * @returns {Promise<string>}
 */
export async function sign(key, format, source) {
  const raw = keyBytes(key);
  if (!raw) throw new Error("sign: the key is not 43 characters of base64url (32 bytes)");
  if (!FORMATS.includes(format)) throw new Error(`sign: unknown format ${JSON.stringify(String(format))}`);
  const k = await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", k, encoder.encode(`${CONTEXT}\n${format}\n${source}`));
  return base64url(new Uint8Array(mac));
}
