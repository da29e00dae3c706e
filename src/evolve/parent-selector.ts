// Parent selection (Algorithm 1, line 6) as a strategy, so other search strategies (greedy,
// tournament, novelty…) plug in through EvolveDeps.parents without editing iterate(). FRAMES asks
// for a non-greedy choice; its round-robin is the default.
import type { MemberState } from "./checkpoint.js";

export interface ParentSelector {
  /**
   * The member iteration t improves.
   * - `frontier` is never empty (it always holds at least P₀); the answer must be one of its members.
   * - Deterministic: a function of (frontier, t) only, with no state of its own. A resumed run rebuilds
   *   the frontier from the checkpoint and must pick the parent an uninterrupted run would have picked.
   * - Must not mutate the frontier, and must not throw; an exception ends the run (nothing catches it).
   */
  selectParent(frontier: readonly MemberState[], t: number): MemberState;
}

/** Round-robin over the frontier in order of birth (then hash): every member gets equal turns. */
export const roundRobin: ParentSelector = {
  selectParent(frontier, t) {
    const ordered = [...frontier].sort((a, b) => a.born - b.born || (a.id < b.id ? -1 : 1));
    return ordered[(t - 1) % ordered.length]!;
  },
};
