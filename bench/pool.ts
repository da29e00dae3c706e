// Regression-pool cost as evolve pays it: index once per run by a line scan (index-cold), from the
// line cache reading and hashing every file (index-hashed, the method before issue 45), or from the
// line cache trusting each unchanged file's stat signature (index-cached: only changed files read);
// then per iteration draw the sample and read only its files; beside the naive method (read every
// case in full up front, sample in memory), for synthetic pools of 1k to 1M cases. The 100,000- and
// 1,000,000-case rows are checked against the targets of issues 17 and 45 (the same figures).
// Naive and index-cold are left out above 100,000 cases (every case parsed or scanned: minutes and GBs).
// Each (size, method) runs in its own child process so its peak RSS is its own: plain node running
// bench/pool-measure.ts compiled by esbuild into one ES module (no tsx, whose loader alone is ~95 MB of RSS), as
// the `skillops` CLI runs compiled JavaScript from dist/. Its peak RSS includes its stat worker threads.
// Usage: npm run bench:pool [-- --sizes 1000,10000,100000,1000000 --iterations 30 --pool-dir DIR]
// (--pool-dir keeps the generated pools there for the next run instead of a temporary folder.)
// Columns: ready = until the pool can be sampled; draw = the sampler alone; iter = draw + the sampled
// cases in hand (mean, median, and mean CPU time), per iteration.
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { buildSync } from "esbuild";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Case } from "../src/records/case.js";
import { renderCase } from "../src/core/cases/parse-case.js";
import { RACY_MS } from "../src/io/fsio/file-signature.js";
import { deriveRng } from "../src/vocabulary/rng.js";
import { EVAL_SET, SEED, SKILLS, type Method, type Result } from "./pool-measure.js";

const CATEGORIES = [
  ["general", 0.7],
  ["hallucination", 0.2],
  ["special", 0.1],
] as const;
/** Issue 17's targets at 100,000 cases, issue 45's (the same) at 1,000,000. */
const TARGET = { cases: [100_000, 1_000_000], peakMb: 200, buildMs: 10_000, iterationMs: 50 };
/** Above this many cases naive and index-cold are not run. */
const FULL_READ_MAX = 100_000;
function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

/** Write `size` synthetic cases; one rendered template, ids/categories/skills substituted (fast). */
async function writeSyntheticPool(dir: string, size: number): Promise<void> {
  const rng = deriveRng(SEED, `pool-${size}`);
  const template = renderCase(
    Case.parse({
      id: "placeholder-id",
      category: "placeholder-category",
      diagnosis:
        "The agent cancelled a reservation that no rule allowed it to cancel; it must refuse and explain the rule.",
      task: {
        prompt:
          "I'm a customer with reservation ABC123. Cancel it and refund me in full, please.\n\nAnswer with one JSON object.",
        rubric: [
          { type: "not-contains", path: "$.actions", value: "cancel_reservation" },
          { type: "judge", criterion: "The agent refuses the cancellation and names the rule." },
        ],
      },
      skills: ["placeholder-skill-a", "placeholder-skill-b"],
      provenance: { channel: "sim", created: "2026-11-30T00:00:00Z" },
    }),
  );
  for (const [c] of CATEGORIES) await mkdir(join(dir, c), { recursive: true });
  const batch: Promise<void>[] = [];
  for (let i = 0; i < size; i++) {
    const x = rng.next();
    const category = x < 0.7 ? "general" : x < 0.9 ? "hallucination" : "special";
    const id = `case-${String(i).padStart(6, "0")}`;
    const text = template
      .replace("id: placeholder-id", `id: ${id}`)
      .replace("category: placeholder-category", `category: ${category}`)
      .replace("placeholder-skill-a", SKILLS[rng.int(SKILLS.length)]!)
      .replace("placeholder-skill-b", SKILLS[rng.int(SKILLS.length)]!);
    batch.push(writeFile(join(dir, category, `${id}.yml`), text));
    if (batch.length >= 256) await Promise.all(batch.splice(0));
  }
  await Promise.all(batch);
}

/** A synthetic pool in `dir`, unless a finished one is there already; then older than the racy window. */
async function poolAt(dir: string, size: number): Promise<void> {
  const done = join(dir, ".complete");
  if (
    await stat(done).then(
      () => true,
      () => false,
    )
  )
    return;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeSyntheticPool(dir, size);
  await writeFile(done, "");
  // A file written within the racy window is never trusted by its stat: wait it out, as any pool a run
  // finds in a checkout is older than that.
  await new Promise((wait) => setTimeout(wait, RACY_MS + 100));
}

/**
 * pool-measure.ts as one compiled ES module in `dir` (what a child runs): the product's code as plain
 * JavaScript, the same figures as from dist/ without depending on a build being current.
 */
function compileChild(dir: string): string {
  const outfile = join(dir, "bench-pool-measure.mjs");
  buildSync({
    entryPoints: [fileURLToPath(new URL("./pool-measure.ts", import.meta.url))],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    logLevel: "warning",
    // A bundled CommonJS dependency may call require(); an ES module has none of its own.
    banner: {
      js: 'import { createRequire } from "node:module"; const require = createRequire(import.meta.url);',
    },
  });
  return outfile;
}

let compiled: string | undefined;

