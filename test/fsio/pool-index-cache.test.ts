// The pool index cache: one line per case file, content-addressed (an edit is seen even when the
// size and mtime stay the same), each damaged or unwritable line costing only its own file a re-read.
import { mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Case } from "../../src/records/case.js";
import { renderCase } from "../../src/core/cases/parse-case.js";
import { loadPoolIndex, writeCase } from "../../src/io/fsio/pool-store.js";

const make = (id: string, skills: string[] = ["refunds"], draft?: true): Case =>
  Case.parse({
    id,
    category: "general",
    diagnosis: `failure record for ${id}`,
    task: { prompt: "Refund order 7.", rubric: [{ type: "contains", value: "refund" }] },
    skills,
    provenance: { channel: "manual", created: "2026-11-30T00:00:00Z", ...(draft ? { draft } : {}) },
  });

let root: string;
let cacheFile: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "skillops-pool-cache-"));
  cacheFile = join(root, ".cache", "pool-index.tsv");
  for (const id of ["a", "b", "c"]) await writeCase(root, make(id));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("pool index cache", () => {
  it("keeps one tab-separated line per case, sorted by path, and reuses them all when nothing changed", async () => {
    const first = await loadPoolIndex(root, { cacheFile });
    const lines = (await readFile(cacheFile, "utf8")).split("\n").slice(0, -1);
    expect(lines[0]).toBe("skillops-pool-index\t3");
    expect(lines.slice(1).map((l) => l.split("\t").filter((_, i) => i !== 1))).toEqual([
      ["general/a.yml", "a", "general", "refunds", "", ""],
      ["general/b.yml", "b", "general", "refunds", "", ""],
      ["general/c.yml", "c", "general", "refunds", "", ""],
    ]);
    const before = (await stat(cacheFile)).mtimeMs;
    const second = await loadPoolIndex(root, { cacheFile });
    expect([second.parsed, second.reused]).toEqual([0, 3]);
    expect(second.index.entries).toEqual(first.index.entries);
    expect(second.digest).toBe(first.digest);
    expect((await stat(cacheFile)).mtimeMs).toBe(before); // unchanged: not rewritten
  });

  it("sees an edit that keeps the file's size and mtime (the key is the content, not the stat)", async () => {
    const first = await loadPoolIndex(root, { cacheFile });
    const path = join(root, "general/b.yml");
    const { mtime, size } = await stat(path);
    const edited = renderCase(make("b", ["returns"])); // "refunds" → "returns": same length
    expect(Buffer.byteLength(edited)).toBe(size);
    await writeFile(path, edited);
    await utimes(path, mtime, mtime);
    const next = await loadPoolIndex(root, { cacheFile });
    expect([next.parsed, next.reused]).toEqual([1, 2]);
    expect(next.index.bySkill.get("returns")?.map((e) => e.id)).toEqual(["b"]);
    expect(next.digest).not.toBe(first.digest);
  });

  it("re-reads only the file whose line is damaged, and rebuilds a cache of another format", async () => {
    await loadPoolIndex(root, { cacheFile });
    const text = await readFile(cacheFile, "utf8");
    await writeFile(cacheFile, text.replace(/^(general\/b\.yml)\t.*$/m, "$1\tnot enough fields"));
    const damaged = await loadPoolIndex(root, { cacheFile });
    expect([damaged.parsed, damaged.reused]).toEqual([1, 2]);
    expect(await readFile(cacheFile, "utf8")).toBe(text); // the line is written again
    // The JSON map of the previous version is not read as lines: every file is scanned again.
    await writeFile(cacheFile, JSON.stringify({ version: 1, entries: {} }));
    expect((await loadPoolIndex(root, { cacheFile })).parsed).toBe(3);
    expect(await readFile(cacheFile, "utf8")).toBe(text);
  });

  it("keeps the draft flag, and leaves uncached an entry whose fields cannot be written on a line", async () => {
    await writeCase(root, make("d", ["refunds"], true));
    await mkdir(join(root, "general"), { recursive: true });
    // A quoted skill name with a comma: read by the full parse, never written to the cache.
    const quoted = renderCase(make("q")).replace("  - refunds", '  - "refunds, returns"');
    await writeFile(join(root, "general/q.yml"), quoted);
    await loadPoolIndex(root, { cacheFile });
    const again = await loadPoolIndex(root, { cacheFile });
    expect([again.parsed, again.reused]).toEqual([1, 4]);
    expect(again.index.byId.get("d")?.draft).toBe(true);
    expect(again.index.byId.get("a")?.draft).toBeUndefined();
    expect(again.index.byId.get("q")?.skills).toEqual(["refunds, returns"]);
    expect(await readFile(cacheFile, "utf8")).not.toMatch(/general\/q\.yml/);
  });

  it("leaves out a file that is gone", async () => {
    await loadPoolIndex(root, { cacheFile });
    await rm(join(root, "general/a.yml"));
    const next = await loadPoolIndex(root, { cacheFile });
    expect(next.index.entries.map((e) => e.id)).toEqual(["b", "c"]);
    expect(await readFile(cacheFile, "utf8")).not.toMatch(/general\/a\.yml/);
  });
});
