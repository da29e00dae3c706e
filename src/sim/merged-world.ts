// A world after a person merged a run's selected member (docs/simulated-world.md "A merged world"):
// the deployed bank is the member's files, the pool holds the cases the run resolved, and any new
// feedback becomes the next run's evolution cases. The simulated model is unchanged (model-identity.ts),
// so what a run measured on the member is still valid on the merged world.
import type { BankFile } from "../core/bank/skill.js";
import type { EvolveResult } from "../core/evolve/run.js";
import { WorldError, type World, type WorldCase } from "./world.js";

export interface Merge {
  /** The selected member's whole bank. */
  files: readonly BankFile[];
  /** Cases that join the pool (the run's evolution cases, as a merge commits them). */
  pool: readonly WorldCase[];
  /** The next run's feedback: its evolution cases. */
  feedback: readonly WorldCase[];
}

export function mergedWorld(world: World, merge: Merge): World {
  const rules = new Set(world.rules.map((r) => r.id));
  const known = new Set([...world.pool, ...world.heldOut].map((wc) => wc.case.id));
  for (const wc of [...merge.pool, ...merge.feedback]) {
    if (!rules.has(wc.rule))
      throw new WorldError(
        `merge: case ${wc.case.id} tests rule "${wc.rule}", which the world does not have`,
      );
  }
  const dec = new TextDecoder();
  return {
    ...world,
    deployed: merge.files.map((f) => ({ path: f.path, content: dec.decode(f.bytes) })),
    pool: [...world.pool, ...merge.pool.filter((wc) => !known.has(wc.case.id))],
    evolution: [...merge.feedback],
  };
}

/**
 * The merge of run `r`'s selected member (P*) into `world`, the run's world: its files deployed, the
 * evolution cases it resolved moved to the pool, and `later` (feedback filed after the run) beside
 * the cases it left open, as open issues stay open; `carryOpen: false` leaves only `later`.
 */
export function mergeSelected(
  world: World,
  r: Pick<EvolveResult, "banks" | "start" | "record">,
  later: readonly WorldCase[],
  { carryOpen = true }: { carryOpen?: boolean } = {},
): World {
  const star = r.banks.get(r.record.selected) ?? r.start;
  const resolved = new Set(r.record.frontier.find((m) => m.selected)?.resolved ?? []);
  const open = world.evolution.filter((wc) => !resolved.has(wc.case.id));
  return mergedWorld(world, {
    files: star.files,
    pool: world.evolution.filter((wc) => resolved.has(wc.case.id)),
    feedback: carryOpen ? [...open, ...later] : [...later],
  });
}
