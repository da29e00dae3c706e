import { describe, expect, it } from "vitest";
import { consolidate, voteFilter, votesNeeded } from "../../src/core/evolve/consolidate.js";
import type { Consolidator, Proposal } from "../../src/core/llm/roles.js";

const prop = (...skills: string[]): Proposal => ({
  targets: skills,
  rootCause: "x",
  plans: skills.map((s) => ({ skill: s, plan: `fix ${s}` })),
});
const scope = ["a", "b", "c"];

describe("vote filter", () => {
  const proposals = [prop("a"), prop("a", "b"), prop("a", "b"), prop("c"), prop("outside")];

  it("votes needed = ⌈q·N⌉, at least one", () => {
    expect(votesNeeded(5, 0.4)).toBe(2);
    expect(votesNeeded(1, 0.4)).toBe(1);
    expect(votesNeeded(10, 0)).toBe(1);
  });

  it("section drops skill edits proposed by fewer than q of the diagnosers", () => {
    const v = voteFilter(proposals, { mode: "section", threshold: 0.4, diagnosers: 5, scope });
    expect(v.kept).toEqual([
      { skill: "a", votes: 3 },
      { skill: "b", votes: 2 },
    ]);
    expect(v.dropped).toContainEqual({ skill: "c", votes: 1, reason: "1 of 5 diagnosers (needs 2)" });
    expect(v.proposals.flatMap((p) => p.plans.map((x) => x.skill)).sort()).toEqual(["a", "a", "a", "b", "b"]);
  });

  it("drops edits to skills outside the working scope, saying so", () => {
    const v = voteFilter(proposals, { mode: "none", threshold: 0.4, diagnosers: 5, scope });
    expect(v.dropped).toContainEqual({ skill: "outside", votes: 1, reason: "outside the working scope" });
    expect(v.kept.map((k) => k.skill)).toEqual(["a", "b", "c"]);
  });

  it("cluster also requires agreement on the exact target set", () => {
    const v = voteFilter(proposals, { mode: "cluster", threshold: 0.4, diagnosers: 5, scope });
    // {a,b} is proposed by two diagnosers; {a} alone by one, so a's votes from that cluster count only twice.
    expect(v.kept.map((k) => k.skill)).toEqual(["a", "b"]);
    const strict = voteFilter([prop("a"), prop("a", "b"), prop("a", "c")], {
      mode: "cluster",
      threshold: 0.5,
      diagnosers: 3,
      scope,
    });
    expect(strict.kept).toEqual([]);
    expect(strict.dropped.find((d) => d.skill === "a")?.reason).toMatch(/same target set/);
  });
});

describe("consolidate", () => {
  it("discards merged plans for skills the vote dropped, and duplicates", async () => {
    const merger: Consolidator = {
      merge: async () => ({
        ok: true,
        value: [
          { skill: "a", plan: "1" },
          { skill: "c", plan: "2" },
          { skill: "a", plan: "3" },
        ],
        usage: { input: 5, output: 1, cached: 0 },
      }),
    };
    const vote = voteFilter([prop("a"), prop("a"), prop("c")], {
      mode: "section",
      threshold: 0.5,
      diagnosers: 3,
      scope,
    });
    const r = await consolidate(merger, [], vote, 0);
    expect(r.ok && r.value).toEqual([{ skill: "a", plan: "1" }]);
  });

  it("makes no merge call when nothing survived the vote", async () => {
    let calls = 0;
    const merger: Consolidator = {
      merge: async () => (calls++, { ok: true, value: [], usage: { input: 0, output: 0, cached: 0 } }),
    };
    const r = await consolidate(
      merger,
      [],
      voteFilter([], { mode: "section", threshold: 0.4, diagnosers: 2, scope }),
      0,
    );
    expect(r.ok && r.value).toEqual([]);
    expect(calls).toBe(0);
  });
});

describe("tool targets", () => {
  const op = { kind: "patch" as const, tool: "a/scripts/x.py" };
  const toolProp = (tool: string): Proposal => ({
    targets: [tool],
    rootCause: "the tool",
    plans: [{ skill: tool, plan: "patch: fix it", op: { kind: "patch", tool } }],
  });

  it("counts a tool of a scope skill like a skill, and drops one of another skill", () => {
    const v = voteFilter([toolProp(op.tool), toolProp(op.tool), toolProp("z/scripts/x.py")], {
      mode: "section",
      threshold: 0.5,
      diagnosers: 3,
      scope,
    });
    expect(v.kept).toEqual([{ skill: op.tool, votes: 2 }]);
    expect(v.dropped).toEqual([{ skill: "z/scripts/x.py", votes: 1, reason: "outside the working scope" }]);
  });

  it("gives a merged tool plan back the typed op a proposal carried when the merge lost it", async () => {
    const merger: Consolidator = {
      merge: async () => ({ ok: true, value: [{ skill: op.tool, plan: "patch it" }], usage: ZERO }),
    };
    const vote = voteFilter([toolProp(op.tool)], { mode: "none", threshold: 0.5, diagnosers: 1, scope });
    const r = await consolidate(merger, [], vote, 0);
    expect(r.ok && r.value).toEqual([{ skill: op.tool, plan: "patch it", op }]);
  });
});

const ZERO = { input: 0, output: 0, cached: 0 };
