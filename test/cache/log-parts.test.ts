// Long strings kept once as parts: split and joined back exactly, shared by the entries of a segment,
// written by concurrent writers, torn or damaged, compacted and moved.
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, writeFile, mkdir, rename, rm, appendFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { joinValue, partRefs, PART_MIN_CHARS, splitValue } from "../../src/io/cache/log-parts.js";
import {
  COMPACT_AT,
  compactSegments,
  createLogStore,
  logLine,
  moveOwnSegments,
} from "../../src/io/cache/log-store.js";
import { entryKey, execution } from "./fixtures/execution.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "logparts-"));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

const key = entryKey;
const long = (tag: string) => `${tag} ${"skill text ".repeat(60)}`;
const lines = async (d = dir) => {
  const out: string[] = [];
  for (const n of (await readdir(d)).filter((n) => n.endsWith(".log")))
    out.push(...(await readFile(join(d, n), "utf8")).split("\n").filter(Boolean));
  return out;
};
const kindCount = (all: string[], kind: string) => all.filter((l) => l[81] === kind).length;

describe("splitValue / joinValue", () => {
  const tricky = {
    a: "x".repeat(PART_MIN_CHARS),
    b: "x".repeat(PART_MIN_CHARS - 1),
    nul: "\u0000not a ref",
    fake: `\u0000${"a".repeat(64)}`,
    twice: ["é".repeat(300), "é".repeat(300), { deep: ["\u0000\u0000", "💡".repeat(200)] }],
    at: new Date(0),
    skipped: undefined,
    n: [1, null, true],
  };

  it("gives back exactly what JSON.stringify wrote, each long string once", () => {
    const { skeleton, parts, marked } = splitValue(tricky);
    expect(marked).toBe(true);
    expect([...parts.values()].sort()).toEqual(
      ["x".repeat(PART_MIN_CHARS), "é".repeat(300), "💡".repeat(200)].sort(),
    );
    expect(skeleton).not.toContain("x".repeat(PART_MIN_CHARS));
    expect(skeleton).toContain(`"${"x".repeat(PART_MIN_CHARS - 1)}"`);
    const back = joinValue(JSON.parse(skeleton), parts);
    expect(JSON.stringify(back)).toBe(JSON.stringify(tricky));
    expect(partRefs(JSON.parse(skeleton))).toEqual(new Set(parts.keys()));
  });

  it("keeps apart long strings that differ only in a lone surrogate (one UTF-8 encoding)", () => {
    const pad = "y".repeat(PART_MIN_CHARS);
    const value = ["\ud800" + pad, "\udc00" + pad];
    const { skeleton, parts } = splitValue(value);
    expect(parts.size).toBe(2);
    expect(joinValue(JSON.parse(skeleton), parts)).toEqual(value);
  });

  it("leaves a value without long or marked strings as its plain JSON", () => {
    const plain = { a: "short", b: [1, 2] };
    expect(splitValue(plain)).toEqual({ skeleton: JSON.stringify(plain), parts: new Map(), marked: false });
  });

  it("is a miss when a part is missing", () => {
    const { skeleton } = splitValue({ a: long("gone") });
    expect(joinValue(JSON.parse(skeleton), new Map())).toBeUndefined();
  });
});