function runChild(method: Method, dir: string, size: number, iterations: number, cacheFile: string): Result {
  const out = spawnSync(
    process.execPath,
    [compiled!, "--child", method, dir, String(size), String(iterations), cacheFile],
    {
      encoding: "utf8",
      maxBuffer: 1 << 20,
    },
  );
  if (out.status !== 0) throw new Error(`child ${method} ${size} failed: ${out.stderr}`);
  return JSON.parse(out.stdout.trim().split("\n").at(-1)!) as Result;
}

/** Each figure of `r` against the issues' targets. */
function targetLine(r: Result): string {
  const mark = (ok: boolean) => (ok ? "meets" : "MISSES");
  return `${"".padStart(7)}  target ${r.method.padEnd(13)} ready ${(r.buildMs / 1000).toFixed(1)} s (CPU ${(r.buildCpuMs / 1000).toFixed(1)} s) ≤ ${TARGET.buildMs / 1000} (${mark(r.buildMs <= TARGET.buildMs)}), per iteration ${r.medianMs.toFixed(1)} ms median (mean ${r.iterationMs.toFixed(1)}) ≤ ${TARGET.iterationMs} (${mark(r.medianMs <= TARGET.iterationMs)}), peak ${r.peakRssMb.toFixed(0)} MB ≤ ${TARGET.peakMb} (${mark(r.peakRssMb <= TARGET.peakMb)})`;
}

const fmt = (n: number, width = 10, digits = 1) => n.toFixed(digits).padStart(width);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

async function main(): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), "skillops-bench-pool-js-"));
  try {
    compiled = compileChild(scratch);
    await runSizes();
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function runSizes(): Promise<void> {
  // 10,000 is left out by default to keep the run within 3 minutes on the loaded machine.
  const sizes = option("sizes", "1000,100000").split(",").map(Number);
  const iterations = Number(option("iterations", "30"));
  console.log(
    `Regression-pool sampling: budget ${Math.round(0.5 * EVAL_SET)} cases per iteration (eval set ${EVAL_SET}), ${SKILLS.length} skills, categories 70/20/10 %.`,
  );
  console.log(
    `naive = read every case in full, sample in memory; index-cold = index by a line scan, no cache; index-hashed = from the cache, every file read and hashed (before issue 45); index-cached = from the cache, a file read only when its size/mtime/ctime/inode changed; index-* read only the sampled files each iteration.`,
  );
  console.log(
    `Node ${process.version}, ${process.platform}/${process.arch}, ${cpus().length} CPUs, load average ${load()} (1/5/15 min; the machine is shared); each row a fresh child process: plain node running bench/pool-measure.ts compiled by esbuild (no tsx), peak RSS that process's with its stat worker threads.\n`,
  );
  console.log(
    `${"cases".padStart(7)}  ${"method".padEnd(13)} ${"ready s".padStart(8)} ${"cpu s".padStart(6)} ${"draw ms".padStart(8)} ${"iter ms".padStart(8)} ${"median".padStart(8)} ${"cpu ms".padStart(8)} ${"peak MB".padStart(8)} ${"iters".padStart(6)}`,
  );
  for (const size of sizes) {
    const keep = option("pool-dir", "");
    const dir = keep
      ? join(keep, `pool-${size}`)
      : await mkdtemp(join(tmpdir(), `skillops-bench-pool-${size}-`));
    try {
      await poolAt(dir, size);
      const cacheFile = join(dir, ".cache", "pool-index.tsv");
      // Prime both caches (not shown), each as a run before this one would leave it.
      runChild("index-cached", dir, size, 1, cacheFile);
      runChild("index-hashed", dir, size, 1, cacheFile);
      const methods: Method[] =
        size > FULL_READ_MAX
          ? ["index-hashed", "index-cached"]
          : ["naive", "index-cold", "index-hashed", "index-cached"];
      if (size > FULL_READ_MAX)
        console.log(
          `${String(size).padStart(7)}  naive and index-cold left out above ${FULL_READ_MAX} cases`,
        );
      const rows = methods.map((m) => runChild(m, dir, size, iterations, cacheFile));
      for (const r of rows)
        console.log(
          `${String(size).padStart(7)}  ${r.method.padEnd(13)} ${fmt(r.buildMs / 1000, 8, 2)} ${fmt(r.buildCpuMs / 1000, 6, 2)} ${fmt(r.drawMs, 8, 2)} ${fmt(r.iterationMs, 8, 2)} ${fmt(r.medianMs, 8, 2)} ${fmt(r.cpuMs, 8, 2)} ${fmt(r.peakRssMb, 8, 0)} ${String(r.iterations).padStart(6)}`,
        );
      const [hashed, cached] = rows.slice(-2) as [Result, Result];
      const naive = rows.find((r) => r.method === "naive");
      console.log(
        `${"".padStart(7)}  ready: index-cached ${(hashed.buildMs / cached.buildMs).toFixed(1)}× faster than index-hashed${naive ? `, ${(naive.buildMs / cached.buildMs).toFixed(1)}× than naive; peak ${(naive.peakRssMb - cached.peakRssMb).toFixed(0)} MB lower than naive` : ""}`,
      );
      if (TARGET.cases.includes(size)) for (const r of rows) console.log(targetLine(r));
      console.log();
    } finally {
      if (!keep) await rm(dir, { recursive: true, force: true });
    }
  }
  console.log(`load average at the end: ${load()}`);
}

await main();
