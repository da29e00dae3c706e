// Parent selection (Algorithm 1, line 6) as a strategy, so other search strategies (greedy,
// SkillNEO, SkillEvolver…) plug in through EvolveDeps.parents without editing iterate(). FRAMES asks
// for a non-greedy choice; its round-robin is the default. src/core/evolve/strategies/ holds the others.
import type { MemberState } from "../checkpoint.js";
import type { Iteration } from "../../../records/run-record.js";

/** The checkpointed state a selector may read besides the frontier. */
export interface SelectionHistory {
  /** Every completed iteration's record, in order. */
  iterations: readonly Iteration[];
  /** Admitted members off the frontier (and SkillNEO's refused promoted children); empty unless the selector sets `archives`. */
  archive: readonly MemberState[];
  /** P₀'s id. */
  root: string;
}

export interface ParentSelector {
  /**
   * The member iteration t improves.
   * - `frontier` is never empty (it always holds at least P₀); the answer must be one of its members,
   *   or, for a selector that `archives`, one of `history.archive`.
   * - Deterministic: a function of (frontier, t, history) only, with no state of its own. All three
   *   are in the checkpoint, so a resumed run picks the parent an uninterrupted run would have picked.
   * - Must not mutate its arguments, and must not throw; an exception ends the run (nothing catches it).
   */
  selectParent(frontier: readonly MemberState[], t: number, history: SelectionHistory): MemberState;
  /**
   * True when the loop must keep admitted members that leave or never enter the frontier in the
   * checkpoint's archive (frontier-entry.ts), because this selector may pick them.
   */
  readonly archives?: boolean;
}

/** Members in order of birth (then hash), the order every built-in selector counts in. */
export function byBirth(members: readonly MemberState[]): MemberState[] {
  return [...members].sort((a, b) => a.born - b.born || (a.id < b.id ? -1 : 1));
}

/** Round-robin over the frontier in order of birth (then hash): every member gets equal turns. */
export const roundRobin: ParentSelector = {
  selectParent(frontier, t) {
    const ordered = byBirth(frontier);
    return ordered[(t - 1) % ordered.length]!;
  },
};
