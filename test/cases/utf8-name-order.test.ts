// Pool file names are sorted as UTF-8 bytes (no string per file); the order must be exactly the
// strings' `compare` order, or the index build would see paths out of order.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compare } from "../../src/core/cases/pool.js";
import { utf8NameOrder } from "../../src/core/cases/utf8-name-order.js";
import { listPoolFolders } from "../../src/io/fsio/pool-file-list.js";
import { deriveRng } from "../../src/vocabulary/rng.js";

function packed(names: string[]): { bytes: Uint8Array; ends: Int32Array } {
  const parts = names.map((n) => Buffer.from(n, "utf8"));
  const ends = new Int32Array(parts.length);
  parts.reduce((at, p, i) => (ends[i] = at + p.length), 0);
  return { bytes: Buffer.concat(parts), ends };
}

describe("utf8NameOrder", () => {
  it("orders names as compare orders their strings: shared prefixes, prefixes of each other, accents", () => {
    const rng = deriveRng(1, "names");
    const alphabet = ["a", "b", "-", ".", "0", "9", "é", "ß", "Z", "case-00"];
    const names = new Set<string>(["", "a", "ab", "a-", "case-000001.yml", "case-0000010.yml"]);
    while (names.size < 3000) {
      let n = "";
      for (let k = rng.int(12); k >= 0; k--) n += alphabet[rng.int(alphabet.length)];
      names.add(n);
    }
    const list = [...names];
    const { bytes, ends } = packed(list);
    const order = utf8NameOrder(bytes, ends, list.length)!;
    expect(Array.from(order, (i) => list[i])).toEqual([...list].sort(compare));
  });

  it("declines names whose byte order differs from compare's (U+E000 and up)", () => {
    const list = ["a\u{E000}", "a\u{1F600}"];
    const { bytes, ends } = packed(list);
    expect(utf8NameOrder(bytes, ends, 2)).toBeUndefined();
  });

  it("lists a folder in compare order even when those names are in it", async () => {
    const root = await mkdtemp(join(tmpdir(), "skillops-name-order-"));
    try {
      await mkdir(join(root, "general"));
      const names = ["b.yml", "a\u{E000}.yml", "a\u{1F600}.yml", "a.yml", "A.yml"];
      for (const n of names) await writeFile(join(root, "general", n), "x");
      const { list } = listPoolFolders(root);
      expect(list.paths()).toEqual(names.map((n) => `general/${n}`).sort(compare));
      // UTF-16 order puts the surrogate pair (U+1F600) before U+E000; byte order would not.
      expect(list.pathAt(2)).toBe("general/a\u{1F600}.yml");
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
