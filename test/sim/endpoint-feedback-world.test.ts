// The demo's world (the example feedback issues over skill-bank/) behind the simulated endpoint:
// the judge agrees with the world's verdict check, `judgeItems` puts judge items on the feedback
// cases, evaluating a case sends agent and judge requests through the real client, and a small
// evolution with the model-backed roles completes. Wall times are printed for the lead (simulated).
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG, EvolveConfig } from "../../src/core/config/config.js";
import { evaluateCase } from "../../src/core/evaluate/evaluate.js";
import { createReferenceRunner } from "../../src/io/runners/reference.js";
import type { EvolveInputs } from "../../src/core/evolve/context.js";
import { createModelRoles } from "../../src/core/evolve/model-roles.js";
import { runConfigOf, runEvolution } from "../../src/core/evolve/run.js";
import { judgeInWorld } from "../../src/sim/endpoint/judge.js";
import { buildFeedbackWorld } from "../../src/sim/feedback-world.js";
import { reportCriterion } from "../../src/sim/report-criterion.js";
import { worldHashes, worldInputs } from "../../src/sim/world-inputs.js";
import { CLOCK, connect, type Connected } from "./endpoint-support.js";
import { bankSkills, feedback } from "./feedback-examples.js";
import { TEST_CONTAINMENT } from "../support/containment.js";

let c: Connected | undefined;
afterEach(async () => c?.endpoint.close());

async function demoWorld() {
  const { cases, fixes } = await feedback();
  return buildFeedbackWorld({
    seed: 0,
    bank: { origin: "skill-bank", skills: await bankSkills() },
    cases,
    fixes,
    judgeItems: true,
  });
}

const runnerOf = (model: Connected["model"]) =>
  createReferenceRunner({
    containment: TEST_CONTAINMENT,
    model,
    modelSettings: model.settingsKey("agent"),
    maxTurns: 4,
    scriptTimeoutMs: 1000,
    maxOutputBytes: 10_000,
  });

describe("the demo's feedback world behind the simulated endpoint", () => {
  it("the simulated judge passes exactly the answers the verdict check passes", async () => {
    const world = await demoWorld();
    for (const rule of world.rules)
      for (const verdict of [`report-${rule.words[2]}`, `no-report-${rule.words[2]}`, "no-finding"])
        expect(judgeInWorld(world.rules, reportCriterion(rule), JSON.stringify({ verdict })).pass).toBe(
          verdict === `report-${rule.words[2]}`,
        );
  });

  it("judgeItems gives each feedback case a judge item beside its verdict check; synthetic cases keep the check only", async () => {
    const world = await demoWorld();
    const fb = world.evolution.filter((w) => w.case.id.startsWith("issue-"));
    expect(fb.length).toBeGreaterThan(0);
    for (const w of fb) expect(w.case.task.rubric.map((i) => i.type)).toEqual(["equals", "judge"]);
    const synth = world.evolution.filter((w) => !w.case.id.startsWith("issue-"));
    for (const w of synth) expect(w.case.task.rubric.map((i) => i.type)).toEqual(["equals"]);
  });

  it("evaluating a feedback case sends agent and judge requests; a small evolution with model roles completes", async () => {
    const world = await demoWorld();
    c = await connect(world);
    const w = worldInputs(world);
    const fbCase = w.cases.find((x) => x.id.startsWith("issue-"))!;
    let t0 = performance.now();
    const result = await evaluateCase({
      case: fbCase,
      skills: w.bank.skills,
      runner: runnerOf(c.model),
      n: 1,
      k: 1,
      judge: c.model,
    });
    const oneCase = performance.now() - t0;
    expect(result.runs).toBe(1);
    expect(new Set(c.endpoint.requests.map((r) => r.role))).toEqual(new Set(["agent", "judge"]));
    expect(result.runDetails[0]!.items?.find((i) => i.type === "judge")?.failure).toBeUndefined();

    const inputs: EvolveInputs = {
      bank: w.bank,
      cases: w.cases,
      pool: w.pool,
      categories: world.categories,
      config: {
        ...runConfigOf(EvolveConfig.parse({ ...DEFAULT_CONFIG.evolve, maxIterations: 2 })),
        bootstrap: 200,
      },
      simulated: true,
      inputs: worldHashes(world, w),
    };
    const before = c.endpoint.requests.length;
    t0 = performance.now();
    const { record } = await runEvolution(inputs, {
      roles: createModelRoles(c.model),
      runner: runnerOf(c.model),
      judge: c.model,
      ledger: c.model.ledger,
      now: CLOCK,
    });
    const evolution = performance.now() - t0;
    expect(record.iterations.length).toBeGreaterThan(0);
    const byRole: Record<string, number> = {};
    for (const r of c.endpoint.requests.slice(before)) byRole[r.role] = (byRole[r.role] ?? 0) + 1;
    expect(byRole.agent).toBeGreaterThan(0);
    expect(byRole.diagnoser).toBeGreaterThan(0);
    expect(byRole.judge).toBeGreaterThan(0);
    // The ledger is the model's, so it also holds the single-case evaluation above.
    const judgeRequests = c.endpoint.requests.filter((r) => r.role === "judge").length;
    expect(record.tokens.judge?.calls).toBe(judgeRequests);
    expect(c.problems).toEqual([]);
    console.log(
      `[simulated] demo-size world: ${w.cases.length} evolution cases, ${w.pool.length} pool; one feedback case (agent + judge) ${oneCase.toFixed(0)} ms; ` +
        `evolution (maxIterations 2) ${evolution.toFixed(0)} ms, ${record.iterations.length} iterations, ` +
        `admitted ${record.iterations.filter((i) => i.gate.admitted).length}; requests by role ${JSON.stringify(byRole)}`,
    );
  });
});
