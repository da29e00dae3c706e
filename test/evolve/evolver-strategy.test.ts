// SkillEvolver: each of a case's runs carries a different strategy hint, and the simulated agent
// reads differently under each; the diagnosers of an evolver run see the parent's best and worst
// run of a mixed case side by side, in the model prompt too.
import { describe, expect, it } from "vitest";
import { replaceSkillSource } from "../../src/core/bank/bank.js";
import { EvolveConfig } from "../../src/core/config/config.js";
import type { CaseView, Roles } from "../../src/core/llm/roles.js";
import { runConfigOf, runEvolution } from "../../src/core/evolve/run.js";
import { contrastOf } from "../../src/core/evolve/strategies/contrast.js";
import { withStrategyHints } from "../../src/core/evolve/strategies/strategy-hints.js";
import { hintFor, STRATEGY_HINTS } from "../../src/core/llm/prompts/strategy-hints.js";
import { scopeSkills } from "../../src/core/evolve/context.js";
import { measure } from "../../src/core/evolve/measure.js";
import { renderDiagnoserPrompt } from "../../src/core/llm/prompts/diagnoser.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { generateWorld } from "../../src/sim/generate.js";
import { createSimRoles } from "../support/sim-roles/roles.js";
import { worldInputs } from "../../src/sim/world-inputs.js";

const NOW = () => new Date("2026-11-30T00:00:00Z");
const world = generateWorld({ seed: 4, rules: 10 });
const w = worldInputs(world);

describe("SkillEvolver strategy hints", () => {
  it("gives each of three runs a different hint, and the simulated agent reads differently under them", async () => {
    expect(new Set([0, 1, 2].map((i) => hintFor(i).name)).size).toBe(3);
    expect(hintFor(3)).toBe(STRATEGY_HINTS[0]);
    const agent = createSimAgent(world);
    const hinted = withStrategyHints(agent);
    expect(hinted.settingsKey).not.toBe(agent.settingsKey); // hinted runs never share a cache entry
    // A home skill with more sections than the agent needs, so reading all of them shows.
    const home = world.rules[0]!.skill;
    const source = w.bank.skills.find((s) => s.name === home)!.source;
    const bank = replaceSkillSource(w.bank, home, `${source}\n\n## Notes\n\nBackground only.\n`);
    const cases = w.cases.filter(
      (c) => world.evolution.find((e) => e.case.id === c.id)?.rule === world.rules[0]!.id,
    );
    const reads = await Promise.all(
      STRATEGY_HINTS.map(async (h) => {
        const runs = await Promise.all(
          cases.map((c) => agent.run({ case: c, skills: bank.skills, runIndex: 0, files: {}, hint: h.text })),
        );
        return JSON.stringify(runs.map((r) => r.trace));
      }),
    );
    expect(reads[1]).toContain('"section":"Notes"');
    expect(reads[0]).not.toContain('"section":"Notes"');
    expect(new Set(reads).size).toBe(3);
  });

  it("the contrast pairs a passing and a failing run of one case, with their hints and reads", async () => {
    const m = await measure({
      skills: scopeSkills(
        w.bank,
        w.bank.skills.map((s) => s.name),
      ),
      cases: w.cases,
      categories: world.categories,
      runner: withStrategyHints(createSimAgent(world)),
      n: 3,
      k: 3,
    });
    const mixed = m.results.find((r) => r.successes > 0 && r.successes < r.runs);
    expect(mixed).toBeDefined();
    const c = contrastOf(mixed, true)!;
    expect(c.best.passed).toBe(true);
    expect(c.worst.passed).toBe(false);
    expect(c.best.hint).toBe(hintFor(c.best.runIndex).name);
    const all = m.results.find((r) => r.successes === r.runs);
    if (all) expect(contrastOf(all, true)).toBeUndefined();
    const prompt = renderDiagnoserPrompt({
      skills: [],
      cases: [{ id: mixed!.id, category: mixed!.category, diagnosis: "d", contrast: c }],
    });
    const text = prompt[1]!.content as string;
    expect(text).toContain(`Best and worst run of ${mixed!.id}`);
    expect(text).toContain(`best: run ${c.best.runIndex + 1}, passed; strategy ${c.best.hint}`);
    expect(text).toContain(`worst: run ${c.worst.runIndex + 1}, failed; strategy ${c.worst.hint}`);
  });

  it("an evolver run shows the diagnosers contrasts; a frames run does not", async () => {
    const seen = async (strategy: "frames" | "evolver") => {
      const batches: CaseView[][] = [];
      const sim = createSimRoles(world);
      const roles: Roles = {
        ...sim,
        diagnoser: { diagnose: (input) => (batches.push([...input.batch]), sim.diagnoser.diagnose(input)) },
      };
      const config = {
        ...runConfigOf(EvolveConfig.parse({ seed: 4, maxIterations: 2, strategy })),
        bootstrap: 100,
      };
      await runEvolution(
        {
          bank: w.bank,
          cases: w.cases,
          pool: w.pool,
          categories: world.categories,
          config,
          simulated: true,
          inputs: { bank: "b", cases: "c", pool: "p" },
        },
        { roles, runner: createSimAgent(world), now: NOW },
      );
      return batches.flat().filter((c) => c.contrast).length;
    };
    expect(await seen("evolver")).toBeGreaterThan(0);
    expect(await seen("frames")).toBe(0);
  });
});
