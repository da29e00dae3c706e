// Counterfactual confirmation of repair sites (SkillSmith §3.3) through the engine, on a simulated
// world whose culprit is known: one rule's home skill holds its clause in `## Checks` and its decoy
// in a `## Notes` section the agent reads first, so the rule's runs fail (every other rule passes).
// Masking Notes lets them pass (confirmed: the content there is wrong); masking Checks does not
// (refuted: the section becomes `missing`). The re-runs are real agent runs, counted in the run's
// executions, served from the cache when they repeat.
import { describe, expect, it } from "vitest";
import { createMemoryCache } from "../../src/core/evaluate/cache.js";
import { RunRecord, type RunConfig } from "../../src/records/run-record.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { runSimulatedEvolution } from "../support/sim-roles/run.js";
import { createSimRoles } from "../support/sim-roles/roles.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { runEvolution } from "../../src/core/evolve/run.js";
import { worldRunInputs } from "../../src/apps/cli/evolve/world-run-inputs.js";
import { renderRewriterPrompt } from "../../src/core/llm/prompts/rewriter.js";
import type { RewriteInput } from "../../src/core/llm/roles.js";
import { localisationConfig, worldWithCulprit } from "../support/culprit-world.js";

const CLOCK = fixedClock("2026-11-30T00:00:00Z");
const config = localisationConfig;

describe("counterfactual confirmation of the top repair sites", () => {
  // The decoy in a section of its own, read before Checks (the rule's holder section in the world).
  const { world, culprit } = worldWithCulprit((source, c) =>
    source.replace("## Checks", `## Notes\n\n- ${c.decoy}\n\n## Checks`),
  );

  it("confirms the section holding the decoy and turns the refuted Checks section into a missing site", async () => {
    const { record } = await runSimulatedEvolution(world, config({ confirmSites: 2 }), { now: CLOCK });
    expect(RunRecord.parse(record)).toEqual(record);
    const it1 = record.iterations[0]!;
    const failing = world.evolution
      .filter((wc) => wc.rule === culprit.id)
      .map((wc) => wc.case.id)
      .sort();
    expect(it1.confirmations).toEqual([
      expect.objectContaining({
        component: `${culprit.skill}#Notes`,
        action: "masked",
        verdict: "confirmed",
        before: 0,
        after: 1,
      }),
      expect.objectContaining({
        component: `${culprit.skill}#Checks`,
        action: "masked",
        verdict: "refuted",
        before: 0,
        after: 0,
      }),
    ]);
    for (const c of it1.confirmations!) expect([...c.cases].sort()).toEqual(failing);
    expect(it1.localisation!.slice(0, 2).map((l) => [l.component, l.kind])).toEqual([
      [`${culprit.skill}#Notes`, "section"],
      [`${culprit.skill}#Checks`, "missing"],
    ]);
    // The diagnoser removed the decoy, and the child passes the gate.
    expect(it1.plan.map((p) => p.skill)).toEqual([culprit.skill]);
    expect(it1.gate.admitted).toBe(true);
  });

  it("counts the re-runs as executions, and a repeated check is served from the cache", async () => {
    const off = await runSimulatedEvolution(world, config({ confirmSites: 0 }), { now: CLOCK });
    const cache = createMemoryCache();
    const on = await runSimulatedEvolution(world, config({ confirmSites: 2 }), { now: CLOCK, cache });
    const checks = on.record.iterations[0]!.confirmations!;
    const executed = checks.reduce((s, c) => s + c.executions, 0);
    expect(executed).toBeGreaterThan(0);
    expect(checks.every((c) => c.runs >= c.executions)).toBe(true);
    expect(on.record.executions.run).toBe(off.record.executions.run + executed);
    const again = await runSimulatedEvolution(world, config({ confirmSites: 2 }), { now: CLOCK, cache });
    const repeated = again.record.iterations[0]!.confirmations!;
    expect(repeated.map((c) => c.executions)).toEqual(repeated.map(() => 0));
    expect(repeated.map((c) => c.verdict)).toEqual(checks.map((c) => c.verdict));
  });

  it("checks no more sites than confirmSites, and none when it is 0", async () => {
    const one = await runSimulatedEvolution(world, config({ confirmSites: 1 }), { now: CLOCK });
    expect(one.record.iterations[0]!.confirmations!.map((c) => c.component)).toEqual([
      `${culprit.skill}#Notes`,
    ]);
    const none = await runSimulatedEvolution(world, config({ confirmSites: 0 }), { now: CLOCK });
    expect(none.record.iterations[0]!.confirmations).toBeUndefined();
    expect(none.record.iterations[0]!.localisation!.length).toBeGreaterThan(0);
  });

  /** What each rewrite of iteration 1 was given, under these knobs. */
  async function rewritesOf(over: Partial<RunConfig>): Promise<RewriteInput[]> {
    const roles = createSimRoles(world);
    const seen: RewriteInput[] = [];
    const rewriter = { rewrite: (input: RewriteInput) => (seen.push(input), roles.rewriter.rewrite(input)) };
    const { inputs } = worldRunInputs(world, config(over));
    await runEvolution(inputs, { roles: { ...roles, rewriter }, runner: createSimAgent(world), now: CLOCK });
    return seen;
  }

  it("gives each rewrite the checked sites in its skill, as a quoted block of its prompt; none when off", async () => {
    const seen = await rewritesOf({ confirmSites: 2 });
    expect(seen.map((r) => r.skill.name)).toEqual([culprit.skill]);
    const sites = seen[0]!.sites!;
    expect(sites.every((s) => s.component.startsWith(culprit.skill))).toBe(true);
    expect(sites.slice(0, 2).map((s) => [s.component, s.kind, s.confirmation?.verdict])).toEqual([
      [`${culprit.skill}#Notes`, "section", "confirmed"],
      [`${culprit.skill}#Checks`, "missing", "refuted"],
    ]);
    const prompt = (input: RewriteInput) =>
      renderRewriterPrompt({
        name: input.skill.name,
        source: input.skill.source,
        plan: "REMOVE the decoy",
        anchors: [],
        siblings: [],
        auxiliary: [],
        ...(input.sites ? { sites: input.sites } : {}),
      })[1]!.content;
    expect(prompt(seen[0]!)).toContain("masked and re-run: confirmed, passing runs 0.00 → 1.00");
    const off = await rewritesOf({ localisation: false });
    expect(off.length).toBeGreaterThan(0);
    for (const r of off) {
      expect(r.sites).toBeUndefined();
      expect(prompt(r)).not.toContain("Where this skill's failing runs went");
    }
  });
});
