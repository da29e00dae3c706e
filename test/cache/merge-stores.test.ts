// `cache merge` over stores with parts: the union, each part once in the merged segment, and a
// conflicting key refused with nothing written.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogStore } from "../../src/io/cache/log-store.js";
import { MergeConflictError, mergeStores } from "../../src/io/cache/merge-stores.js";
import { entryKey as key, execution } from "./fixtures/execution.js";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "merge-"));
});
afterEach(async () => rm(root, { recursive: true, force: true }));

const fill = async (dir: string, from: number, to: number) => {
  const s = createLogStore(dir);
  for (let i = from; i < to; i++) await s.put(key(i), execution(i));
};

describe("mergeStores", () => {
  it("merges shards with parts into one segment per store, each part once", async () => {
    await fill(join(root, "a"), 0, 10);
    await fill(join(root, "b"), 10, 20);
    await fill(join(root, "b", "memo"), 0, 3);
    await fill(join(root, "all"), 5, 7); // already there, with the same values
    const summary = await mergeStores([join(root, "a"), join(root, "b")], join(root, "all"));
    expect(summary).toEqual({ added: { "": 18, memo: 3 }, already: 2 });
    const fresh = (await readdir(join(root, "all"))).filter((n) => n.includes("-0-"));
    expect(fresh).toHaveLength(1);
    const merged = await readFile(join(root, "all", fresh[0]!), "utf8");
    expect(merged.split("\n").filter((l) => l[81] === "P")).toHaveLength(4);
    const all = createLogStore(join(root, "all"));
    for (let i = 0; i < 20; i++) expect(await all.get(key(i))).toEqual(execution(i));
    expect(await createLogStore(join(root, "all", "memo")).get(key(2))).toEqual(execution(2));
  });

  it("refuses a key two sources hold with different values, writing nothing", async () => {
    await fill(join(root, "a"), 0, 3);
    await createLogStore(join(root, "b")).put(key(1), execution(2));
    await expect(mergeStores([join(root, "a"), join(root, "b")], join(root, "ab"))).rejects.toThrow(
      MergeConflictError,
    );
    await expect(readdir(join(root, "ab"))).rejects.toThrow(/ENOENT/);
  });
});
