// Peak memory of evolve over a large lazily read regression pool, with the pre-gate audit on (the
// default severities). A generated world's pool cases are cloned into N case files (new ids, same
// rules); a child process indexes the folder (cold), then runs a few iterations with the simulated
// roles and agent, counting the pool files it read. Each measured process is its own, so its peak RSS
// is its own; "index only" is the floor (the index and the code, no iteration). EVERY FIGURE IS SIMULATED.
// Usage: npm run bench:audit-pool [-- --cases 100000 --iterations 3]
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { renderCase } from "../src/core/cases/parse-case.js";
import type { PoolEntry } from "../src/core/cases/pool.js";
import { EvolveConfig } from "../src/core/config/config.js";
import type { Runner } from "../src/core/evaluate/runner.js";
import type { Rewriter } from "../src/core/llm/roles.js";
import { lazyPool } from "../src/core/evolve/pool-cases.js";
import { runConfigOf, runEvolution } from "../src/core/evolve/run.js";
import { loadPoolIndex, readCases } from "../src/io/fsio/pool-store.js";
import { createSimAgent } from "../test/support/sim-roles/agent.js";
import { generateWorld } from "../src/sim/generate.js";
import { createSimRoles } from "../test/support/sim-roles/roles.js";
import { worldInputs } from "../src/sim/world-inputs.js";
import type { World } from "../src/sim/world.js";

const option = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const CASES = Number(option("cases", "100000"));
const ITERATIONS = Number(option("iterations", "3"));
const world = (): World => generateWorld({ seed: 2000, rules: 20 });
/** A clone's id names the world case it copies: `<world id>-x<n>`. */
const originalId = (id: string) => id.replace(/-x\d+$/, "");

interface Measured {
  mode: "index" | "evolve";
  iterations: number;
  audited: number;
  filesRead: number;
  peakRssMb: number;
  seconds: number;
}

async function writeClones(dir: string): Promise<void> {
  const pool = world().pool;
  const texts = pool.map((wc) => renderCase(wc.case));
  for (const c of new Set(pool.map((wc) => wc.case.category))) await mkdir(join(dir, c), { recursive: true });
  const batch: Promise<void>[] = [];
  for (let i = 0; i < CASES; i++) {
    const wc = pool[i % pool.length]!;
    const id = `${wc.case.id}-x${i}`;
    const text = texts[i % pool.length]!.replace(`id: ${wc.case.id}\n`, `id: ${id}\n`);
    batch.push(writeFile(join(dir, wc.case.category, `${id}.yml`), text));
    if (batch.length >= 256) await Promise.all(batch.splice(0));
  }
  await Promise.all(batch);
}

/** The world's agent and rewriter know the original ids; a clone is run and rewritten as its original. */
function asOriginals(w: World): { runner: Runner; rewriter: Rewriter } {
  const agent = createSimAgent(w);
  const rewriter = createSimRoles(w).rewriter;
  const rename = <T extends { id: string }>(c: T): T => ({ ...c, id: originalId(c.id) });
  return {
    runner: { ...agent, run: (input) => agent.run({ ...input, case: rename(input.case) }) },
    rewriter: { rewrite: (input) => rewriter.rewrite({ ...input, anchors: input.anchors.map(rename) }) },
  };
}

async function child(dir: string, mode: Measured["mode"]): Promise<Measured> {
  const t0 = performance.now();
  const { index } = await loadPoolIndex(dir);
  let filesRead = 0;
  const pool = lazyPool(index, (entries: readonly PoolEntry[]) => {
    filesRead += entries.length;
    return readCases(dir, entries);
  });
  let iterations = 0;
  let audited = 0;
  if (mode === "evolve") {
    const w = world();
    const inputs = worldInputs(w);
    const { runner, rewriter } = asOriginals(w);
    const config = {
      ...runConfigOf(EvolveConfig.parse({ seed: 1 })),
      maxIterations: ITERATIONS,
      bootstrap: 200,
    };
    const { record } = await runEvolution(
      {
        ...{ bank: inputs.bank, cases: inputs.cases, pool, categories: w.categories, config },
        simulated: true,
        inputs: { bank: "b", cases: "c", pool: "p", world: "w" },
      },
      { roles: { ...createSimRoles(w), rewriter }, runner, now: () => new Date("2026-11-30T00:00:00Z") },
    );
    iterations = record.iterations.length;
    audited = record.iterations.filter((it) => it.audit).length;
  }
  const seconds = (performance.now() - t0) / 1000;
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  return { mode, iterations, audited, filesRead, peakRssMb, seconds };
}

function spawnChild(dir: string, mode: Measured["mode"]): Measured {
  const args = [...process.execArgv, fileURLToPath(import.meta.url), "--child", dir, mode];
  const r = spawnSync(
    process.execPath,
    [...args, "--cases", String(CASES), "--iterations", String(ITERATIONS)],
    {
      encoding: "utf8",
      maxBuffer: 1 << 24,
    },
  );
  if (r.status !== 0) throw new Error(`the ${mode} child failed (${r.status}):\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").at(-1)!) as Measured;
}

async function main(): Promise<void> {
  const at = process.argv.indexOf("--child");
  if (at >= 0) {
    const measured = await child(process.argv[at + 1]!, process.argv[at + 2] as Measured["mode"]);
    return void console.log(JSON.stringify(measured));
  }
  const dir = await mkdtemp(join(tmpdir(), "skillops-audit-pool-"));
  try {
    const t0 = performance.now();
    await writeClones(dir);
    console.log(
      `SIMULATED — evolve over a lazy pool of ${CASES} case files (clones of a generated world's pool), ${ITERATIONS} iterations, the audit on; written in ${((performance.now() - t0) / 1000).toFixed(1)} s.\n`,
    );
    const rows = [spawnChild(dir, "index"), spawnChild(dir, "evolve")];
    console.log("mode        iterations  audited  pool files read  peak RSS (MB)  wall (s)");
    for (const m of rows)
      console.log(
        `${m.mode.padEnd(10)}  ${String(m.iterations).padStart(10)}  ${String(m.audited).padStart(7)}  ${String(m.filesRead).padStart(15)}  ${m.peakRssMb.toFixed(0).padStart(13)}  ${m.seconds.toFixed(1).padStart(8)}`,
      );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
