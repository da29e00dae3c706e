// Code hidden in an encoded blob: a base64 or hex run of at least 40 characters that decodes to text
// that reads like shell, python or JS (docs/audit.md "Exfiltration"). Hashes and ids decode to bytes
// that are not text, so they pass. Decoded twice at most (base64 of base64).

const BASE64_RUN = /[A-Za-z0-9+/_-]{40,}={0,2}/g;
const HEX_RUN = /(?:[0-9a-fA-F]{2}){20,}|(?:\\x[0-9a-fA-F]{2}){20,}/g;

const CODE_MARKERS =
  /\bimport\s+\w|\bos\.(?:system|popen|environ)|\bsubprocess\b|\bcurl\b|\bwget\b|#!\/|\beval\s*\(|\bexec\s*\(|\brequire\s*\(|\b(?:ba)?sh\s+-c\b|\/bin\/(?:ba)?sh\b|\bchild_process\b|\bsocket\b|\bprocess\.env\b|\|\s*(?:ba)?sh\b|\bpowershell\b|\bfunction\s*\(|=>\s*\{/;

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Standard or URL-safe base64 to bytes; undefined when it is not base64. */
export function decodeBase64(blob: string): Uint8Array | undefined {
  const s = blob.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  if (s.length % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((s.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let n = 0;
  for (const ch of s) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) return undefined;
    value = (value << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (value >> bits) & 0xff;
    }
  }
  return out.subarray(0, n);
}

function decodeHex(blob: string): Uint8Array {
  const digits = blob.replace(/\\x/g, "");
  const out = new Uint8Array(digits.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(digits.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** The bytes as text when they are text (valid UTF-8, nearly all printable), else undefined. */
function asText(bytes: Uint8Array | undefined): string | undefined {
  if (!bytes || bytes.length === 0) return undefined;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  const printable = [...text].filter((c) => /[\P{C}\t\n\r]/u.test(c)).length;
  return printable / [...text].length >= 0.95 ? text : undefined;
}

export interface EncodedCode {
  encoding: "base64" | "hex";
  /** The start of the decoded code, for the evidence. */
  decoded: string;
}

function decodedBlobs(text: string): { encoding: EncodedCode["encoding"]; text: string }[] {
  const out: { encoding: EncodedCode["encoding"]; text: string }[] = [];
  for (const m of text.matchAll(HEX_RUN)) {
    const t = asText(decodeHex(m[0]));
    if (t !== undefined) out.push({ encoding: "hex", text: t });
  }
  for (const m of text.matchAll(BASE64_RUN)) {
    const t = asText(decodeBase64(m[0]));
    if (t !== undefined) out.push({ encoding: "base64", text: t });
  }
  return out;
}

/** The first blob in the line that decodes to code, looking one encoding deeper when needed. */
export function encodedCode(line: string, depth = 2): EncodedCode | undefined {
  for (const blob of decodedBlobs(line)) {
    if (CODE_MARKERS.test(blob.text)) return { encoding: blob.encoding, decoded: blob.text };
    if (depth > 1) {
      const inner = encodedCode(blob.text, depth - 1);
      if (inner) return { encoding: blob.encoding, decoded: inner.decoded };
    }
  }
  return undefined;
}
