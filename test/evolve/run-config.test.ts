// The evaluation knobs in the run config (savings, parallelCases, bootstrap) and the parent
// selector seam: old records and checkpoints still read, a resume compares the knobs, and a
// custom ParentSelector is the one iterate() asks.
import { describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/core/config/config.js";
import { resumeMismatch, type MemberState } from "../../src/core/evolve/checkpoint.js";
import { roundRobin, type ParentSelector } from "../../src/core/evolve/strategies/parent-selector.js";
import { RunConfig } from "../../src/records/run-record.js";
import { runConfigOf, runEvolution } from "../../src/core/evolve/run.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { generateWorld } from "../../src/sim/generate.js";
import { createSimRoles } from "../support/sim-roles/roles.js";
import { worldHashes, worldInputs } from "../../src/sim/world-inputs.js";

const base = runConfigOf(EvolveConfig.parse({ maxIterations: 3, seed: 2 }));
const inputs = { bank: "b", cases: "c", pool: "p" };

describe("evaluation knobs in the run config", () => {
  it("a config written before the knobs existed still parses, without them", () => {
    const parsed = RunConfig.parse(JSON.parse(JSON.stringify(base)));
    expect(parsed.savings).toBeUndefined();
    expect(RunConfig.parse({ ...base, savings: false, parallelCases: 4, bootstrap: 500 })).toMatchObject({
      savings: false,
      parallelCases: 4,
      bootstrap: 500,
    });
  });

  it("a resume treats an absent knob as its default and refuses a different one", () => {
    const spelled = { ...base, savings: true, parallelCases: 1, bootstrap: 10_000 };
    expect(resumeMismatch({ inputs, config: base }, inputs, spelled)).toEqual([]);
    expect(resumeMismatch({ inputs, config: base }, inputs, { ...base, parallelCases: 4 })).toEqual([
      "config.parallelCases: checkpoint 1, now 4",
    ]);
    expect(resumeMismatch({ inputs, config: { ...base, savings: false } }, inputs, base)).toEqual([
      "config.savings: checkpoint false, now true",
    ]);
  });
});

describe("ParentSelector", () => {
  it("round-robin takes members in order of birth", () => {
    const m = (id: string, born: number): MemberState => ({
      id,
      born,
      sources: {},
      changes: [],
      results: [],
    });
    const frontier = [m("c", 2), m("a", 0), m("b", 1)];
    const history = { iterations: [], archive: [], root: "a" };
    expect([1, 2, 3, 4].map((t) => roundRobin.selectParent(frontier, t, history).id)).toEqual([
      "a",
      "b",
      "c",
      "a",
    ]);
  });

  it("a selector passed in decides every iteration's parent", async () => {
    const world = generateWorld({ seed: 2, rules: 12 });
    const w = worldInputs(world);
    const picked: string[] = [];
    const newest: ParentSelector = {
      selectParent(frontier) {
        const p = [...frontier].sort((a, b) => b.born - a.born)[0]!;
        picked.push(p.id);
        return p;
      },
    };
    const { record } = await runEvolution(
      {
        bank: w.bank,
        cases: w.cases,
        pool: w.pool,
        categories: world.categories,
        config: { ...base, bootstrap: 100 },
        simulated: true,
        inputs: worldHashes(world, w),
      },
      {
        roles: createSimRoles(world),
        runner: createSimAgent(world),
        now: () => new Date(0),
        parents: newest,
      },
    );
    expect(record.iterations.length).toBeGreaterThan(0);
    expect(record.iterations.map((i) => i.parent)).toEqual(picked);
  });
});
