// The generator's world kinds (`skillops sim new --kind`, docs/simulated-world.md "World kinds"),
// each with the structure a search mechanism is said to exploit: `default` (generate.ts),
// `deceptive` local optima (SkillNEO), `sparse-faults` with noisy diagnoses (fault localisation),
// `defective-tools` (SkillSmith's tool co-evolution), `over-budget` (the context budget), `valley`
// (a shortcut whose removal costs score before it pays: SkillNEO's non-elitism) and `harmful-text`
// (a fault in text already present: counterfactual confirmation).
import { withTraps } from "./deceptive-world.js";
import { generateWorld, type GenerateOptions } from "./generate.js";
import { harmfulTextWorld } from "./harmful-text-world.js";
import { overBudgetWorld } from "./over-budget-world.js";
import { sparseFaultsWorld } from "./sparse-faults-world.js";
import { withToolDefects } from "./tool-world.js";
import { valleyWorld } from "./valley-world.js";
import type { World, WorldKind } from "./world.js";

/** Defective tools in a `defective-tools` world (the `--tools` overlay has two). */
const DEFECTS = 4;

export function generateWorldOfKind(kind: WorldKind, opts: GenerateOptions): World {
  switch (kind) {
    case "default":
      return generateWorld(opts);
    case "deceptive":
      return withTraps(generateWorld(opts));
    case "sparse-faults":
      return sparseFaultsWorld(opts);
    case "defective-tools":
      return { ...withToolDefects(generateWorld(opts), { defects: DEFECTS }), worldKind: "defective-tools" };
    case "over-budget":
      return overBudgetWorld(opts);
    case "valley":
      return valleyWorld(opts);
    case "harmful-text":
      return harmfulTextWorld(opts);
  }
}
