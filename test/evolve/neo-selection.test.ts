// SkillNEO's parent selection on synthetic histories: comma selection from the previous generation's
// promoted children (frontier or archive), the root (last) while fewer than two parents remain, the
// per-parent cap counted per generation, and the archive revisit with retirement after a Hold with ΔS < 0.
import { describe, expect, it } from "vitest";
import {
  GENERATION,
  eligiblePool,
  generationOf,
  isPromoted,
  neoSelector,
  parentCapFor,
  parentPool,
} from "../../src/core/evolve/strategies/neo-selection.js";
import type { MemberState } from "../../src/core/evolve/checkpoint.js";
import type { SelectionHistory } from "../../src/core/evolve/strategies/parent-selector.js";
import { iteration, member } from "./neo-iteration.js";
import { neoRun } from "./neo-world-run.js";

const root = member("root", 0);

/** The parents iterations `ts` pick in turn, each pick recorded before the next (as the loop does). */
function picks(frontier: MemberState[], history: SelectionHistory, ts: number[]): string[] {
  const iterations = [...history.iterations];
  return ts.map((t) => {
    const id = neoSelector({}).selectParent(frontier, t, { ...history, iterations }).id;
    iterations.push(iteration(t, undefined, false, id));
    return id;
  });
}

describe("SkillNEO selection", () => {
  it("generation 0 improves the root only", () => {
    const history = { iterations: [], archive: [], root: "root" };
    for (let t = 1; t <= GENERATION; t++)
      expect(neoSelector({}).selectParent([root], t, history).id).toBe("root");
  });

  it("comma selection: the next generation's parents are the promoted children, even those off the frontier", () => {
    const a = member("a", 1);
    const c = member("c", 3);
    const iterations = [iteration(1, "a", true), iteration(2, "b", false), iteration(3, "c", true)];
    // c was admitted but dominated, so it lives in the archive; the root is elsewhere on the frontier.
    const history = { iterations, archive: [c], root: "root" };
    const frontier = [root, a];
    const picked = picks(frontier, history, [7, 8, 9, 10]);
    expect(picked).toEqual(["a", "c", "a", "c"]);
    expect(picked).not.toContain("root"); // non-elitist: the frontier's other member is not drawn
  });

  it("keeps the root while fewer than two parents remain", () => {
    const a = member("a", 2);
    const history = {
      iterations: [iteration(1, undefined, false), iteration(2, "a", true)],
      archive: [],
      root: "root",
    };
    expect(parentPool([root, a], 1, history).map((m) => m.id)).toEqual(["a", "root"]);
  });

  it("a generation that promoted nothing leaves the root alone, as the paper adds it to a short pool", () => {
    const [a, b] = [member("a", 1), member("b", 2)];
    const iterations = [
      iteration(1, "a", true),
      iteration(2, "b", true),
      ...[7, 8, 9].map((t) => iteration(t, `x${t}`, false, "a")),
    ];
    const history = { iterations, archive: [root], root: "root" };
    // No rotation through older versions: only a Hold with ΔS < 0 revisits the archive (neo-revisit.test.ts).
    expect(parentPool([a, b], 2, history).map((m) => m.id)).toEqual(["root"]);
  });

  it("ranks a generation's children by measured score, not birth, and adds the root last", () => {
    const a = member("a", 1, 1, 4);
    const c = member("c", 3, 3, 4);
    const history = {
      iterations: [iteration(1, "a", true), iteration(3, "c", true)],
      archive: [],
      root: "root",
    };
    expect(parentPool([root, a, c], 1, history).map((m) => m.id)).toEqual(["c", "a"]);
    const lone = { ...history, iterations: [iteration(1, "a", true)] };
    expect(parentPool([root, a], 1, lone).map((m) => m.id)).toEqual(["a", "root"]);
  });

  it("the per-parent cap: ⌈b/|B|⌉ + 2 for b = 6 by default, a fixed cap when set, counted per generation", () => {
    expect([1, 2, 3, 4].map(parentCapFor)).toEqual([8, 5, 4, 4]);
    const a = member("a", 1);
    // The root parented all six children of generation 0; a, promoted there, parented 7 and 8.
    const iterations = [
      iteration(1, "a", true),
      ...[2, 3, 4, 5, 6].map((t) => iteration(t, undefined, false)),
      iteration(7, undefined, false, "a"),
      iteration(8, undefined, false, "a"),
    ];
    const history = { iterations, archive: [], root: "root" };
    // Over the run the root's six children would exceed its cap of 5 in a pool of two; per generation it has none yet.
    expect(eligiblePool([root, a], 9, history).map((m) => m.id)).toEqual(["a", "root"]);
    expect(eligiblePool([root, a], 9, history, 2).map((m) => m.id)).toEqual(["root"]);
    expect(neoSelector({ neo: { parentCap: 2 } }).selectParent([root, a], 9, history).id).toBe("root");
  });

  it("a promoted child the gate refused still parents the next generation, but is never P* or deployed", async () => {
    const { record } = await neoRun(10, { maxIterations: 15, patience: 15, neo: { holdPatience: 9 } });
    const refused = record.iterations.filter((it) => isPromoted(it) && !it.gate.admitted);
    const parented = refused.filter((r) => record.iterations.some((it) => it.parent === r.child!.candidate));
    expect(parented.length).toBeGreaterThan(0);
    for (const r of parented) {
      const id = r.child!.candidate;
      expect(record.frontier.map((f) => f.candidate)).not.toContain(id);
      // The floor does not decide the search: it competed in its generation's decision.
      expect(r.neoDeploy!.reason).not.toMatch(/gate/);
      const next = record.iterations.filter((it) => it.parent === id);
      expect(next.every((it) => generationOf(it.t) === generationOf(r.t) + 1)).toBe(true);
    }
  }, 60_000);
});
