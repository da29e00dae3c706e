// The pool index cache: one line per case file, trusted without a read while the file's size, mtime,
// ctime and inode stay the same (and it is not fresh), else content-addressed (an edit is seen even
// when the size and mtime stay the same), each damaged or unwritable line costing only its own file a
// re-read.
import { mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Case } from "../../src/records/case.js";
import { renderCase } from "../../src/core/cases/parse-case.js";
import { loadPoolIndex, writeCase } from "../../src/io/fsio/pool-store.js";
import { RACY_MS } from "../../src/io/fsio/file-signature.js";

/** A clock past the racy window: every file written so far counts as old enough to trust its stat. */
const later = () => new Date(Date.now() + RACY_MS + 60_000);
/** Long enough for the filesystem's timestamps to move on (a clock tick is at most a few ms). */
const tick = () => new Promise((done) => setTimeout(done, 50));

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
    expect(lines[0]).toBe("skillops-pool-index\t4");
    expect(lines.slice(1).map((l) => l.split("\t").filter((_, i) => i !== 1 && i !== 2))).toEqual([
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

  it("sees an edit that keeps the file's size and mtime of a fresh file (hashed, not trusted by its stat)", async () => {
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

  it("trusts an old file's unchanged stat: a second load reads and hashes nothing, and writes no cache", async () => {
    const first = await loadPoolIndex(root, { cacheFile, clock: later });
    expect([first.parsed, first.hashed]).toEqual([3, 3]);
    const before = await readFile(cacheFile, "utf8");
    expect(before).not.toMatch(/\t-\t/); // every signature recorded
    const second = await loadPoolIndex(root, { cacheFile, clock: later });
    expect([second.parsed, second.reused, second.hashed]).toEqual([0, 3, 0]);
    expect(second.index.entries).toEqual(first.index.entries);
    expect(second.digest).toBe(first.digest);
    expect(await readFile(cacheFile, "utf8")).toBe(before);
  });

  // statWorkers 1: the stat pass on a worker thread, as for a large pool (stat-pass.ts).
  it.each([0, 1])(
    "notices a changed, an added and a removed file, an edit that puts back size and mtime included (stat workers: %i)",
    async (statWorkers) => {
      const first = await loadPoolIndex(root, { cacheFile, clock: later, statWorkers });
      await tick();
      const path = join(root, "general/b.yml");
      const { mtime, size } = await stat(path);
      const edited = renderCase(make("b", ["returns"])); // same length; the ctime still moves
      expect(Buffer.byteLength(edited)).toBe(size);
      await writeFile(path, edited);
      await utimes(path, mtime, mtime);
      await writeCase(root, make("d", ["shipping"]));
      await rm(join(root, "general/a.yml"));
      const next = await loadPoolIndex(root, { cacheFile, clock: later, statWorkers });
      expect([next.parsed, next.reused, next.hashed]).toEqual([2, 1, 2]);
      expect(next.index.entries.map((e) => e.id)).toEqual(["b", "c", "d"]);
      expect(next.index.bySkill.get("returns")?.map((e) => e.id)).toEqual(["b"]);
      expect(next.index.bySkill.get("shipping")?.map((e) => e.id)).toEqual(["d"]);
      expect(next.digest).not.toBe(first.digest);
      const again = await loadPoolIndex(root, { cacheFile, clock: later, statWorkers });
      expect([again.parsed, again.hashed]).toEqual([0, 0]);
      expect(again.index.entries).toEqual(next.index.entries);
    },
  );

  it("re-reads a file whose line kept the same hash but whose stat moved (touch), and records the new stat", async () => {
    await loadPoolIndex(root, { cacheFile, clock: later });
    await tick();
    const path = join(root, "general/c.yml");
    await utimes(path, new Date(), new Date());
    const touched = await loadPoolIndex(root, { cacheFile, clock: later });
    expect([touched.parsed, touched.reused, touched.hashed]).toEqual([0, 3, 1]);
    const again = await loadPoolIndex(root, { cacheFile, clock: later });
    expect(again.hashed).toBe(0);
  });

  it("does not trust the stat of a file written within the racy window: it is hashed on every load until older", async () => {
    await loadPoolIndex(root, { cacheFile });
    const again = await loadPoolIndex(root, { cacheFile });
    expect([again.reused, again.hashed]).toEqual([3, 3]);
    expect(await readFile(cacheFile, "utf8")).toMatch(/^general\/a\.yml\t-\t/m);
  });
});
