// bench:pool's measured child (bench/pool.ts runs it): one (size, method) in its own process, so its
// peak RSS is its own. The parent compiles this file alone with esbuild and runs it with plain node
// (no tsx, and none of the parent's tooling such as esbuild itself: ~25 MB of RSS when it was bundled
// in), as the `skillops` CLI runs compiled JavaScript from dist/. Prints one JSON line, a Result.
import type { PoolIndex } from "../src/core/cases/pool.js";
import { buildPoolIndex, poolEntryOf } from "../src/core/cases/pool.js";
import { sampleRegression } from "../src/core/cases/sample.js";
import { loadPoolIndex, readCases, readPool } from "../src/io/fsio/pool-store.js";
import { deriveRng } from "../src/vocabulary/rng.js";

export const SKILLS = Array.from({ length: 30 }, (_, i) => `skill-${String(i).padStart(2, "0")}`);
export const EVAL_SET = 16; // current cases per iteration → budget round(0.5 × 16) = 8
export const SEED = 7;

export type Method = "naive" | "index-cold" | "index-hashed" | "index-cached";
export interface Result {
  method: Method;
  size: number;
  iterations: number;
  /** Until the pool can be sampled: every case read (naive) or the index built/loaded. */
  buildMs: number;
  /** The same, CPU time of this process (user + system): what a loaded machine does not inflate. */
  buildCpuMs: number;
  /** Drawing the sample alone, per iteration. */
  drawMs: number;
  /** Drawing the sample and having its cases in hand (the index methods read them now): the mean per iteration. */
  iterationMs: number;
  /** The same, the median over the iterations (the first one also warms the YAML parser up). */
  medianMs: number;
  /** The same, the mean CPU time of this process: less sensitive to other work on the machine. */
  cpuMs: number;
  peakRssMb: number;
  sampled: number;
}

const draw = (index: PoolIndex, t: number) =>
  sampleRegression({
    index,
    evalSetSize: EVAL_SET,
    modifiedSkills: [SKILLS[t % SKILLS.length]!],
    rng: deriveRng(SEED, `iteration-${t}`),
  });

/**
 * One measured run, in a child process. naive: read every case in full, then sample the cases in
 * memory (what evolve did before). index-*: build (or load) the index, then per iteration draw the
 * sample and read only its files (what evolve does now).
 */
async function measure(
  method: Method,
  dir: string,
  size: number,
  iterations: number,
  cacheFile: string,
): Promise<Result> {
  let drawMs = 0;
  const wall: number[] = [];
  let cpu = 0;
  let sampled = 0;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const naive = method === "naive" ? (await readPool(dir)).cases : undefined;
  const { index } = naive
    ? buildPoolIndex(naive.map(poolEntryOf))
    : await loadPoolIndex(dir, indexOptions(method, cacheFile));
  const byId = naive && new Map(naive.map((c) => [c.id, c]));
  const buildMs = performance.now() - t0;
  const built = process.cpuUsage(c0);
  const buildCpuMs = (built.user + built.system) / 1000;
  // evolve parses its evaluation set (the accepted cases) in full before the loop, whatever the pool
  // method; so does this, untimed (it also warms the YAML parser up, as in a run).
  if (!naive)
    await readCases(
      dir,
      Array.from({ length: Math.min(EVAL_SET, index.size) }, (_, row) => index.entryAt(row)),
    );
  for (let t = 0; t < iterations; t++) {
    const t1 = performance.now();
    const c1 = process.cpuUsage();
    const sample = draw(index, t);
    drawMs += performance.now() - t1;
    const cases = byId ? sample.map((e) => byId.get(e.id)!) : (await readCases(dir, sample)).cases;
    wall.push(performance.now() - t1);
    const c = process.cpuUsage(c1);
    cpu += (c.user + c.system) / 1000;
    sampled += cases.length;
  }
  return {
    method,
    size,
    iterations,
    buildMs,
    buildCpuMs,
    drawMs: drawMs / iterations,
    iterationMs: wall.reduce((a, b) => a + b, 0) / iterations,
    medianMs: [...wall].sort((a, b) => a - b)[Math.floor(iterations / 2)]!,
    cpuMs: cpu / iterations,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    sampled: sampled / iterations,
  };
}

/**
 * index-hashed runs the same loader with a clock at the epoch: every file then looks fresher than the
 * racy window (file-signature.ts), so none is trusted by its stat and each is read and hashed, as
 * every file was before issue 45. It keeps its own cache file.
 */
function indexOptions(method: Method, cacheFile: string): Parameters<typeof loadPoolIndex>[1] {
  if (method === "index-cached") return { cacheFile };
  if (method === "index-hashed") return { cacheFile: `${cacheFile}.hashed`, clock: () => new Date(0) };
  return {};
}

// Run as a child (bench/pool.ts imports the constants and types above without running anything).
if (process.argv[2] === "--child") {
  const [, , , method, dir, size, iterations, cacheFile] = process.argv;
  console.log(
    JSON.stringify(await measure(method as Method, dir!, Number(size), Number(iterations), cacheFile!)),
  );
}
