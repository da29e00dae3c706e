// One line of a store's segment: `<key> <checksum><kind><payload>\n`, the key a sha256 hex digest,
// the checksum the first 16 hex of the payload's sha256, the kind one character:
//   " "  an entry whose payload is its value's JSON (the first format; still written for a value
//        without parts, so older readers read it)
//   "E"  an entry whose payload is its skeleton (log-parts.ts): its parts are P lines
//   "P"  a part: the payload is its text as a JSON string, the key that payload's sha256 (checked in
//        full on every read: a part whose text is not its content address is never served)
// A reader of the first format reads E and P lines as damaged (its kind byte must be a space), so it
// misses them and runs the work again instead of returning a skeleton.
import { sha256Hex } from "../../vocabulary/sha256.js";

export const KEY = /^[0-9a-f]{64}$/;
const SUM_CHARS = 16;
/** Bytes before the payload: key, space, checksum, kind. */
export const HEAD = 64 + 1 + SUM_CHARS + 1;

export type LineKind = " " | "E" | "P";
const KINDS: ReadonlySet<string> = new Set([" ", "E", "P"]);

export function checkKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`cache key must be a sha256 hex digest, got ${JSON.stringify(key)}`);
}

const checksum = (payload: string) => sha256Hex(payload).slice(0, SUM_CHARS);

export function recordLine(kind: LineKind, key: string, payload: string): string {
  return `${key} ${checksum(payload)}${kind}${payload}\n`;
}

/** One entry line of the first format (a value without parts). */
export function logLine(key: string, value: unknown): string {
  return recordLine(" ", key, JSON.stringify(value));
}

/** The kind of a line from its head, or undefined when the head is not a record's. */
export function lineKind(head: string): LineKind | undefined {
  if (head.length < HEAD || !KEY.test(head.slice(0, 64)) || head[64] !== " ") return undefined;
  const kind = head[HEAD - 1]!;
  return KINDS.has(kind) ? (kind as LineKind) : undefined;
}

/**
 * The parsed payload of a line, or undefined when it is damaged, not `key`'s or not of `kind`. A
 * part's payload must hash to its key in full (the same one sha256 the checksum takes), so a part
 * line whose checksum was made to fit other text is refused too.
 */
export function parseRecord(line: string, key: string, kind: LineKind): unknown {
  if (line.slice(0, 64) !== key || lineKind(line) !== kind) return undefined;
  const payload = line.slice(HEAD).replace(/\n$/, "");
  const hash = sha256Hex(payload);
  if (hash.slice(0, SUM_CHARS) !== line.slice(65, 65 + SUM_CHARS)) return undefined;
  if (kind === "P" && hash !== key) return undefined;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return undefined;
  }
}
