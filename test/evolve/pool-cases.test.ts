// The loop's view of the pool: a lazy pool over real files reads each case once, when asked for it.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Case } from "../../src/records/case.js";
import { renderCase } from "../../src/core/cases/parse-case.js";
import type { PoolEntry } from "../../src/core/cases/pool.js";
import { inMemoryPool, lazyPool, PoolCaseError } from "../../src/core/evolve/pool-cases.js";
import { loadPoolIndex, readCases, writeCase } from "../../src/io/fsio/pool-store.js";

const make = (id: string, skills = ["refunds"]): Case =>
  Case.parse({
    id,
    category: "general",
    diagnosis: `failure record for ${id}`,
    task: { prompt: "Refund order 7.", rubric: [{ type: "contains", value: "refund" }] },
    skills,
    provenance: { channel: "manual", created: "2026-11-30T00:00:00Z" },
  });

let root: string;
let reads: string[];
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "skillops-pool-cases-"));
  reads = [];
  for (const id of ["a", "b", "c"]) await writeCase(root, make(id));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The real reader, with the files it was asked for noted. */
const reader = (entries: readonly PoolEntry[]) => {
  reads.push(...entries.map((e) => e.path));
  return readCases(root, entries);
};

describe("lazy pool", () => {
  it("reads nothing until asked, then each asked-for file once", async () => {
    const { index } = await loadPoolIndex(root);
    const pool = lazyPool(index, reader);
    expect(reads).toEqual([]);
    expect(pool.byId.size).toBe(0);
    const [a, c] = [index.byId.get("a")!, index.byId.get("c")!];
    expect(await pool.load([c, a])).toEqual([make("c"), make("a")]);
    expect(await pool.load([a])).toEqual([make("a")]);
    expect(reads).toEqual(["general/c.yml", "general/a.yml"]);
    expect([...pool.byId.keys()].sort()).toEqual(["a", "c"]);
    expect(pool.loaded()).toEqual([make("c"), make("a")]); // what the run has shown a model, in order
  });

  it("refuses a sampled file the schema rejects, naming it; loaded() leaves it out", async () => {
    await writeFile(
      join(root, "general/b.yml"),
      renderCase(make("b")).replace("type: contains", "type: fuzzy"),
    );
    const { index, diagnostics } = await loadPoolIndex(root);
    expect(diagnostics).toEqual([]); // the scan cannot see the rubric
    const pool = lazyPool(index, reader);
    await expect(pool.load([index.byId.get("b")!])).rejects.toThrow(PoolCaseError);
    await expect(pool.load([index.byId.get("b")!])).rejects.toThrow(
      /1 sampled case file\(s\) invalid, first: general\/b\.yml:\d+: .*fuzzy/,
    );
    await pool.load([index.byId.get("c")!]);
    expect(pool.loaded().map((x) => x.id)).toEqual(["c"]);
  });

  it("passes what it reads to the check, which may refuse it", async () => {
    const { index } = await loadPoolIndex(root);
    const pool = lazyPool(index, reader, (cases) => {
      if (cases.some((x) => x.id === "b")) throw new Error("b needs a judge");
    });
    await expect(pool.load([index.byId.get("a")!])).resolves.toHaveLength(1);
    await expect(pool.load([index.byId.get("b")!])).rejects.toThrow("b needs a judge");
    expect(pool.byId.has("b")).toBe(false);
  });
});

describe("in-memory pool", () => {
  it("holds every case and indexes them, but counts as loaded only what load returned", async () => {
    const pool = inMemoryPool([make("b"), make("a"), make("c")]);
    expect(pool.index.entries.map((e) => e.id)).toEqual(["a", "b", "c"]);
    expect(pool.byId.size).toBe(3);
    expect(pool.loaded()).toEqual([]);
    expect(await pool.load([pool.index.byId.get("b")!])).toEqual([make("b")]);
    await pool.load([pool.index.byId.get("a")!, pool.index.byId.get("b")!]);
    expect(pool.loaded()).toEqual([make("b"), make("a")]);
  });
});
