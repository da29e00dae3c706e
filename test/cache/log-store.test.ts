// The append-only cache store: one segment per writer, index rebuilt on open, damaged lines skipped,
// the old one-file-per-entry layout still read, and many segments merged into one.
import { mkdtemp, readdir, readFile, readlink, writeFile, mkdir, appendFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMPACT_AT, compactSegments, createLogStore, logLine } from "../../src/io/cache/log-store.js";
import { sha256Hex } from "../../src/vocabulary/sha256.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "logstore-"));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

const key = (i: number) => sha256Hex(`entry ${i}`);
const segments = async () => (await readdir(dir)).filter((n) => n.endsWith(".log"));

/** This process's open files inside the store's folder (Linux: /proc/self/fd). */
const openInDir = async () => {
  const fds = await readdir("/proc/self/fd");
  const targets = await Promise.all(fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => "")));
  return targets.filter((t) => t.startsWith(`${dir}/`)).length;
};

describe("createLogStore", () => {
  it.skipIf(process.platform !== "linux")(
    "closes its segment files on close, and opens them again on the next use",
    async () => {
      const never = createLogStore<number>(dir);
      await never.close(); // never opened: nothing to close
      const a = createLogStore<number>(dir);
      await a.put(key(1), 1);
      const b = createLogStore<number>(dir);
      expect(await b.get(key(1))).toBe(1);
      expect(await openInDir()).toBe(2); // a's own segment, and b's read of it
      await Promise.all([a.close(), b.close()]);
      expect(await openInDir()).toBe(0);
      expect(await b.get(key(1))).toBe(1);
      await a.put(key(2), 2);
      expect(await b.get(key(2))).toBeUndefined(); // b's index was read before a wrote key 2
      await Promise.all([a.close(), b.close()]);
      const c = createLogStore<number>(dir);
      expect(await c.get(key(2))).toBe(2);
      await c.close();
    },
  );

  it("stores many entries in one file and reads them back in a new store", async () => {
    const a = createLogStore<{ n: number; text: string }>(dir);
    for (let i = 0; i < 200; i++) await a.put(key(i), { n: i, text: "é".repeat(i) });
    expect(await segments()).toHaveLength(1);
    expect(await a.get(key(7))).toEqual({ n: 7, text: "ééééééé" });
    const b = createLogStore<{ n: number; text: string }>(dir);
    expect(await b.get(key(199))).toEqual({ n: 199, text: "é".repeat(199) });
    expect(await b.get(key(200))).toBeUndefined();
  });

  it("gives two writers a segment each, both readable afterwards", async () => {
    const a = createLogStore<number>(dir);
    const b = createLogStore<number>(dir);
    await Promise.all([a.put(key(1), 1), b.put(key(2), 2), a.put(key(3), 3), b.put(key(4), 4)]);
    expect(await segments()).toHaveLength(2);
    const c = createLogStore<number>(dir);
    expect(await Promise.all([1, 2, 3, 4].map((i) => c.get(key(i))))).toEqual([1, 2, 3, 4]);
  });

  it("skips a torn last line and a line whose checksum does not match", async () => {
    const good = logLine(key(1), { ok: true });
    const tampered = logLine(key(2), { ok: true }).replace("true", "false");
    await writeFile(join(dir, "a-0-x.log"), `${good}${tampered}${logLine(key(3), { ok: 3 }).slice(0, 90)}`);
    const s = createLogStore<{ ok: boolean }>(dir);
    expect(await s.get(key(1))).toEqual({ ok: true });
    expect(await s.get(key(2))).toBeUndefined();
    expect(await s.get(key(3))).toBeUndefined();
  });

  it("still reads an entry of the one-file-per-entry layout", async () => {
    const k = key(9);
    await mkdir(join(dir, k.slice(0, 2)));
    await writeFile(join(dir, k.slice(0, 2), `${k}.json`), JSON.stringify({ key: k, result: { old: 1 } }));
    expect(await createLogStore(dir).get(k)).toEqual({ old: 1 });
  });

  it("refuses a key that is not a sha256 digest", async () => {
    await expect(createLogStore(dir).put("../x", 1)).rejects.toThrow(/sha256 hex digest/);
  });
});

describe("compactSegments", () => {
  it("merges the segments of ended writers into one, each key once; a key the segments disagree on is dropped", async () => {
    // pid 0 names a segment no live process writes.
    for (let i = 0; i <= COMPACT_AT; i++)
      await writeFile(
        join(dir, `s${String(i).padStart(2, "0")}-0-x.log`),
        logLine(key(i), i) + logLine(key(0), i),
      );
    await appendFile(join(dir, "s00-0-x.log"), "torn");
    await compactSegments(dir);
    expect(await segments()).toHaveLength(1);
    const text = await readFile(join(dir, (await segments())[0]!), "utf8");
    // key(0) holds 17 different values, one per segment: a conflict, carried into no merged segment.
    expect(text.trimEnd().split("\n")).toHaveLength(COMPACT_AT);
    const s = createLogStore<number>(dir);
    expect(await s.get(key(0))).toBeUndefined();
    expect(await s.get(key(5))).toBe(5);
  });

  it("leaves a live writer's segment alone", async () => {
    for (let i = 0; i <= COMPACT_AT; i++)
      await writeFile(join(dir, `s${String(i).padStart(2, "0")}-${process.pid}-x.log`), logLine(key(i), i));
    await compactSegments(dir);
    expect(await segments()).toHaveLength(COMPACT_AT + 1);
  });
});
