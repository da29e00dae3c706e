// Measures a generated world's cases with every skill of its bank visible, at n runs and k = 3: the
// agent-side measurement the SkillEvolver tests read contrasts from.
import type { Runner } from "../../src/core/evaluate/runner.js";
import { scopeSkills } from "../../src/core/evolve/context.js";
import { measure } from "../../src/core/evolve/measure.js";
import type { Case } from "../../src/records/case.js";
import { worldInputs } from "../../src/sim/world-inputs.js";
import type { World } from "../../src/sim/world.js";

export function measureWorld(world: World, runner: Runner, n: number, cases?: readonly Case[]) {
  const w = worldInputs(world);
  return measure({
    skills: scopeSkills(
      w.bank,
      w.bank.skills.map((s) => s.name),
    ),
    cases: cases ?? w.cases,
    categories: world.categories,
    runner,
    n,
    k: 3,
  });
}
