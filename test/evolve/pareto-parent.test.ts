// Instance-level Pareto parent selection (SkillSmith §A.8; GEPA): the per-case fronts, the pool
// without dominated members, draws weighted by fronts led and fixed by seed and t; end to end, a
// killed run resumed from its checkpoint picks the parents an uninterrupted run picks; the flag and
// the config key reach the run and refuse strategies with their own selector.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { engineConfig, type EvolveFlags } from "../../src/apps/cli/evolve/evolve-flags.js";
import { UsageError } from "../../src/apps/cli/context.js";
import { worldRunInputs } from "../../src/apps/cli/evolve/world-run-inputs.js";
import { Config, EvolveConfig } from "../../src/core/config/config.js";
import type { Checkpoint, MemberState } from "../../src/core/evolve/checkpoint.js";
import { runConfigOf, runEvolution } from "../../src/core/evolve/run.js";
import { EvolveInputError } from "../../src/core/evolve/start.js";
import {
  instanceFronts,
  paretoInstanceSelector,
  paretoPool,
} from "../../src/core/evolve/strategies/pareto-instance.js";
import type { CaseResult } from "../../src/records/eval-record.js";
import { generateWorld } from "../../src/sim/generate.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { createSimRoles } from "../support/sim-roles/roles.js";
import { resumeComparable } from "./resume-comparable.js";

const result = (id: string, passAtK: number) => ({ id, passAtK }) as CaseResult;
const member = (id: string, born: number, scores: Record<string, number>): MemberState => ({
  id,
  born,
  sources: {},
  changes: [],
  results: Object.entries(scores).map(([c, s]) => result(c, s)),
});
const history = (archive: MemberState[] = []) => ({ iterations: [], archive, root: "p0" });

describe("instance-level Pareto fronts and pool", () => {
  const p0 = member("p0", 0, { a: 1, b: 0, c: 0, d: 0 });
  const x = member("x", 1, { a: 1, b: 1, c: 0, d: 0 });
  const y = member("y", 2, { a: 0, b: 0, c: 0.5, d: 0 });
  const z = member("z", 3, { a: 0, b: 0.5, c: 0.5, d: 0 });

  it("a case's front is the members with its best score; a case nobody passes has none", () => {
    const fronts = instanceFronts([p0, x, y, z]);
    expect([...fronts]).toEqual([
      ["a", ["p0", "x"]],
      ["b", ["x"]],
      ["c", ["y", "z"]],
    ]);
  });

  it("drops members every one of whose fronts another member holds, keeping each front non-empty", () => {
    const fronts = instanceFronts([p0, x, y, z]);
    const pool = paretoPool([p0, x, y, z], fronts);
    // p0 leads only `a`, which x leads too; of y and z (both only on `c`) the weaker, y, goes.
    expect([...pool].sort()).toEqual([
      ["x", 2],
      ["z", 1],
    ]);
    for (const ids of fronts.values()) expect(ids.some((id) => pool.has(id))).toBe(true);
  });

  it("draws members by the fronts they lead, from the archive too", () => {
    const select = paretoInstanceSelector(3);
    const picks = new Map<string, number>();
    for (let t = 1; t <= 600; t++) {
      const p = select.selectParent([p0, x], t, history([y, z])).id;
      picks.set(p, (picks.get(p) ?? 0) + 1);
    }
    expect([...picks.keys()].sort()).toEqual(["x", "z"]);
    // x leads two cases, z one: x is drawn about twice as often (600 draws, so far from the edges).
    expect(picks.get("x")! / picks.get("z")!).toBeGreaterThan(1.5);
    expect(picks.get("x")! / picks.get("z")!).toBeLessThan(2.7);
  });

  it("falls back to round-robin over the frontier while no case has a front", () => {
    const zero = member("p0", 0, { a: 0 });
    const other = member("q", 1, { a: 0 });
    const select = paretoInstanceSelector(1);
    expect([1, 2, 3].map((t) => select.selectParent([zero, other], t, history()).id)).toEqual([
      "p0",
      "q",
      "p0",
    ]);
  });

  const memberArb = (id: string, born: number) =>
    fc
      .array(fc.constantFrom(0, 1 / 3, 2 / 3, 1), { minLength: 5, maxLength: 5 })
      .map((s) => member(id, born, Object.fromEntries(s.map((v, i) => [`case-${i}`, v]))));
  const membersArb = fc
    .integer({ min: 1, max: 7 })
    .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => memberArb(`m${i}`, i))))
    .chain((ms) => fc.tuple(fc.constant(ms), fc.integer({ min: 1, max: ms.length })));

  it("property: the parent is on some per-instance front, and the same (seed, t, state) picks the same parent after a checkpoint round trip", () => {
    fc.assert(
      fc.property(membersArb, fc.integer(), fc.integer({ min: 1, max: 50 }), ([ms, onFrontier], seed, t) => {
        const frontier = ms.slice(0, onFrontier);
        const h = history(ms.slice(onFrontier));
        const parent = paretoInstanceSelector(seed).selectParent(frontier, t, h);
        const fronts = instanceFronts(ms);
        expect(ms.some((m) => m.id === parent.id)).toBe(true);
        if (fronts.size > 0) expect([...fronts.values()].some((ids) => ids.includes(parent.id))).toBe(true);
        else expect(frontier.some((m) => m.id === parent.id)).toBe(true);
        // What a resumed run sees: the checkpoint's state, read back from JSON, and a fresh selector.
        const [f2, h2] = JSON.parse(JSON.stringify([frontier, h])) as [MemberState[], typeof h];
        expect(paretoInstanceSelector(seed).selectParent(f2, t, h2).id).toBe(parent.id);
      }),
      { numRuns: 300 },
    );
  });
});

