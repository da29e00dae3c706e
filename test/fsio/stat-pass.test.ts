// The stat pass of a cached pool index build: on worker threads, through a ring of shared slots, it
// must give every file's lstat in path order exactly as an inline lstat does, across many turns of
// the ring, and mark what is not a regular file (or is gone) so that the build reads it instead.
import { lstatSync } from "node:fs";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listPoolFolders } from "../../src/io/fsio/pool-file-list.js";
import { statPass, type StatFields } from "../../src/io/fsio/stat-pass.js";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "skillops-stat-pass-"));
  for (const category of ["general", "a-b", "special"]) {
    await mkdir(join(root, category));
    for (let i = 0; i < 60; i++)
      await writeFile(join(root, category, `case-${i}.yml`), "x".repeat(i + (category === "a-b" ? 100 : 0)));
  }
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function collect(workers: number, chunk: number, before?: () => Promise<void>) {
  const { list } = listPoolFolders(root);
  await before?.();
  const pass = statPass(root, list, workers, chunk);
  const out: (StatFields & { path: string })[] = [];
  for (let i = 0; i < list.count; i++) out.push({ ...pass.at(i), path: list.pathAt(i) });
  await pass.close();
  return out;
}

describe("stat pass", () => {
  it("lists the files in path order (a-b/ before general/) and stats each as lstat does, on two workers", async () => {
    // 180 files in chunks of 4: 45 chunks, the 32-slot ring turned more than once.
    const got = await collect(2, 4);
    expect(got.map((g) => g.path)).toEqual([...got.map((g) => g.path)].sort());
    expect(got[0]!.path).toBe("a-b/case-0.yml");
    expect(got).toHaveLength(180);
    for (const g of got) {
      const st = lstatSync(join(root, g.path));
      expect([g.size, g.mtimeMs, g.ctimeMs, g.ino]).toEqual([st.size, st.mtimeMs, st.ctimeMs, st.ino]);
    }
    expect(await collect(0, 4)).toEqual(got);
  });

  it("marks a file gone since the listing, or replaced by a symlink, as not a regular file", async () => {
    const got = await collect(1, 8, async () => {
      await rm(join(root, "general/case-1.yml"));
      await rm(join(root, "general/case-2.yml"));
      await symlink(join(root, "general/case-3.yml"), join(root, "general/case-2.yml"));
    });
    const size = (path: string) => got.find((g) => g.path === path)?.size;
    expect([size("general/case-1.yml"), size("general/case-2.yml"), size("general/case-3.yml")]).toEqual([
      -1, -1, 3,
    ]);
  });
});
