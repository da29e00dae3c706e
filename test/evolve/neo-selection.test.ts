// SkillNEO's parent selection on synthetic histories: comma selection from the previous generation's
// promoted children (frontier or archive), the root (last) while fewer than two parents remain, and archive
// revisiting after a stalled generation.
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
import { iteration, member } from "./neo-iteration.js";
import { neoRun } from "./neo-world-run.js";

const root = member("root", 0);

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
    const picked = [4, 5, 6].map((t) => neoSelector({}).selectParent(frontier, t, history).id);
    expect(picked).toEqual(["a", "c", "a"]);
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

  it("a stalled generation revisits an earlier version, a different one each time", () => {
    const a = member("a", 1);
    const b = member("b", 2);
    const iterations = [
      iteration(1, "a", true),
      iteration(2, "b", true),
      iteration(3, undefined, false),
      ...[4, 5, 6].map((t) => iteration(t, `x${t}`, false)),
      ...[7, 8, 9].map((t) => iteration(t, `y${t}`, false)),
    ];
    const history = { iterations, archive: [root], root: "root" };
    const g2 = parentPool([a, b], 2, history).map((m) => m.id);
    const g3 = parentPool([a, b], 3, history).map((m) => m.id);
    expect(g2).toHaveLength(1);
    expect(g3).toHaveLength(1);
    expect(g2).not.toEqual(g3);
    expect(["root", "a", "b"]).toContain(g2[0]);
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

  it("the per-parent cap: ⌈b/|B|⌉ + 2 by default, a fixed cap when set, counted over the run", () => {
    expect([1, 2, 3, 4].map(parentCapFor)).toEqual([5, 4, 3, 3]);
    const a = member("a", 1);
    // a was promoted in generation 0 and already parented iterations 4 and 5.
    const iterations = [
      iteration(1, "a", true),
      iteration(4, undefined, false, "a"),
      iteration(5, undefined, false, "a"),
    ];
    const history = { iterations, archive: [], root: "root" };
    expect(eligiblePool([root, a], 6, history).map((m) => m.id)).toEqual(["a", "root"]);
    expect(eligiblePool([root, a], 6, history, 2).map((m) => m.id)).toEqual(["root"]);
    expect(neoSelector({ neo: { parentCap: 2 } }).selectParent([root, a], 6, history).id).toBe("root");
  });

  it("a promoted child the gate refused still parents the next generation, but is never P* or deployed", async () => {
    const { record } = await neoRun(10, { maxIterations: 15, patience: 15, neo: { holdPatience: 9 } });
    const refused = record.iterations.filter((it) => isPromoted(it) && !it.gate.admitted);
    const parented = refused.filter((r) => record.iterations.some((it) => it.parent === r.child!.candidate));
    expect(parented.length).toBeGreaterThan(0);
    for (const r of parented) {
      const id = r.child!.candidate;
      expect(record.frontier.map((f) => f.candidate)).not.toContain(id);
      expect(r.neoDeploy).toMatchObject({
        verdict: "reject",
        reason: "refused by the gate on its full evaluation",
      });
      const next = record.iterations.filter((it) => it.parent === id);
      expect(next.every((it) => generationOf(it.t) === generationOf(r.t) + 1)).toBe(true);
    }
  }, 60_000);
});