const NOW = () => new Date("2026-11-30T00:00:00Z");
const SEED = 5; // a world whose parents after iteration 4 differ

function setup(seed: number, knobs: Partial<EvolveConfig> = {}) {
  const world = generateWorld({ seed, rules: 10 });
  const config = {
    ...runConfigOf(EvolveConfig.parse({ seed, parentSelection: "pareto-instance", ...knobs })),
    bootstrap: 100,
  };
  const { inputs } = worldRunInputs(world, config);
  return { inputs, roles: createSimRoles(world), runner: createSimAgent(world) };
}

const run = (s: ReturnType<typeof setup>, extra: Partial<Parameters<typeof runEvolution>[1]> = {}) =>
  runEvolution(s.inputs, { roles: s.roles, runner: s.runner, now: NOW, ...extra });

describe("pareto-instance in a run", () => {
  it("a run resumed from a mid-run checkpoint picks the parents an uninterrupted run picks", async () => {
    const knobs = { maxIterations: 8, patience: 8, frontierCap: 2 };
    const checkpoints: Checkpoint[] = [];
    const whole = await run(setup(SEED, knobs), {
      checkpoint: async (cp) => void checkpoints.push(structuredClone(cp)),
    });
    expect(whole.record.config.parentSelection).toBe("pareto-instance");
    const parents = whole.record.iterations.map((i) => i.parent);
    const mid = checkpoints.find((cp) => cp.state.t === 4)!;
    expect(new Set(parents.slice(4)).size).toBeGreaterThan(1); // the parents after the cut differ
    expect(mid.state.archive).toBeDefined(); // the selector archives, so members off the frontier stay pickable
    const resumed = await run(setup(SEED, knobs), { resume: JSON.parse(JSON.stringify(mid)) });
    expect(resumed.record.iterations.map((i) => i.parent)).toEqual(parents);
    expect(resumeComparable(resumed.record)).toEqual(resumeComparable(whole.record));
  }, 60_000);

  it("a strategy with its own selector refuses it", async () => {
    await expect(run(setup(2, { strategy: "neo" }))).rejects.toThrow(EvolveInputError);
    await expect(run(setup(2, { strategy: "greedy" }))).rejects.toThrow(
      'parentSelection "pareto-instance" applies to the frames and evolver strategies; "greedy" selects its own parents',
    );
  });
});

describe("--parent-selection and evolve.parentSelection", () => {
  const flags = (f: Partial<EvolveFlags> = {}) => f as EvolveFlags;

  it("is absent unless set, read from the file, overridden by the flag", () => {
    expect(engineConfig(Config.parse({}), flags())).not.toHaveProperty("parentSelection");
    const file = Config.parse({ evolve: { parentSelection: "pareto-instance" } });
    expect(engineConfig(file, flags()).parentSelection).toBe("pareto-instance");
    expect(engineConfig(file, flags({ parentSelection: "round-robin" })).parentSelection).toBe("round-robin");
  });

  it("refuses an unknown value and a strategy that selects its own parents", () => {
    expect(() => engineConfig(Config.parse({}), flags({ parentSelection: "tournament" }))).toThrow(
      '--parent-selection must be round-robin or pareto-instance, got "tournament"',
    );
    expect(() => Config.parse({ evolve: { parentSelection: "tournament" } })).toThrow(
      /parentSelection must be \\"round-robin\\" or \\"pareto-instance\\", got \\"tournament\\"/,
    );
    expect(() =>
      engineConfig(Config.parse({}), flags({ parentSelection: "pareto-instance", strategy: "neo" })),
    ).toThrow(UsageError);
  });
});
