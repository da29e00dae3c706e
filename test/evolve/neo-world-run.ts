// A SkillNEO run on a seeded simulated world, shared by the neo-* tests: in-process simulated roles
// and agent, the fixed clock, and any extra deps (checkpoint, cache, resume).
import { EvolveConfig } from "../../src/core/config/config.js";
import type { EvolveDeps } from "../../src/core/evolve/context.js";
import { runConfigOf, runEvolution } from "../../src/core/evolve/run.js";
import { worldRunInputs } from "../../src/apps/cli/evolve/world-run-inputs.js";
import { generateWorld, type GenerateOptions } from "../../src/sim/generate.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { createSimRoles } from "../support/sim-roles/roles.js";

export const NOW = () => new Date("2026-11-30T00:00:00Z");

export function neoRun(
  seed: number,
  knobs: Partial<EvolveConfig> = {},
  deps: Partial<EvolveDeps> = {},
  world: Partial<GenerateOptions> = {},
) {
  const w = generateWorld({ seed, rules: 12, ...world });
  const all = { seed, maxIterations: 12, patience: 12, strategy: "neo" as const, ...knobs };
  const config = { ...runConfigOf(EvolveConfig.parse(all)), bootstrap: 100 };
  const { inputs } = worldRunInputs(w, config);
  return runEvolution(inputs, { roles: createSimRoles(w), runner: createSimAgent(w), now: NOW, ...deps });
}
