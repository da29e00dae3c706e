// Tool scripts in fault localisation's spectrum: in the tool-defect world (simulated), the agent's
// runs of a defect rule run the rule's script (a script-ran trace event, the in-process agent's as
// the reference runner's `run_script`), so the script is a component of its own, ranked beside the
// skills and sections and typed as a `tool` repair site.
import { describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/core/config/config.js";
import { measure } from "../../src/core/evolve/measure.js";
import { rankSuspects } from "../../src/core/evolve/localise/ochiai.js";
import { spectrumOf } from "../../src/core/evolve/localise/spectrum.js";
import { runConfigOf } from "../../src/core/evolve/run.js";
import { generateWorld } from "../../src/sim/generate.js";
import { withToolDefects } from "../../src/sim/tool-world.js";
import { worldBank } from "../../src/sim/world-inputs.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { runSimulatedEvolution } from "../support/sim-roles/run.js";

const world = withToolDefects(generateWorld({ seed: 2000, rules: 12 }));
const defects = world.tools!.defects;
/** `<skill>/scripts/check_x.py` as the trace names it (skill name = folder in generated worlds). */
const tools = defects.map((d) => d.path);

describe("tool scripts in the spectrum (simulated tool-defect world)", () => {
  it("a defect rule's runs name its script; other runs name none", async () => {
    const bank = worldBank(world);
    const m = await measure({
      skills: bank.skills,
      cases: world.evolution.map((wc) => wc.case),
      categories: world.categories,
      runner: createSimAgent(world),
      n: 3,
      k: 3,
    });
    const ruleOf = new Map(world.evolution.map((wc) => [wc.case.id, wc.rule]));
    for (const r of m.results)
      for (const d of r.runDetails) {
        const defect = defects.find((x) => x.rules.includes(ruleOf.get(r.id)!));
        expect(d.scriptsRun ?? []).toEqual(defect ? [defect.path] : []);
      }
    const ranked = rankSuspects(spectrumOf(m.results));
    // A defect rule's script is touched only by its own runs, and they all fail (no passing run).
    for (const d of defects) {
      const runs = m.results
        .filter((r) => d.rules.includes(ruleOf.get(r.id)!))
        .reduce((s, r) => s + r.runDetails.length, 0);
      expect(runs).toBeGreaterThan(0);
      expect(ranked.find((s) => s.component === d.path)).toMatchObject({ ef: runs, ep: 0 });
    }
  });

  it("the iteration's localisation records the scripts as tool sites", async () => {
    const config = {
      ...runConfigOf(EvolveConfig.parse({ seed: 0, maxIterations: 1 })),
      bootstrap: 50,
      localisation: true,
    };
    const { record } = await runSimulatedEvolution(world, config, {
      now: fixedClock("2026-11-30T00:00:00Z"),
    });
    const entries = record.iterations[0]!.localisation!;
    const recorded = entries.filter((e) => e.kind === "tool").map((e) => e.component);
    expect(recorded.length).toBeGreaterThan(0);
    for (const c of recorded) expect(tools).toContain(c);
  });
});
