// The one redaction step for text from outside (docs/security.md "Secrets in untrusted text"): every
// secret secretlint's recommended rules or our added patterns find is replaced by `[redacted: <kind>]`,
// and the kinds are reported so whatever the text becomes (a case, an issue, a PR body, a prompt) can
// say so. Pure and synchronous, so it runs where the text enters, before anything else reads it.
import { secretlintFindings, type SecretFinding } from "./secretlint-host.js";
import { patternFindings } from "./secret-patterns.js";

export interface Redacted<T = string> {
  /** The input with each secret replaced by `[redacted: <kind>]`. */
  value: T;
  /** The kinds replaced, sorted, each once; empty when nothing was. */
  kinds: string[];
}

/** Shorter texts hold no secret any rule recognises (the shortest, a password, is 6 after its key). */
const SHORTEST = 8;

export const redactionText = (kind: string): string => `[redacted: ${kind}]`;

/** Every secret in `text`, by start (the longer first where two start together). */
export function findSecrets(text: string): SecretFinding[] {
  if (text.length < SHORTEST) return [];
  return [...secretlintFindings(text), ...patternFindings(text)]
    .filter((f) => f.end > f.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
}

/** The kinds of secret `text` holds, sorted, each once. */
export const secretKinds = (text: string): string[] =>
  [...new Set(findSecrets(text).map((f) => f.kind))].sort();

/** `text` with every secret replaced; overlapping findings become one replacement, named by the first. */
export function redactSecrets(text: string): Redacted {
  const found = findSecrets(text);
  if (found.length === 0) return { value: text, kinds: [] };
  const kinds = new Set<string>();
  let [out, at, i] = ["", 0, 0];
  while (i < found.length) {
    const first = found[i]!;
    let end = first.end;
    for (; i < found.length && found[i]!.start < end; i++) {
      end = Math.max(end, found[i]!.end);
      kinds.add(found[i]!.kind);
    }
    out += text.slice(at, first.start) + redactionText(first.kind);
    at = end;
  }
  return { value: out + text.slice(at), kinds: [...kinds].sort() };
}

/** The kinds of several redactions together, sorted, each once. */
export const joinKinds = (...lists: readonly (readonly string[] | undefined)[]): string[] =>
  [...new Set(lists.flatMap((l) => l ?? []))].sort();

/**
 * Every string inside plain data (arrays and objects, as JSON parses them) redacted; keys are kept.
 * What is not a string, an array or a plain object is returned as it is.
 */
export function redactDeep<T>(value: T): Redacted<T> {
  const kinds: string[][] = [];
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      const r = redactSecrets(v);
      if (r.kinds.length) kinds.push(r.kinds);
      return r.value;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype)
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  const out = walk(value) as T;
  return { value: kinds.length ? out : value, kinds: joinKinds(...kinds) };
}
