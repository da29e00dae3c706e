// Regression-pool sampling cost: index once per run by a line scan + read only the sampled cases
// (index-cold / index-cached) vs the previous index (every file parsed in full once per run) and vs
// parsing every case file on every iteration (naive), for synthetic pools of 1k, 10k and 100k cases.
// The 100,000-case rows are checked against the targets of issue 17.
// Each (size, method) runs in its own child process so its peak RSS is its own.
// Usage: npm run bench:pool [-- --sizes 1000,10000,100000 --iterations 10]
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Case } from "../src/cases/case.js";
import { renderCase } from "../src/cases/parse-case.js";
import { buildPoolIndex, poolEntryOf } from "../src/cases/pool.js";
import { sampleRegression } from "../src/cases/sample.js";
import { loadPoolIndex, readCases, readPool } from "../src/fsio/pool-store.js";
import { deriveRng } from "../src/random/rng.js";

const CATEGORIES = [
  ["general", 0.7],
  ["hallucination", 0.2],
  ["special", 0.1],
] as const;
const SKILLS = Array.from({ length: 30 }, (_, i) => `skill-${String(i).padStart(2, "0")}`);
const EVAL_SET = 16; // current cases per iteration → budget round(0.5 × 16) = 8
const SEED = 7;

type Method = "naive" | "full-parse" | "index-cold" | "index-cached";
/** Issue 17's targets at 100,000 cases. */
const TARGET = { cases: 100_000, peakMb: 200, buildMs: 10_000, iterationMs: 50 };
interface Result {
  method: Method;
  size: number;
  iterations: number;
  buildMs: number;
  sampleMs: number;
  peakRssMb: number;
  sampled: number;
}

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

/** One measured run, in a child process. */
async function measure(
  method: Method,
  dir: string,
  size: number,
  iterations: number,
  cacheFile: string,
): Promise<Result> {
  let buildMs = 0;
  let sampleMs = 0;
  let sampled = 0;
  if (method === "naive") {
    for (let t = 0; t < iterations; t++) {
      const t0 = performance.now();
      const { cases } = await readPool(dir); // parse every file, every iteration
      const { index } = buildPoolIndex(cases.map(poolEntryOf));
      const sample = sampleRegression({
        index,
        evalSetSize: EVAL_SET,
        modifiedSkills: [SKILLS[t % SKILLS.length]!],
        rng: deriveRng(SEED, `iteration-${t}`),
      });
      const chosen = new Set(sample.map((e) => e.id));
      sampled += cases.filter((c) => chosen.has(c.id)).length;
      sampleMs += performance.now() - t0;
    }
  } else {
    const t0 = performance.now();
    const { index } =
      method === "full-parse"
        ? buildPoolIndex((await readPool(dir)).cases.map(poolEntryOf)) // the previous index build
        : await loadPoolIndex(dir, method === "index-cached" ? { cacheFile } : {});
    buildMs = performance.now() - t0;
    for (let t = 0; t < iterations; t++) {
      const t1 = performance.now();
      const sample = sampleRegression({
        index,
        evalSetSize: EVAL_SET,
        modifiedSkills: [SKILLS[t % SKILLS.length]!],
        rng: deriveRng(SEED, `iteration-${t}`),
      });
      sampled += (await readCases(dir, sample)).cases.length; // parse only the sampled cases
      sampleMs += performance.now() - t1;
    }
  }
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  return {
    method,
    size,
    iterations,
    buildMs,
    sampleMs: sampleMs / iterations,
    peakRssMb,
    sampled: sampled / iterations,
  };
}

function runChild(method: Method, dir: string, size: number, iterations: number, cacheFile: string): Result {
  const self = fileURLToPath(import.meta.url);
  const out = spawnSync(
    process.execPath,
    [...process.execArgv, self, "--child", method, dir, String(size), String(iterations), cacheFile],
    {
      encoding: "utf8",
      maxBuffer: 1 << 20,
    },
  );
  if (out.status !== 0) throw new Error(`child ${method} ${size} failed: ${out.stderr}`);
  return JSON.parse(out.stdout.trim().split("\n").at(-1)!) as Result;
}