describe("a store with parts", () => {
  it("keeps each long string once per segment and reads every entry back byte for byte", async () => {
    const a = createLogStore<ReturnType<typeof execution>>(dir);
    for (let i = 0; i < 30; i++) await a.put(key(i), execution(i));
    const all = await lines();
    expect(kindCount(all, "P")).toBe(4); // the system prompt and three skills' text
    expect(kindCount(all, "E")).toBe(30);
    const b = createLogStore<ReturnType<typeof execution>>(dir);
    for (let i = 0; i < 30; i++)
      expect(JSON.stringify(await b.get(key(i)))).toBe(JSON.stringify(execution(i)));
  });

  it("lets two writers store the same parts at once, each segment whole on its own", async () => {
    const a = createLogStore<ReturnType<typeof execution>>(dir);
    const b = createLogStore<ReturnType<typeof execution>>(dir);
    await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).put(key(i), execution(i))));
    const names = (await readdir(dir)).filter((n) => n.endsWith(".log"));
    expect(names).toHaveLength(2);
    // Each writer wrote the parts its entries need, so either segment alone reads whole.
    for (const name of names) {
      const alone = join(dir, `alone-${name.replace(".log", "")}`);
      await mkdir(alone);
      await writeFile(join(alone, name), await readFile(join(dir, name)));
      expect(kindCount(await lines(alone), "P")).toBe(4);
      const s = createLogStore<ReturnType<typeof execution>>(alone);
      const held = (await lines(alone)).filter((l) => l[81] === "E").map((l) => l.slice(0, 64));
      expect(held).toHaveLength(20);
      for (const k of held) expect(await s.get(k)).toBeDefined();
    }
    const c = createLogStore<ReturnType<typeof execution>>(dir);
    for (let i = 0; i < 40; i++) expect(await c.get(key(i))).toEqual(execution(i));
  });

  it("indexes every line of a segment larger than one read chunk (1 MiB)", async () => {
    const a = createLogStore<{ e: ReturnType<typeof execution>; pad: string }>(dir);
    const value = (i: number) => ({ e: execution(i), pad: `${i}`.padEnd(250, "-") });
    for (let i = 0; i < 3000; i++) await a.put(key(i), value(i));
    const [name] = (await readdir(dir)).filter((n) => n.endsWith(".log"));
    expect((await readFile(join(dir, name!))).length).toBeGreaterThan(1 << 20);
    const b = createLogStore<{ e: ReturnType<typeof execution>; pad: string }>(dir);
    for (let i = 0; i < 3000; i++) expect(await b.get(key(i))).toEqual(value(i));
  });

  it("lets two processes append the same parts at once", async () => {
    const writer = (from: number, to: number) =>
      new Promise<number | null>((done, fail) => {
        const child = spawn(
          process.execPath,
          ["--import", "tsx", "test/cache/fixtures/put-executions.ts", dir, String(from), String(to)],
          { stdio: ["ignore", "ignore", "inherit"] },
        );
        child.on("error", fail);
        child.on("exit", done);
      });
    expect(await Promise.all([writer(0, 150), writer(150, 300)])).toEqual([0, 0]);
    const names = (await readdir(dir)).filter((n) => n.endsWith(".log"));
    expect(names).toHaveLength(2);
    expect(kindCount(await lines(), "P")).toBe(8); // each process's segment holds the four parts
    const s = createLogStore<ReturnType<typeof execution>>(dir);
    for (let i = 0; i < 300; i++) expect(await s.get(key(i))).toEqual(execution(i));
  }, 60_000);

  it("misses an entry whose part is damaged, and keeps entries before a torn write", async () => {
    const a = createLogStore<ReturnType<typeof execution>>(dir);
    await a.put(key(0), execution(0));
    await a.put(key(1), execution(1));
    const [name] = (await readdir(dir)).filter((n) => n.endsWith(".log"));
    const path = join(dir, name!);
    // A write torn after its parts: the new part is there, its entry line is not whole.
    const torn = `${(await readFile(path, "utf8"))
      .split("\n")
      .find((l) => l.startsWith(key(1)))!
      .slice(0, 100)}`;
    await appendFile(path, torn);
    expect(await createLogStore(dir).get(key(1))).toEqual(execution(1));
    // Damage the system prompt's part: every entry refers to it.
    const text = await readFile(path, "utf8");
    await writeFile(path, text.replace("system skill text", "system skill TEXT"));
    const s = createLogStore(dir);
    expect(await s.get(key(0))).toBeUndefined();
    expect(await s.get(key(1))).toBeUndefined();
  });

  it("writes a value without long strings in the first format, which a first-format reader reads", async () => {
    await createLogStore(dir).put(key(0), { short: "yes" });
    const [line] = await lines();
    expect(`${line}\n`).toBe(logLine(key(0), { short: "yes" }));
  });

  it("compacts ended writers' segments into one holding each part once", async () => {
    for (let s = 0; s <= COMPACT_AT; s++) {
      const part = join(dir, `w${s}`);
      const w = createLogStore<ReturnType<typeof execution>>(part);
      await w.put(key(s), execution(s));
      const [name] = await readdir(part);
      // Renamed as an ended writer's (pid 0), as a later run finds them.
      await rename(join(part, name!), join(dir, `s${String(s).padStart(2, "0")}-0-x.log`));
    }
    await writeFile(join(dir, "s99-0-old.log"), logLine(key(99), execution(99)));
    await compactSegments(dir);
    const all = await lines();
    expect((await readdir(dir)).filter((n) => n.endsWith(".log"))).toHaveLength(1);
    expect(kindCount(all, "P")).toBe(4);
    expect(kindCount(all, "E")).toBe(COMPACT_AT + 2);
    const s = createLogStore<ReturnType<typeof execution>>(dir);
    for (const i of [0, 5, COMPACT_AT, 99]) expect(await s.get(key(i))).toEqual(execution(i));
  });

  it("hands its own segments, parts included, to another folder", async () => {
    const a = createLogStore<ReturnType<typeof execution>>(join(dir, "cache"));
    for (let i = 0; i < 5; i++) await a.put(key(i), execution(i));
    expect(await moveOwnSegments(join(dir, "cache"), join(dir, "shard"))).toBe(1);
    const s = createLogStore<ReturnType<typeof execution>>(join(dir, "shard"));
    for (let i = 0; i < 5; i++) expect(await s.get(key(i))).toEqual(execution(i));
  });
});
