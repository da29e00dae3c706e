// A simulated world where the culprit is known, for the fault localisation tests: every rule's clause
// present and answered perfectly (p_hit 1, p_miss 0, no noise), then one rule's home skill changed by
// the test (its clause removed, or a decoy added), so that rule's cases are the only failing ones.
// With the run config those tests share: one iteration, localisation on.
import { EvolveConfig } from "../../src/core/config/config.js";
import { runConfigOf } from "../../src/core/evolve/run.js";
import type { RunConfig } from "../../src/records/run-record.js";
import { generateWorld } from "../../src/sim/generate.js";
import type { World } from "../../src/sim/world.js";

export const PERFECT = {
  pHit: { general: 1, hallucination: 1, special: 1 },
  pMiss: 0,
  qNoise: 0,
  qTarget: 1,
  qForget: 0,
  misleading: 0,
};

export type Culprit = World["rules"][number];

/** The perfect world with the first rule's home skill source rewritten by `change`. */
export function worldWithCulprit(change: (source: string, culprit: Culprit) => string): {
  world: World;
  culprit: Culprit;
} {
  const full = generateWorld({
    seed: 5,
    rules: 8,
    casesPerRule: 2,
    present: { general: 1, hallucination: 1, special: 1 },
    params: PERFECT,
  });
  const culprit = full.rules[0]!;
  const skills = full.skills.map((s) =>
    s.name === culprit.skill ? { ...s, source: change(s.source, culprit) } : s,
  );
  return { world: { ...full, skills }, culprit };
}

/** Seed 5, one iteration, 200 bootstrap resamples, localisation on; `over` last. */
export function localisationConfig(over: Partial<RunConfig> = {}): RunConfig {
  return {
    ...runConfigOf(EvolveConfig.parse({ seed: 5, maxIterations: 1 })),
    bootstrap: 200,
    localisation: true,
    ...over,
  };
}
