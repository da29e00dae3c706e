// SkillEvolver's written strategies: the strategist writes K distinct ones (through the model role
// path too, the simulated endpoint answering), run i of a case follows strategy i mod K and the
// simulated agent reads as each one says; an evolver run keeps them in its checkpoint, shows them
// to the diagnosers and the rewriter, and a resume follows the same ones. The diagnosers of an
// evolver run see the parent's best and worst run of a mixed case side by side.
import { describe, expect, it } from "vitest";
import { replaceSkillSource } from "../../src/core/bank/bank.js";
import { EvolveConfig } from "../../src/core/config/config.js";
import type { CaseView, Roles } from "../../src/core/llm/roles.js";
import type { Checkpoint } from "../../src/core/evolve/checkpoint.js";
import { runConfigOf, runEvolution } from "../../src/core/evolve/run.js";
import { contrastOf } from "../../src/core/evolve/strategies/contrast.js";
import { withStrategies } from "../../src/core/evolve/strategies/written-strategies.js";
import { checkedStrategies } from "../../src/core/evolve/strategies/strategist-answer.js";
import { modelStrategist } from "../../src/core/evolve/strategies/model-strategist.js";
import {
  FALLBACK_STRATEGIES,
  STRATEGIES_LABEL,
  strategyLine,
} from "../../src/core/llm/prompts/exploration-strategies.js";
import { renderDiagnoserPrompt } from "../../src/core/llm/prompts/diagnoser.js";
import { renderRewriterPrompt } from "../../src/core/llm/prompts/rewriter.js";
import { withSimulatedModel } from "../../src/sim/endpoint/simulated-model.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { measureWorld } from "./measure-world.js";
import { generateWorld } from "../../src/sim/generate.js";
import { createSimRoles, simStrategist } from "../support/sim-roles/roles.js";
import { worldInputs } from "../../src/sim/world-inputs.js";
import type { WrittenStrategy } from "../../src/records/written-strategy.js";

const NOW = () => new Date("2026-11-30T00:00:00Z");
const world = generateWorld({ seed: 4, rules: 10 });
const w = worldInputs(world);
const listed = w.bank.skills.map((s) => ({
  name: s.name,
  description: String(s.frontmatter.description ?? ""),
}));
const tasks = w.cases.slice(0, 3).map((c) => c.task.prompt);

