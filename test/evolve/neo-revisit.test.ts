// SkillNEO's archive revisit with retirement (Appendix B) on a synthetic two-generation history: a
// Hold with ΔS < 0 retires the children that scored below the re-measured incumbent and the incumbent
// whose children all did; the next generation draws the unretired versions with no remaining child
// instead of the ordinary parent set. Without such a hold the ordinary set stands.
import { describe, expect, it } from "vitest";
import type { MemberState } from "../../src/core/evolve/checkpoint.js";
import { parentPool } from "../../src/core/evolve/strategies/neo-selection.js";
import { retiredBefore, revisitPool } from "../../src/core/evolve/strategies/neo-revisit.js";
import type { NeoDeployRecord } from "../../src/records/neo-deploy-record.js";
import type { Iteration } from "../../src/records/run-record.js";
import { iteration, member } from "./neo-iteration.js";

/** A version passing `passed` of 4 cases (S = 25·passed), made at t from `parent`. */
const version = (id: string, t: number, passed: number, parent = "root"): MemberState => ({
  ...member(id, t, passed, 4),
  parent,
});

/** Iteration t's promoted child, with its generation's decision when it was the one compared. */
function promoted(t: number, child: string, parent: string, deploy?: Partial<NeoDeployRecord>): Iteration {
  const it = iteration(t, child, true, parent);
  const decidedAt = Math.ceil(t / 6) * 6;
  it.neoScreen = { score: 0.5, rank: 1, of: 6, promoted: true, decidedAt };
  const base = { reason: "", generation: Math.floor((t - 1) / 6), decidedAt };
  it.neoDeploy = deploy
    ? ({ ...base, ...deploy } as NeoDeployRecord)
    : { ...base, verdict: "reject", incumbent: "", reason: "ranked below the generation's best child" };
  return it;
}

const s = (official: number) => ({ official, aux: official });

// Generation 0: root (S 50) → a (S 75, accepted) and d (S 50). Generation 1: a → e (S 25), f (S 0);
// d → g (S 25). The best child e held against a's fresh 75: ΔS < 0.
const root = version("root", 0, 2);
const [a, d] = [version("a", 1, 3), version("d", 2, 2)];
const [e, f, g] = [version("e", 7, 1, "a"), version("f", 8, 0, "a"), version("g", 9, 1, "d")];
const known = new Map([root, a, d, e, f, g].map((m) => [m.id, m]));
const accept = { verdict: "accept" as const, incumbent: "root", child: s(75), incumbentScores: s(50) };

function history(generation1: Partial<NeoDeployRecord>) {
  const iterations = [
    promoted(1, "a", "root", accept),
    promoted(2, "d", "root"),
    promoted(7, "e", "a", { incumbent: "a", child: s(25), ...generation1 }),
    promoted(8, "f", "a"),
    promoted(9, "g", "d"),
  ];
  return { iterations, archive: [d, e, f, g], root: "root" };
}

const heldBelow = { verdict: "hold" as const, incumbentScores: s(75) };

describe("SkillNEO's archive revisit", () => {
  it("a Hold with ΔS < 0 retires the children below the incumbent, and the incumbent whose children all were", () => {
    const h = history(heldBelow);
    expect([...retiredBefore(h.iterations, 2, known)].sort()).toEqual(["a", "e", "f", "g"]);
    // Retirement counts only decisions before the generation asking.
    expect(retiredBefore(h.iterations, 1, known).size).toBe(0);
  });

  it("the next generation draws the unretired versions with no remaining child, then the root", () => {
    const h = history(heldBelow);
    // d's only child g is retired, so d is a leaf again; the root still has d, so it is not one.
    expect(revisitPool(h.iterations, 2, known)!.map((m) => m.id)).toEqual(["d"]);
    expect(parentPool([root, a], 2, h).map((m) => m.id)).toEqual(["d", "root"]);
  });

  it("no revisit after a hold the child tied, or an accept: the generation's own children parent", () => {
    for (const decision of [
      { verdict: "hold" as const, child: s(75), incumbentScores: s(75) },
      { verdict: "accept" as const, child: s(100), incumbentScores: s(75) },
    ]) {
      const h = history(decision);
      expect(revisitPool(h.iterations, 2, known)).toBeUndefined();
      expect(parentPool([root, a], 2, h).map((m) => m.id)).toEqual(["e", "g", "f"]);
    }
  });
});
