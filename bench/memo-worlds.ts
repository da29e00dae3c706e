// Model-call reuse on the production path (docs/engine.md "Model-call reuse"): small generated worlds
// served through the simulated endpoint (startSimEndpoint), the real `openai` client, the model roles
// and the reference runner. Each world is evolved three ways — naive FRAMES evaluation (no savings,
// no memo), the lossless savings without the memo, and the savings with the memo — and the table
// shows agent executions, model tokens spent, whether the decisions were identical to naive, and
// P*'s deployment cost. EVERY FIGURE IS SIMULATED. Shared by bench/ablation.ts and bench/evaluate.ts.
import { endpointAgent } from "./endpoint-agent.js";
import { EvolveConfig } from "../src/config/config.js";
import { createModelRoles } from "../src/evolve/model-roles.js";
import type { RunRecord } from "../src/evolve/run-record.js";
import { runConfigOf, runEvolution } from "../src/evolve/run.js";
import { startSimEndpoint } from "../src/sim/endpoint/server.js";
import { generateWorld } from "../src/sim/generate.js";
import { worldHashes, worldInputs } from "../src/sim/run.js";
import type { World } from "../src/sim/world.js";
import { fixedClock } from "../src/vocabulary/clock.js";

const CLOCK = fixedClock("2026-11-30T00:00:00Z");
type Mode = "naive" | "savings" | "memo";

interface Outcome {
  record: RunRecord;
  /** Agent and judge tokens (input + output) the endpoint actually answered. */
  paid: number;
}

async function evolveThrough(world: World, seed: number, mode: Mode): Promise<Outcome> {
  const endpoint = await startSimEndpoint({ world, clock: CLOCK });
  try {
    const { model, runner } = endpointAgent(endpoint.baseURL, mode === "memo");
    const w = worldInputs(world);
    const config = runConfigOf(EvolveConfig.parse({ seed, maxIterations: 4 }));
    const { record } = await runEvolution(
      {
        bank: w.bank,
        cases: w.cases,
        pool: w.pool,
        categories: world.categories,
        config: {
          ...config,
          bootstrap: 200,
          savings: mode !== "naive",
          ...(mode === "memo" ? {} : { memo: false }),
        },
        simulated: true,
        inputs: worldHashes(world, w),
      },
      { roles: createModelRoles(model), runner, now: CLOCK },
    );
    const paid = endpoint.requests
      .filter((r) => r.role === "agent" || r.role === "judge")
      .reduce((s, r) => s + r.usage.input + r.usage.output, 0);
    return { record, paid };
  } finally {
    await endpoint.close();
  }
}

const decisions = (r: RunRecord) =>
  JSON.stringify({
    it: r.iterations.map((i) => [i.child?.candidate, i.gate, i.entered, i.frontierAfter]),
    f: r.frontier.map((m) => [m.candidate, m.total, m.cost]),
    sel: r.selected,
  });
const starCost = (r: RunRecord) => {
  const c = r.frontier.find((m) => m.candidate === r.selected)!.cost;
  return c.input + c.output;
};

/** Deterministic worlds (the agent's answer is a function of what it loaded) and sampled ones. */
export function memoWorlds(count: number, sampled: number): { world: World; label: string }[] {
  const deterministic = { pHit: { general: 1, hallucination: 1, special: 1 }, pMiss: 0, qNoise: 0 };
  return [
    ...Array.from({ length: count }, (_, i) => ({
      world: generateWorld({ seed: 500 + i, rules: 6, casesPerRule: 1, params: deterministic }),
      label: `det-${500 + i}`,
    })),
    ...Array.from({ length: sampled }, (_, i) => ({
      world: generateWorld({ seed: 700 + i, rules: 6, casesPerRule: 1 }),
      label: `sampled-${700 + i}`,
    })),
  ];
}

export async function printMemoComparison(worlds: { world: World; label: string }[]): Promise<boolean> {
  const started = performance.now();
  console.log(
    "\nSIMULATED — model-call reuse through the simulated endpoint (reference runner, real openai client)",
  );
  const head = [
    "world",
    "execs naive|sav|memo",
    "tokens naive|sav|memo",
    "memo/naive",
    "record spent|naive",
    "same",
    "P* cost",
  ];
  const rows: string[][] = [];
  const total = { naive: 0, savings: 0, memo: 0, execNaive: 0, execMemo: 0, same: 0, detSame: 0, det: 0 };
  for (const [i, { world, label }] of worlds.entries()) {
    const naive = await evolveThrough(world, i, "naive");
    const savings = await evolveThrough(world, i, "savings");
    const memo = await evolveThrough(world, i, "memo");
    const same =
      decisions(naive.record) === decisions(memo.record) &&
      decisions(savings.record) === decisions(memo.record);
    total.naive += naive.paid;
    total.savings += savings.paid;
    total.memo += memo.paid;
    total.execNaive += naive.record.executions.run;
    total.execMemo += memo.record.executions.run;
    if (same) total.same++;
    if (label.startsWith("det")) {
      total.det++;
      if (same) total.detSame++;
    }
    const ex = (o: Outcome) => o.record.executions.run;
    rows.push([
      label,
      `${ex(naive)}|${ex(savings)}|${ex(memo)}`,
      `${naive.paid}|${savings.paid}|${memo.paid}`,
      `${((100 * memo.paid) / naive.paid).toFixed(1)}%`,
      `${memo.record.executions.modelTokens?.spent ?? "-"}|${memo.record.executions.modelTokens?.naive ?? "-"}`,
      same ? "yes" : "NO",
      `${starCost(memo.record).toFixed(0)} (naive ${starCost(naive.record).toFixed(0)})`,
    ]);
  }
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]) => cells.map((x, c) => x.padEnd(widths[c]!)).join("  ");
  console.log(line(head));
  for (const r of rows) console.log(line(r));
  const ratio = total.memo / total.naive;
  console.log(
    `  all ${worlds.length} worlds: agent executions ${total.execNaive} naive → ${total.execMemo} with savings + memo; ` +
      `model tokens spent ${total.naive} naive → ${total.savings} savings → ${total.memo} savings + memo (${(100 * ratio).toFixed(1)}% of naive; target ≤ 33.3%)`,
  );
  console.log(
    `  identical decisions to naive (children, gate verdicts, frontier, P*): ${total.same}/${worlds.length} worlds, ${total.detSame}/${total.det} deterministic`,
  );
  console.log(`  (simulated) ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return total.detSame === total.det;
}
