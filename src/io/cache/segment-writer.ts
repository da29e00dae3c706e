// Appends entries to one segment, each with the parts it needs that this segment does not hold yet,
// in one write: the parts' lines first, then the entry's, so an entry is never on disk before its
// parts, and a write torn by a crash leaves at most parts no entry refers to. Every segment holds
// every part its own entries refer to, so a segment can be moved, merged or deleted on its own.
import type { FileHandle } from "node:fs/promises";
import { checkKey, recordLine } from "./log-line.js";
import { splitValue } from "./log-parts.js";
import type { Location } from "./log-segments.js";

export interface SegmentWriter {
  put(key: string, value: unknown): Promise<void>;
}

/** A writer to `fh`, an empty segment; `note` hears of each line written (the store's index). */
export function createSegmentWriter(
  fh: FileHandle,
  segment: number,
  note?: (key: string, at: Location) => void,
): SegmentWriter {
  const written = new Set<string>();
  let size = 0;
  let queue: Promise<unknown> = Promise.resolve();

  const append = async (key: string, value: unknown) => {
    const { skeleton, parts, marked } = splitValue(value);
    const lines: [string, Location["kind"], Buffer][] = [];
    for (const [hash, text] of parts)
      if (!written.has(hash))
        lines.push([hash, "P", Buffer.from(recordLine("P", hash, JSON.stringify(text)))]);
    lines.push([key, marked ? "E" : " ", Buffer.from(recordLine(marked ? "E" : " ", key, skeleton))]);
    await fh.write(Buffer.concat(lines.map(([, , b]) => b)));
    for (const [k, kind, b] of lines) {
      if (kind === "P") written.add(k);
      note?.(k, { segment, offset: size, length: b.length, kind });
      size += b.length;
    }
  };

  return {
    put(key, value) {
      checkKey(key);
      // One write at a time, so the offsets noted are the ones written.
      const done = queue.then(() => append(key, value));
      queue = done.catch(() => undefined);
      return done;
    },
  };
}