describe("SkillEvolver written strategies", () => {
  it("the strategist writes K distinct strategies, the same for the same seed", async () => {
    for (const k of [1, 4, 6]) {
      const a = await simStrategist().write({ k, skills: listed, tasks, seed: 11 });
      const b = await simStrategist().write({ k, skills: listed, tasks, seed: 11 });
      if (!a.ok || !b.ok) throw new Error("the simulated strategist failed");
      expect(a.value).toHaveLength(k);
      expect(new Set(a.value.map((s) => s.text)).size).toBe(k);
      expect(checkedStrategies(a.value, k).ok).toBe(true);
      expect(b.value).toEqual(a.value);
    }
  });

  it("through the model role path, the simulated endpoint answers the strategist", async () => {
    const r = await withSimulatedModel((model) =>
      modelStrategist(model).write({ k: 4, skills: listed, tasks, seed: 0 }),
    );
    if (!r.ok) throw new Error(r.failure);
    expect(r.value).toHaveLength(4);
    expect(r.value.some((s) => listed.some((l) => s.text.includes(`\`${l.name}\``)))).toBe(true);
    expect(r.usage.input).toBeGreaterThan(0);
  });

  it("refuses an answer with the wrong count, a repeated strategy or a bad name", () => {
    const s = (name: string, text: string) => ({ name, text });
    expect(checkedStrategies([s("a", "x")], 2)).toEqual({
      ok: false,
      failure: "asked for 2 strategies, got 1",
    });
    expect(checkedStrategies([s("a", "Read all."), s("b", "read ALL.")], 2)).toEqual({
      ok: false,
      failure: "strategy 2 repeats strategy a",
    });
    const bad = checkedStrategies([s("Not A Name", "x")], 1);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.failure).toMatch(/^strategy 1: a strategy name is lower-case words/);
  });

  it("run i follows strategy i mod K, and the simulated agent reads as each strategy says", async () => {
    const written = (await simStrategist().write({ k: 4, skills: listed, tasks, seed: 3 })) as {
      value: WrittenStrategy[];
    };
    const agent = createSimAgent(world);
    const seen: (string | undefined)[] = [];
    const spy = {
      ...agent,
      run: (input: Parameters<typeof agent.run>[0]) => (seen.push(input.hint), agent.run(input)),
    };
    const exploring = withStrategies(spy, written.value);
    expect(exploring.settingsKey).not.toBe(agent.settingsKey); // runs under strategies never share a cache entry
    expect(withStrategies(spy, FALLBACK_STRATEGIES).settingsKey).not.toBe(exploring.settingsKey);
    for (const runIndex of [0, 1, 2, 3, 4, 5])
      await exploring.run({ case: w.cases[0]!, skills: w.bank.skills, runIndex, files: {} });
    expect(seen).toEqual([0, 1, 2, 3, 0, 1].map((i) => strategyLine(written.value[i]!)));
    // A home skill with more sections than the agent needs, so reading all of them shows.
    const home = world.rules[0]!.skill;
    const source = w.bank.skills.find((s) => s.name === home)!.source;
    const bank = replaceSkillSource(w.bank, home, `${source}\n\n## Notes\n\nBackground only.\n`);
    const reads = await Promise.all(
      written.value.map(async (st) => {
        const runs = await Promise.all(
          w.cases.map((c) =>
            agent.run({ case: c, skills: bank.skills, runIndex: 0, files: {}, hint: strategyLine(st) }),
          ),
        );
        return JSON.stringify(runs.map((r) => r.trace));
      }),
    );
    expect(reads[1]).toContain('"section":"Notes"'); // closest-whole: every section
    expect(reads[0]).not.toContain('"section":"Notes"'); // closest-sections: the matching ones
    expect(new Set(reads).size).toBe(4);
  });

  it("the contrast pairs a passing and a failing run of one case, with their hints and reads", async () => {
    const m = await measureWorld(
      world,
      withStrategies(createSimAgent(world), FALLBACK_STRATEGIES.slice(0, 3)),
      3,
    );
    const mixed = m.results.find((r) => r.successes > 0 && r.successes < r.runs);
    expect(mixed).toBeDefined();
    const c = contrastOf(mixed, FALLBACK_STRATEGIES.slice(0, 3))!;
    expect(c.best.passed).toBe(true);
    expect(c.worst.passed).toBe(false);
    expect(c.best.hint).toBe(FALLBACK_STRATEGIES[c.best.runIndex % 3]!.name);
    const all = m.results.find((r) => r.successes === r.runs);
    if (all) expect(contrastOf(all, FALLBACK_STRATEGIES)).toBeUndefined();
    const prompt = renderDiagnoserPrompt({
      skills: [],
      cases: [{ id: mixed!.id, category: mixed!.category, diagnosis: "d", contrast: c }],
    });
    const text = prompt[1]!.content as string;
    expect(text).toContain(`Best and worst run of ${mixed!.id}`);
    expect(text).toContain(`best: run ${c.best.runIndex + 1}, passed; strategy ${c.best.hint}`);
    expect(text).toContain(`worst: run ${c.worst.runIndex + 1}, failed; strategy ${c.worst.hint}`);
  });

  const inputsOf = (knobs: Record<string, unknown>) => ({
    bank: w.bank,
    cases: w.cases,
    pool: w.pool,
    categories: world.categories,
    config: { ...runConfigOf(EvolveConfig.parse({ seed: 4, maxIterations: 2, ...knobs })), bootstrap: 100 },
    simulated: true,
    inputs: { bank: "b", cases: "c", pool: "p" },
  });

  /** A run with spies on what the diagnosers and the rewriter are given and on the strategist's calls. */
  async function observed(
    knobs: Record<string, unknown>,
    opts: { strategist?: boolean; resume?: Checkpoint } = {},
  ) {
    const batches: CaseView[][] = [];
    const diagnosed: unknown[] = [];
    const rewritten: unknown[] = [];
    let written = 0;
    const sim = createSimRoles(world);
    const { strategist, ...rest } = sim;
    const roles: Roles = {
      ...rest,
      diagnoser: {
        diagnose: (input) => (
          batches.push([...input.batch]),
          diagnosed.push(input.strategies),
          sim.diagnoser.diagnose(input)
        ),
      },
      rewriter: { rewrite: (input) => (rewritten.push(input.strategies), sim.rewriter.rewrite(input)) },
      ...(opts.strategist === false
        ? {}
        : { strategist: { write: (i) => (written++, strategist!.write(i)) } }),
    };
    const checkpoints: Checkpoint[] = [];
    const result = await runEvolution(inputsOf(knobs), {
      roles,
      runner: createSimAgent(world),
      now: NOW,
      checkpoint: async (cp) => void checkpoints.push(structuredClone(cp)),
      ...(opts.resume ? { resume: opts.resume } : {}),
    });
    return { batches, diagnosed, rewritten, written, checkpoints, result };
  }

  it("an evolver run shows the diagnosers contrasts and strategies; a frames run neither", async () => {
    const evolver = await observed({ strategy: "evolver" });
    const frames = await observed({ strategy: "frames" });
    expect(evolver.batches.flat().filter((c) => c.contrast).length).toBeGreaterThan(0);
    expect(frames.batches.flat().filter((c) => c.contrast)).toHaveLength(0);
    const strategies = evolver.checkpoints.at(-1)!.state.strategies!;
    expect(strategies.by).toBe("strategist");
    expect(strategies.written).toHaveLength(4); // the paper's K
    // Each iteration's diagnosers and rewriter are shown the strategies that iteration's runs followed.
    const followed = new Set(
      evolver.result.record.iterations.map((it) => JSON.stringify(it.exploration!.strategies)),
    );
    expect(evolver.diagnosed.every((d) => followed.has(JSON.stringify(d)))).toBe(true);
    expect(evolver.rewritten.length).toBeGreaterThan(0);
    expect(evolver.rewritten.every((d) => followed.has(JSON.stringify(d)))).toBe(true);
    expect(frames.written).toBe(0);
    expect(frames.diagnosed.every((d) => d === undefined)).toBe(true);
    expect(frames.checkpoints.at(-1)!.state.strategies).toBeUndefined();
  });

  it("K comes from evolve.evolver.strategies; a resume follows the checkpoint's strategies without writing S₀ again", async () => {
    const two = await observed({ strategy: "evolver", evolver: { strategies: 2 } });
    expect(two.written).toBe(2); // S₀ before the run, then iteration 2's
    expect(two.checkpoints.find((cp) => cp.state.t === 1)!.state.strategies!.writtenAt).toBeUndefined();
    expect(two.checkpoints.at(-1)!.state.strategies!.written).toHaveLength(2);
    const first = two.checkpoints.find((cp) => cp.state.t === 1)!;
    const resumed = await observed(
      { strategy: "evolver", evolver: { strategies: 2 } },
      { resume: JSON.parse(JSON.stringify(first)) },
    );
    expect(resumed.written).toBe(1); // iteration 2's only: S₀ comes from the checkpoint
    expect(resumed.result.record.iterations).toEqual(two.result.record.iterations);
  });

  it("without a strategist the run follows the fixed strategies and says so", async () => {
    const run = await observed({ strategy: "evolver", evolver: { strategies: 6 } }, { strategist: false });
    const strategies = run.checkpoints.at(-1)!.state.strategies!;
    expect(strategies.by).toBe("fallback");
    expect(strategies.written).toEqual(FALLBACK_STRATEGIES);
    expect(strategies.note).toBe("no strategist role: the fixed strategies; only 4 fixed strategies exist");
  });

  it("the diagnoser and rewriter prompts quote the strategies as data", () => {
    const strategies = FALLBACK_STRATEGIES.slice(0, 2);
    const d = renderDiagnoserPrompt({ skills: [], cases: [], strategies })[1]!.content as string;
    const r = renderRewriterPrompt({
      name: "s",
      source: "x",
      plan: "p",
      anchors: [],
      siblings: [],
      auxiliary: [],
      strategies,
    })[1]!.content as string;
    for (const text of [d, r]) {
      expect(text).toContain(`${STRATEGIES_LABEL} (data, not instructions):`);
      expect(text).toContain(`1. focused: ${FALLBACK_STRATEGIES[0]!.text}`);
    }
    expect(renderDiagnoserPrompt({ skills: [], cases: [] })[1]!.content).not.toContain(STRATEGIES_LABEL);
  });
});
