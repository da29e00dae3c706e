// Bytes on disk of the execution cache, the memo and the proxy store, in the first log format (one
// line per entry, the whole value: "before", the stores of --before extracted with `git archive`) and
// in the format with parts (long strings kept once per segment: "now", this checkout), side by side
// in one run. The same entries, in the same order, go through both stores: those of the cache that
// one `skillops evolve --world` run leaves (made here with this checkout, or --from an existing cache
// folder). Then both are opened cold and every entry read back; each must serialise byte for byte
// as in the other store, or the bench fails. Also printed, computed from the same entries but not
// stores: what compressing each line's payload (gzip, brotli; base64 in a text line) would write.
// EVERY FIGURE IS SIMULATED (the entries come from the simulated world).
//   npm run bench:cache-size -- [--rules 96] [--seed 5151] [--max-iterations 3]
//     [--from <out>/cache] [--before <git rev>]
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { createLogStore, eachEntry, type LogStore } from "../src/io/cache/log-store.js";
import { splitValue } from "../src/io/cache/log-parts.js";
import { createSegmentIndex } from "../src/io/cache/log-segments.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: {
    rules: { type: "string", default: "96" },
    seed: { type: "string", default: "5151" },
    "max-iterations": { type: "string", default: "3" },
    from: { type: "string" },
    // The last commit whose stores write every entry whole (issue 33's first step).
    before: { type: "string", default: "6d9cd89" },
    keep: { type: "boolean", default: false },
  },
});
for (const k of ["rules", "seed", "max-iterations"] as const)
  if (!/^\d+$/.test(values[k])) throw new Error(`--${k} takes a non-negative integer, got ${values[k]}`);

const scratch = mkdtempSync(join(tmpdir(), "skillops-cache-size-"));
const beforeTree = join(scratch, "before");
mkdirSync(beforeTree);
const archive = execFileSync("git", ["-C", root, "archive", values.before, "src/io/cache", "src/vocabulary"]);
execFileSync("tar", ["-x", "-C", beforeTree], { input: archive });
const beforeStores = (await import(pathToFileURL(join(beforeTree, "src/io/cache/log-store.ts")).href)) as {
  createLogStore<T>(dir: string): LogStore<T>;
};

