// A JSON file another job wrote (pending.json, continuation.json): absent, or read and checked
// against its zod schema, or refused with what is wrong — over its size cap, torn JSON, or the first
// field that does not fit. The size is taken from the open file (fstat) before a byte is read, and
// the read stops at the cap even if the file grows meanwhile, so a huge file costs no memory and no
// parse time. Callers word the refusal for their file and decide what it stops.
import { open } from "node:fs/promises";
import type { z } from "zod";

export type JsonFileRead<T> =
  | { kind: "absent" }
  /** `raw` is the parsed JSON before the schema (defaults not filled), for digests over the file's content. */
  | { kind: "read"; value: T; raw: unknown }
  | { kind: "too large"; size: number; cap: number }
  | { kind: "not JSON"; problem: string }
  | { kind: "off schema"; problem: string };

/**
 * The file's text; its size when that is over `cap` (checked before reading); "grew" when another
 * process wrote more while it was read; undefined when absent.
 */
async function boundedText(
  path: string,
  cap: number,
): Promise<{ text: string } | { over: number } | "grew" | undefined> {
  const handle = await open(path, "r").catch(() => undefined);
  if (handle === undefined) return undefined;
  try {
    const { size } = await handle.stat();
    if (size > cap) return { over: size };
    // One byte more than fstat said, to see a file that grows while it is read.
    const buf = Buffer.allocUnsafe(size + 1);
    let off = 0;
    while (off < buf.length) {
      const { bytesRead } = await handle.read(buf, off, buf.length - off, off);
      if (bytesRead === 0) break;
      off += bytesRead;
    }
    return off > size ? "grew" : { text: buf.toString("utf8", 0, off) };
  } finally {
    await handle.close();
  }
}

export async function readJsonFile<S extends z.ZodType>(
  path: string,
  schema: S,
  cap: number,
): Promise<JsonFileRead<z.infer<S>>> {
  const read = await boundedText(path, cap);
  if (read === undefined) return { kind: "absent" };
  if (read === "grew") return { kind: "not JSON", problem: "it grew while it was read" };
  if ("over" in read) return { kind: "too large", size: read.over, cap };
  let raw: unknown;
  try {
    raw = JSON.parse(read.text);
  } catch (e) {
    return { kind: "not JSON", problem: (e as Error).message };
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { kind: "read", value: parsed.data, raw };
  const first = parsed.error.issues[0]!;
  return { kind: "off schema", problem: `${first.path.join(".") || "(top level)"}: ${first.message}` };
}

/** "300.0 MiB" / "64.0 KiB": a file size for a refusal. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${n} bytes`;
}
