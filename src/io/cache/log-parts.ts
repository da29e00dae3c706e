// The parts of a stored value: every string of PART_MIN_CHARS or more is kept once, under the sha256
// of its JSON (lossless, where UTF-8 would merge lone surrogates), and the value refers to it by hash. An execution's transcript repeats the same large
// strings in thousands of entries (the system prompt listing the skills, each tool result quoting a
// skill), so a store of entries holds those once instead of once per execution.
//
// In the skeleton (the value's JSON with its parts taken out) a part is the string
// "\u0000" + its 64-hex hash, and a string of the value that itself starts with "\u0000" gets one more
// "\u0000" in front, so no string of the value is ever taken for a reference.
import { sha256Hex } from "../../vocabulary/sha256.js";

/** Strings this long (UTF-16 code units, so at least this many UTF-8 bytes) are kept as parts. */
export const PART_MIN_CHARS = 256;
const MARK = "\u0000";
const HEX64 = /^[0-9a-f]{64}$/;
const isRef = (s: string) => s.length === 65 && s.startsWith(MARK) && HEX64.test(s.slice(1));

export interface SplitValue {
  /** The value's JSON with its parts replaced by references; JSON.stringify(value) when it has none. */
  skeleton: string;
  /** Hash → text of each distinct part, in first-seen order; empty when the skeleton is plain JSON. */
  parts: Map<string, string>;
  /** Whether the skeleton differs from JSON.stringify(value) (parts or escaped strings). */
  marked: boolean;
}

/** The value as JSON.stringify writes it, with each long string taken out as a part. */
export function splitValue(value: unknown): SplitValue {
  const parts = new Map<string, string>();
  let marked = false;
  const skeleton = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== "string") return v;
    if (v.length >= PART_MIN_CHARS) {
      const hash = sha256Hex(JSON.stringify(v));
      parts.set(hash, v);
      marked = true;
      return MARK + hash;
    }
    if (!v.startsWith(MARK)) return v;
    marked = true;
    return MARK + v;
  });
  if (skeleton === undefined) throw new Error("a stored value must be JSON (got undefined or a function)");
  return { skeleton, parts, marked };
}

/** The part hashes a parsed skeleton refers to (each once). */
export function partRefs(skeleton: unknown): Set<string> {
  const out = new Set<string>();
  walkStrings(skeleton, (s) => {
    if (isRef(s)) out.add(s.slice(1));
    return s;
  });
  return out;
}

/**
 * The value back from its parsed skeleton, each reference replaced by its part's text and each
 * escaped string unescaped, or undefined when a part is missing or a marked string is malformed.
 */
export function joinValue(skeleton: unknown, parts: ReadonlyMap<string, string>): unknown {
  let broken = false;
  const value = walkStrings(skeleton, (s) => {
    if (!s.startsWith(MARK)) return s;
    if (s.startsWith(MARK + MARK)) return s.slice(1);
    const text = isRef(s) ? parts.get(s.slice(1)) : undefined;
    if (text === undefined) broken = true;
    return text ?? s;
  });
  return broken ? undefined : value;
}

/** The value with every string (not object keys) mapped, objects and arrays rebuilt in place. */
function walkStrings(v: unknown, map: (s: string) => string): unknown {
  if (typeof v === "string") return map(v);
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = walkStrings(v[i], map);
    return v;
  }
  if (v !== null && typeof v === "object") {
    const o = v as Record<string, unknown>;
    for (const k of Object.keys(o)) o[k] = walkStrings(o[k], map);
  }
  return v;
}
