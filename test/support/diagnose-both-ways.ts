// One diagnosis asked of the simulated endpoint's diagnoser (through the real client) and of the
// in-process one, for tests that hold the two to the same rule.
import { createModelRoles } from "../../src/core/evolve/model-roles.js";
import type { CaseView, DiagnoseInput } from "../../src/core/llm/roles.js";
import type { Suspect } from "../../src/records/suspect.js";
import type { World } from "../../src/sim/world.js";
import { simDiagnoser } from "./sim-roles/roles.js";

type Model = Parameters<typeof createModelRoles>[0];

/** Both diagnosers' plans for one failing case, seed 1. */
export async function diagnoseBothWays(
  model: Model,
  world: World,
  parent: DiagnoseInput["parent"],
  failing: CaseView,
  localisation: Suspect[],
) {
  const input: DiagnoseInput = { parent, batch: [failing], index: 0, seed: 1, localisation };
  const over = await createModelRoles(model).diagnoser.diagnose(input);
  const local = await simDiagnoser(world).diagnose(input);
  if (!over.ok || !local.ok) throw new Error("a diagnoser failed");
  return { over: over.value.plans, local: local.value.plans };
}
