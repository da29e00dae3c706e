// Model-call reuse on the production path (docs/engine.md "Model-call reuse"): small generated worlds
// served through the simulated endpoint (startSimEndpoint), the real `openai` client, the model roles
// and the reference runner. Each world is evolved three ways — naive FRAMES evaluation (no savings,
// no memo), the savings without the memo, and the savings with the memo — and the table
// shows agent executions, model tokens spent, whether the decisions were identical to naive, and
// P*'s deployment cost. A fourth run adds `exactCost` (members' costs made exact, exact-cost.ts) to
// show what exact costs cost on top. EVERY FIGURE IS SIMULATED. Shared by bench/ablation.ts and bench/evaluate.ts.
import { evolveOnEndpoint } from "../test/support/endpoint-evolution.js";
import type { RunRecord } from "../src/records/run-record.js";
import { generateWorld } from "../src/sim/generate.js";
import type { World } from "../src/sim/world.js";

type Mode = "naive" | "savings" | "memo" | "exact";

interface Outcome {
  record: RunRecord;
  /** Agent and judge tokens (input + output) the endpoint actually answered. */
  paid: number;
}

/** A world set's size: rules × cases per rule, and the run's iteration limit. */
export interface WorldSize {
  rules: number;
  casesPerRule: number;
  iterations: number;
}
/** The set bench:ablation uses; LARGER is closer to a real run (more children per P₀). */
export const SMALL: WorldSize = { rules: 6, casesPerRule: 1, iterations: 4 };
export const LARGER: WorldSize = { rules: 8, casesPerRule: 2, iterations: 10 };

interface MemoWorld {
  world: World;
  label: string;
  iterations: number;
}

async function evolveThrough({ world, iterations }: MemoWorld, seed: number, mode: Mode): Promise<Outcome> {
  const memo = mode === "memo" || mode === "exact";
  const settings = {
    bootstrap: 200,
    savings: mode !== "naive",
    ...(mode === "exact" ? { exactCost: true } : {}),
  };
  return evolveOnEndpoint(world, { knobs: { seed, maxIterations: iterations }, settings, memo });
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
export function memoWorlds(count: number, sampled: number, size: WorldSize = SMALL): MemoWorld[] {
  const deterministic = { pHit: { general: 1, hallucination: 1, special: 1 }, pMiss: 0, qNoise: 0 };
  const shape = { rules: size.rules, casesPerRule: size.casesPerRule };
  return [
    ...Array.from({ length: count }, (_, i) => ({
      world: generateWorld({ seed: 500 + i, ...shape, params: deterministic }),
      label: `det-${500 + i}`,
      iterations: size.iterations,
    })),
    ...Array.from({ length: sampled }, (_, i) => ({
      world: generateWorld({ seed: 700 + i, ...shape }),
      label: `sampled-${700 + i}`,
      iterations: size.iterations,
    })),
  ];
}

export async function printMemoComparison(worlds: MemoWorld[], size: WorldSize = SMALL): Promise<boolean> {
  const started = performance.now();
  console.log(
    "\nSIMULATED — model-call reuse through the simulated endpoint (reference runner, real openai client)",
  );
  console.log(
    `  worlds of ${size.rules} rules × ${size.casesPerRule} case(s), ${size.iterations} iterations`,
  );
  const head = [
    "world",
    "execs naive|sav|memo",
    "tokens naive|sav|memo",
    "memo/naive",
    "+exact cost",
    "record spent|naive",
    "same",
    "P* cost",
  ];
  const rows: string[][] = [];
  const total = {
    ...{ naive: 0, savings: 0, memo: 0, exact: 0, execNaive: 0, execMemo: 0 },
    ...{ same: 0, detSame: 0, det: 0, detNaive: 0, detMemo: 0 },
  };
  for (const [i, w] of worlds.entries()) {
    const { label } = w;
    const naive = await evolveThrough(w, i, "naive");
    const savings = await evolveThrough(w, i, "savings");
    const memo = await evolveThrough(w, i, "memo");
    const exact = await evolveThrough(w, i, "exact");
    const same = [savings, memo, exact].every((o) => decisions(o.record) === decisions(naive.record));
    total.naive += naive.paid;
    total.savings += savings.paid;
    total.memo += memo.paid;
    total.exact += exact.paid;
    total.execNaive += naive.record.executions.run;
    total.execMemo += memo.record.executions.run;
    if (same) total.same++;
    if (label.startsWith("det")) {
      total.det++;
      total.detNaive += naive.paid;
      total.detMemo += memo.paid;
      if (same) total.detSame++;
    }
    const ex = (o: Outcome) => o.record.executions.run;
    rows.push([
      label,
      `${ex(naive)}|${ex(savings)}|${ex(memo)}`,
      `${naive.paid}|${savings.paid}|${memo.paid}`,
      `${((100 * memo.paid) / naive.paid).toFixed(1)}%`,
      `${((100 * exact.paid) / naive.paid).toFixed(1)}%`,
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
    `  deterministic worlds alone: ${total.detMemo} of ${total.detNaive} (${((100 * total.detMemo) / Math.max(1, total.detNaive)).toFixed(1)}% of naive)`,
  );
  console.log(
    `  with exactCost (members' costs made exact): ${total.exact} (${((100 * total.exact) / total.naive).toFixed(1)}% of naive)`,
  );
  console.log(
    `  identical decisions to naive (children, gate verdicts, frontier, P*): ${total.same}/${worlds.length} worlds, ${total.detSame}/${total.det} deterministic`,
  );
  console.log(`  (simulated) ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return total.detSame === total.det;
}