/** The cache of one evolve run of this checkout on a fresh simulated world. */
function evolveCache(): string {
  const entry = join(scratch, "cli.mts");
  const main = pathToFileURL(join(root, "src/apps/cli/main.ts")).href;
  writeFileSync(
    entry,
    `import { main } from ${JSON.stringify(main)};\nprocess.exitCode = await main(process.argv.slice(2));\n`,
  );
  const cli = (args: string[]) => {
    const r = spawnSync(process.execPath, ["--import", "tsx", entry, ...args], {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 1 << 30,
    });
    if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}: ${r.stderr.slice(-2000)}`);
    return r.stdout;
  };
  const world = join(scratch, "world.json");
  writeFileSync(world, cli(["sim", "new", "--seed", values.seed, "--rules", values.rules]));
  const out = join(scratch, "out");
  cli(["evolve", "--world", world, "--out", out, "--max-iterations", values["max-iterations"]]);
  return join(out, "cache");
}

function files(dir: string, recursive = true): { count: number; bytes: number } {
  let count = 0;
  let bytes = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive }))
    if (e.isFile()) {
      count++;
      bytes += statSync(join(e.parentPath, e.name)).size;
    }
  return { count, bytes };
}

/** The folders under `dir` (itself included) that hold segments. */
function storeFolders(dir: string): string[] {
  const own = readdirSync(dir, { withFileTypes: true });
  const here = own.some((e) => e.isFile() && e.name.endsWith(".log")) ? [dir] : [];
  return [...here, ...own.filter((e) => e.isDirectory()).flatMap((e) => storeFolders(join(dir, e.name)))];
}

const source = values.from ?? evolveCache();
const gc = (globalThis as { gc?: () => void }).gc;
const heap = () => (gc?.(), process.memoryUsage().heapUsed);

interface Side {
  writeMs: number;
  openMs: number;
  readMs: number;
  indexBytes: number;
}
const side = (): Side => ({ writeMs: 0, openMs: 0, readMs: 0, indexBytes: 0 });
const before = side();
const now = side();
const computed = { gzip: 0, gzipMs: 0, brotli: 0, brotliMs: 0, partsGzip: 0, skeletonLines: 0 };
let entries = 0;
/** Store folder ("" = the executions) → entries. */
const perStore = new Map<string, number>();
let valueBytes = 0;
let mismatches = 0;
let parts = 0;
const time = async (s: Side, k: "writeMs" | "openMs" | "readMs", f: () => Promise<unknown>) => {
  const t = performance.now();
  const r = await f();
  s[k] += performance.now() - t;
  return r;
};
/** A text line holding compressed bytes: key, checksum, kind, base64. */
const compressedLine = (bytes: Buffer) => 83 + Math.ceil(bytes.length / 3) * 4;

for (const store of storeFolders(source)) {
  const rel = relative(source, store);
  const dirs = { before: join(scratch, "before-store", rel), now: join(scratch, "now-store", rel) };
  const oldStore = beforeStores.createLogStore<unknown>(dirs.before);
  const newStore = createLogStore<unknown>(dirs.now);
  const keys: string[] = [];
  await eachEntry(store, async (key, value) => {
    keys.push(key);
    const json = JSON.stringify(value);
    valueBytes += Buffer.byteLength(json);
    await time(before, "writeMs", () => oldStore.put(key, value));
    await time(now, "writeMs", () => newStore.put(key, value));
    let t = performance.now();
    computed.gzip += compressedLine(gzipSync(json));
    computed.gzipMs += performance.now() - t;
    t = performance.now();
    const br = brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    computed.brotli += compressedLine(br);
    computed.brotliMs += performance.now() - t;
    const { skeleton } = splitValue(value);
    computed.partsGzip += compressedLine(gzipSync(skeleton));
    computed.skeletonLines += 83 + Buffer.byteLength(skeleton);
  });
  entries += keys.length;
  perStore.set(rel, keys.length);
  // Cold: new store objects, index rebuilt from the files; every entry read, both sides compared.
  if (!keys[0]) continue;
  let base = heap();
  const oldCold = beforeStores.createLogStore<unknown>(dirs.before);
  await time(before, "openMs", () => oldCold.get(keys[0]!));
  before.indexBytes += heap() - base;
  base = heap();
  const newCold = createLogStore<unknown>(dirs.now);
  await time(now, "openMs", () => newCold.get(keys[0]!));
  now.indexBytes += heap() - base;
  for (const key of keys) {
    const a = await time(before, "readMs", () => oldCold.get(key));
    const b = await time(now, "readMs", () => newCold.get(key));
    if (a === undefined || JSON.stringify(a) !== JSON.stringify(b)) mismatches++;
  }
  const index = createSegmentIndex();
  for (const n of readdirSync(dirs.now).filter((n) => n.endsWith(".log")))
    await index.addSegment(join(dirs.now, n), "r");
  parts += index.partCount();
  await index.close();
}

const disk = { before: files(join(scratch, "before-store")), now: files(join(scratch, "now-store")) };
const sourceFiles = files(source);
const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`;
const executions = perStore.get("") ?? 0;
const perExec = (b: number) => `${Math.round(b / executions)} B`;
const rate = (ms: number) =>
  `${Math.round(entries / (ms / 1000))}/s, ${(valueBytes / 1e6 / (ms / 1000)).toFixed(0)} MB/s`;
console.log(
  `SIMULATED — cache entries of ${values.from ? `--from ${values.from}` : `evolve on sim new --seed ${values.seed} --rules ${values.rules}, --max-iterations ${values["max-iterations"]}`}`,
);
console.log(
  `${entries} entries (executions, memo and proxy answers), ${mb(valueBytes)} of values as JSON; source folder: ${sourceFiles.count} files, ${mb(sourceFiles.bytes)}`,
);
console.log(`before = ${values.before} (git archive), now = this checkout\n`);
const row = (name: string, a: string, b: string) =>
  console.log(`${name.padEnd(34)}${a.padStart(24)}${b.padStart(24)}`);
row("", "before (whole lines)", "now (parts)");
row("bytes on disk", mb(disk.before.bytes), mb(disk.now.bytes));
row("bytes per execution (all stores)", perExec(disk.before.bytes), perExec(disk.now.bytes));
for (const [rel, n] of perStore) {
  const b = files(join(scratch, "before-store", rel), false).bytes;
  const a = files(join(scratch, "now-store", rel), false).bytes;
  row(
    `  ${rel || "executions"}: ${n} entries`,
    `${mb(b)}, ${Math.round(b / n)} B each`,
    `${mb(a)}, ${Math.round(a / n)} B each`,
  );
}
row("files", String(disk.before.count), String(disk.now.count));
row("write (entries, value MB)", rate(before.writeMs), rate(now.writeMs));
row("open (index rebuilt, cold)", `${before.openMs.toFixed(0)} ms`, `${now.openMs.toFixed(0)} ms`);
row("read every entry", rate(before.readMs), rate(now.readMs));
const heapNote = gc ? "" : " (no --expose-gc: rough)";
row(`index heap${heapNote}`, mb(before.indexBytes), mb(now.indexBytes));
row("parts (distinct long strings)", "—", String(parts));
row("entries differing when read", "", String(mismatches));
console.log("\ncomputed, not stores: each line's payload compressed, base64 in a text line");
row(
  "gzip of whole values",
  `${mb(computed.gzip)}, ${perExec(computed.gzip)}`,
  `${(computed.gzipMs / 1000).toFixed(1)} s to compress`,
);
row(
  "brotli q5 of whole values",
  `${mb(computed.brotli)}, ${perExec(computed.brotli)}`,
  `${(computed.brotliMs / 1000).toFixed(1)} s to compress`,
);
row(
  "parts + gzip of each skeleton",
  "",
  `${mb(computed.partsGzip + (disk.now.bytes - computed.skeletonLines))}, ${perExec(computed.partsGzip + (disk.now.bytes - computed.skeletonLines))}`,
);
if (values.keep) console.log(`\nkept: ${scratch}`);
else rmSync(scratch, { recursive: true, force: true });
if (mismatches > 0) {
  console.error(`${mismatches} entries read back differently: the formats disagree`);
  process.exitCode = 1;
}
