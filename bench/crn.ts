// Common random numbers in the gate (docs/engine.md "The paired gate"), on sampled-model worlds
// (`seedHonoured: false`: an identical request twice gets independent draws, so only the memo couples
// a child's run i with its parent's). 3 worlds × 3 seeds, memo on vs off × gate `floor` vs `paired`:
//   1. a controlled experiment (crn-gate-experiment.ts): one-skill children of known truth, the SD of
//      their per-case child − P₀ differences, spurious refusals and false admissions;
//   2. the loop itself (runEvolution through the endpoint): admissions and the true held-out pass@k
//      of P* (the world's truth, not a measurement).
// EVERY FIGURE IS SIMULATED. `npm run bench:crn`.
import { evolveOnEndpoint } from "../test/support/endpoint-evolution.js";
import { exposedSkills } from "../src/core/bank/exposure.js";
import { scopeSkills } from "../src/core/evolve/context.js";
import type { GateTest } from "../src/core/evolve/gate/gate-test.js";
import { generateWorld } from "../src/sim/generate.js";
import { worldInputs } from "../src/sim/world-inputs.js";
import { truePassAtK, truePassProbability } from "../src/sim/true-pass.js";
import type { World } from "../src/sim/world.js";
import { EPSILON, K, N, runGateExperiment, type ChildOutcome } from "./crn-gate-experiment.js";

// Larger categories (CRN_CASES_PER_RULE, default 2) show where the paired rule departs from the floor;
// CRN_LOOP=0 skips the evolution runs (the controlled experiment alone).
const CASES_PER_RULE = Number(process.env.CRN_CASES_PER_RULE ?? 2);
const LOOP = process.env.CRN_LOOP !== "0";
const TESTS: GateTest[] = ["floor", "paired"];

/** 3 generated worlds × 3 draw seeds (the world's seed drives only the endpoint's draws here). */
function sampledWorlds(): { world: World; label: string; seed: number }[] {
  return [900, 901, 902].flatMap((w) => {
    const base = generateWorld({
      seed: w,
      rules: 6,
      casesPerRule: CASES_PER_RULE,
      params: { seedHonoured: false },
    });
    return [0, 1, 2].map((s) => ({ world: { ...base, seed: w * 10 + s }, label: `w${w}/s${s}`, seed: s }));
  });
}

async function evolveArm(world: World, seed: number, memo: boolean, test: GateTest) {
  const { record, banks } = await evolveOnEndpoint(world, {
    knobs: { seed, maxIterations: 4, epsilon: EPSILON, n: N, k: K },
    settings: { bootstrap: 500, gateTest: test },
    memo,
  });
  const star = banks.get(record.selected)!;
  const skills = exposedSkills(star, scopeSkills(star, record.scope.skills));
  const { heldOut: cases } = worldInputs(world);
  const heldOut =
    cases.reduce((s, c) => s + truePassAtK(truePassProbability(world, skills, c), K), 0) / cases.length;
  return { admitted: record.iterations.filter((i) => i.gate.admitted).length, heldOut };
}

const sd = (xs: readonly number[]) => {
  if (xs.length < 2) return 0;
  const m = xs.reduce((s, x) => s + x, 0) / xs.length;
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
};

interface Arm {
  outcomes: ChildOutcome[];
  admitted: Record<GateTest, number>;
  heldOut: Record<GateTest, number[]>;
}

async function main(): Promise<void> {
  const started = performance.now();
  const worlds = sampledWorlds();
  const arms: Record<"on" | "off", Arm> = {
    on: { outcomes: [], admitted: { floor: 0, paired: 0 }, heldOut: { floor: [], paired: [] } },
    off: { outcomes: [], admitted: { floor: 0, paired: 0 }, heldOut: { floor: [], paired: [] } },
  };
  for (const { world, seed } of worlds)
    for (const memo of ["on", "off"] as const) {
      arms[memo].outcomes.push(...(await runGateExperiment(world, memo === "on", seed)));
      for (const test of LOOP ? TESTS : []) {
        const r = await evolveArm(world, seed, memo === "on", test);
        arms[memo].admitted[test] += r.admitted;
        arms[memo].heldOut[test].push(r.heldOut);
      }
    }
  printTable(arms, worlds.length);
  console.log(`  (simulated) ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function printTable(arms: Record<"on" | "off", Arm>, worlds: number): void {
  const all = arms.on.outcomes;
  const notWorse = all.filter((o) => !o.worse).length;
  console.log(
    `\nSIMULATED — common random numbers in the gate: ${worlds} sampled-model worlds (seedHonoured: false), ${CASES_PER_RULE} evolution cases per rule, n=${N}, k=${K}, ε=${EPSILON}`,
  );
  console.log(
    `  controlled children per arm: ${all.length} (${notWorse} truly not worse, ${all.length - notWorse} truly worse: one-skill edits of P₀)`,
  );
  const head = [
    "memo",
    "gate",
    "SD(child−P₀) all|neutral",
    "identical pairs",
    "spurious refusals",
    "false admissions",
    "loop: admitted",
    "P* held-out pass@k (true)",
  ];
  const rows: string[][] = [];
  for (const memo of ["on", "off"] as const)
    for (const test of TESTS) {
      const arm = arms[memo];
      const os = arm.outcomes;
      const diffs = os.flatMap((o) => o.diffs);
      const neutral = os.filter((o) => o.kind === "neutral").flatMap((o) => o.diffs);
      const good = os.filter((o) => !o.worse);
      const bad = os.filter((o) => o.worse);
      const ho = arm.heldOut[test];
      rows.push([
        memo,
        test,
        `${sd(diffs).toFixed(3)}|${sd(neutral).toFixed(3)}`,
        `${diffs.filter((d) => d === 0).length}/${diffs.length}`,
        `${good.filter((o) => !o.admitted[test]).length}/${good.length}`,
        `${bad.filter((o) => o.admitted[test]).length}/${bad.length}`,
        String(arm.admitted[test]),
        ho.length ? (ho.reduce((s, x) => s + x, 0) / ho.length).toFixed(3) : "—",
      ]);
    }
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]) => cells.map((x, c) => x.padEnd(widths[c]!)).join("  ");
  console.log(line(head));
  for (const r of rows) console.log(line(r));
  for (const memo of ["on", "off"] as const) {
    const os = arms[memo].outcomes;
    const good = os.filter((o) => !o.worse);
    const bad = os.filter((o) => o.worse);
    console.log(
      `  memo ${memo}, paired interval alone (no hard limit): spurious refusals ${good.filter((o) => !o.intervalOnly).length}/${good.length}, false admissions ${bad.filter((o) => o.intervalOnly).length}/${bad.length}`,
    );
  }
}

await main();