/** Each figure of `r` against the target at 100,000 cases. */
function targetLine(r: Result): string {
  const mark = (ok: boolean) => (ok ? "meets" : "MISSES");
  return `${"".padStart(7)}  target check ${r.method.padEnd(13)} build ${r.buildMs.toFixed(0)} ms ≤ ${TARGET.buildMs} (${mark(r.buildMs <= TARGET.buildMs)}), per iteration ${r.sampleMs.toFixed(1)} ms ≤ ${TARGET.iterationMs} (${mark(r.sampleMs <= TARGET.iterationMs)}), peak ${r.peakRssMb.toFixed(0)} MB ≤ ${TARGET.peakMb} (${mark(r.peakRssMb <= TARGET.peakMb)})`;
}

const fmt = (n: number, digits = 1) => n.toFixed(digits).padStart(10);

async function main(): Promise<void> {
  if (process.argv[2] === "--child") {
    const [, , , method, dir, size, iterations, cacheFile] = process.argv;
    console.log(
      JSON.stringify(await measure(method as Method, dir!, Number(size), Number(iterations), cacheFile!)),
    );
    return;
  }
  const sizes = option("sizes", "1000,10000,100000").split(",").map(Number);
  const iterations = Number(option("iterations", "10"));
  const naiveIterations = Number(option("naive-iterations", "3"));
  console.log(
    `Regression-pool sampling: budget ${Math.round(0.5 * EVAL_SET)} cases per iteration (eval set ${EVAL_SET}), ${SKILLS.length} skills, categories 70/20/10 %.`,
  );
  console.log(
    `index-* = index built once per run by a line scan (+ sample + parse only the sampled files each iteration); full-parse = the previous index (every file parsed once per run); naive = parse every file each iteration.`,
  );
  console.log(
    `Node ${process.version}, ${process.platform}/${process.arch}; each row a fresh child process (peak RSS is that process's).\n`,
  );
  console.log(
    `${"cases".padStart(7)}  ${"method".padEnd(13)} ${"build ms".padStart(10)} ${"iter ms".padStart(10)} ${"10 iters ms".padStart(12)} ${"peak MB".padStart(10)} ${"iters".padStart(6)}`,
  );
  for (const size of sizes) {
    const dir = await mkdtemp(join(tmpdir(), `skillops-bench-pool-${size}-`));
    try {
      await writeSyntheticPool(dir, size);
      const cacheFile = join(dir, ".cache", "pool-index.json");
      runChild("index-cached", dir, size, 1, cacheFile); // prime the cache (not shown)
      const rows = [
        runChild("naive", dir, size, naiveIterations, cacheFile),
        runChild("full-parse", dir, size, iterations, cacheFile),
        runChild("index-cold", dir, size, iterations, cacheFile),
        runChild("index-cached", dir, size, iterations, cacheFile),
      ];
      for (const r of rows) {
        const ten = r.buildMs + 10 * r.sampleMs;
        console.log(
          `${String(size).padStart(7)}  ${r.method.padEnd(13)} ${fmt(r.buildMs)} ${fmt(r.sampleMs)} ${fmt(ten).padStart(12)} ${fmt(r.peakRssMb)} ${String(r.iterations).padStart(6)}`,
        );
      }
      const naive = rows[0]!;
      const cold = rows[2]!;
      const cached = rows[3]!;
      const speed = (r: Result) => (10 * naive.sampleMs) / (r.buildMs + 10 * r.sampleMs);
      console.log(
        `${"".padStart(7)}  per-iteration: naive ${naive.sampleMs.toFixed(0)} ms vs improved ${cold.sampleMs.toFixed(2)} ms; 10 iterations: ${speed(cold).toFixed(1)}× faster cold, ${speed(cached).toFixed(1)}× with the cache; cold build ${(rows[1]!.buildMs / cold.buildMs).toFixed(1)}× faster than the full-parse index`,
      );
      if (size === TARGET.cases) for (const r of rows.slice(1)) console.log(targetLine(r));
      console.log();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

await main();
