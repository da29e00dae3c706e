// One simulated evolution run over a generated world, with the world's cases, for tests that render
// what a run recorded (gate judgements, the paired test against the deployed bank).
import { EvolveConfig } from "../../../src/core/config/config.js";
import { runConfigOf } from "../../../src/core/evolve/run.js";
import { generateWorld } from "../../../src/sim/generate.js";
import { runSimulatedEvolution } from "./run.js";
import { prBodyInput } from "../../../src/core/github/plan.js";
import type { Case } from "../../../src/records/case.js";
import type { FrontierMember, RunRecord } from "../../../src/records/run-record.js";

export async function evolvedWorldRun(o: {
  seed: number;
  rules: number;
  maxIterations: number;
  bootstrap: number;
  /** Share held back for the PR's test (config `holdBack`); absent = the config default. */
  holdBack?: number;
  /** Fault localisation (config `localisation`); absent = the default, on. */
  localisation?: boolean;
}) {
  const world = generateWorld({ seed: o.seed, rules: o.rules });
  const { record } = await runSimulatedEvolution(
    world,
    {
      ...runConfigOf(
        EvolveConfig.parse({
          maxIterations: o.maxIterations,
          ...(o.holdBack === undefined ? {} : { holdBack: o.holdBack }),
          ...(o.localisation === undefined ? {} : { localisation: o.localisation }),
        }),
      ),
      bootstrap: o.bootstrap,
    },
    { now: () => new Date("2026-11-30T00:00:00Z") },
  );
  return { record, cases: [...world.evolution, ...world.pool].map((w) => w.case) };
}

/** What a frontier PR's body and check render from, for `member` of a test run (no PR numbers, no skill diffs). */
export function testBodyInput(record: RunRecord, member: FrontierMember, cases: readonly Case[]) {
  return prBodyInput(record, member, {
    version: "0.0.0-test",
    defaultBranch: "main",
    baseSha: "a".repeat(40),
    pullNumbers: new Map(),
    cases: [...cases],
    skills: [],
  });
}
