// Every role of the simulated endpoint once through the real `openai` client (createOpenAIModel,
// provider openai, baseURL = the endpoint): the reference agent's tool loop, the model-backed
// diagnoser/consolidator/rewriter, the model converter and the judge scorer. Every 200 answer is
// checked against OpenAI's published schema; structured answers pass the client's zod check.
import { afterEach, describe, expect, it } from "vitest";
import type { Skill } from "../../src/core/bank/skill.js";
import { createReferenceRunner } from "../../src/io/runners/reference.js";
import { scoreJudge } from "../../src/core/evaluate/scorers/judge.js";
import { createModelRoles } from "../../src/core/evolve/model-roles.js";
import type { CaseView, SkillView } from "../../src/core/llm/roles.js";
import { createModelConverter } from "../../src/core/feedback/model-converter.js";
import { createTemplateConverter, type FeedbackSource } from "../../src/core/feedback/to-case.js";
import { JudgeVerdict } from "../../src/core/llm/prompts/judge.js";
import { generateWorld } from "../../src/sim/generate.js";
import { simConsolidator, simDiagnoser, simRewriter } from "../support/sim-roles/roles.js";
import { worldBank } from "../../src/sim/world-inputs.js";
import type { World, WorldCase } from "../../src/sim/world.js";
import { connect, type Connected } from "./endpoint-support.js";
import { TEST_CONTAINMENT } from "../support/containment.js";

/** Certain outcomes: a run passes exactly when its clause is loaded, and the roles never draw. */
const SURE = { pHit: { general: 1, hallucination: 1, special: 1 }, pMiss: 0, qNoise: 0, qTarget: 1 };
const world: World = generateWorld({ seed: 5, rules: 6, params: { ...SURE, qForget: 0, qDropFiller: 0 } });
const present = (wc: WorldCase) => {
  const rule = world.rules.find((r) => r.id === wc.rule)!;
  return world.skills.some((s) => s.source.includes(rule.clause));
};

let c: Connected | undefined;
afterEach(async () => c?.endpoint.close());

function runner(model: Connected["model"]) {
  return createReferenceRunner({
    containment: TEST_CONTAINMENT,
    model,
    modelSettings: model.settingsKey("agent"),
    maxTurns: 4,
    scriptTimeoutMs: 1000,
    maxOutputBytes: 10_000,
  });
}

const views = (skills: readonly Skill[]): SkillView[] =>
  skills.map((s) => ({ name: s.name, description: s.frontmatter.description ?? "", source: s.source }));

describe("the simulated endpoint, role by role through the real OpenAI client", () => {
  it("agent: loads the rule's home skill with a real load_skill call and passes exactly when the clause is loaded", async () => {
    c = await connect(world);
    const skills = worldBank(world).skills;
    const hit = world.evolution.find(present)!;
    const miss = world.evolution.find((wc) => !present(wc))!;
    const ruleOf = (wc: WorldCase) => world.rules.find((r) => r.id === wc.rule)!;
    const r1 = await runner(c.model).run({ case: hit.case, skills, runIndex: 0, files: {} });
    expect(r1.error).toBeUndefined();
    expect(r1.trace).toContainEqual({ type: "skill-loaded", skill: ruleOf(hit).skill });
    expect(r1.output).toEqual({ verdict: `report-${ruleOf(hit).words[2]}` });
    const r2 = await runner(c.model).run({ case: miss.case, skills, runIndex: 0, files: {} });
    expect(r2.output).toEqual({ verdict: "no-finding" });
    expect(c.endpoint.requests.map((r) => r.role)).toEqual(["agent", "agent", "agent", "agent"]);
    expect(c.problems).toEqual([]);
    expect(r1.usage.input).toBe(c.endpoint.requests[0]!.usage.input + c.endpoint.requests[1]!.usage.input);
  });

  it("agent: prompt tokens follow what it loaded, not what it only saw listed", async () => {
    c = await connect(world);
    const hit = world.evolution.find(present)!;
    const home = world.rules.find((r) => r.id === hit.rule)!.skill;
    const bystander = world.skills.find((s) => s.name !== home)!.name;
    const padded = (name: string): Skill[] =>
      worldBank({
        ...world,
        skills: world.skills.map((s) =>
          s.name === name ? { ...s, source: `${s.source}\n${"Pad. ".repeat(800)}\n` } : s,
        ),
      }).skills;
    const cost = async (skills: Skill[]) => {
      const r = await runner(c!.model).run({ case: hit.case, skills, runIndex: 0, files: {} });
      expect(r.trace.filter((t) => t.type === "skill-loaded")).not.toContainEqual({
        type: "skill-loaded",
        skill: bystander,
      });
      return r.usage.input;
    };
    const base = await cost(worldBank(world).skills);
    expect(await cost(padded(bystander))).toBe(base); // 4000 characters in a skill it never loaded
    expect((await cost(padded(home))) - base).toBeGreaterThanOrEqual(1000); // the same, loaded
  });

  it("diagnoser, consolidator and rewriter: createModelRoles over HTTP decides as the in-process roles do", async () => {
    c = await connect(world);
    const roles = createModelRoles(c.model);
    const parent = views(worldBank(world).skills);
    const batch: CaseView[] = world.evolution
      .filter((wc) => !present(wc))
      .slice(0, 3)
      .map((wc) => ({ ...wc.case, parentPassed: false }));
    const diagnosed = await roles.diagnoser.diagnose({ parent, batch, index: 0, seed: 1 });
    const expected = await simDiagnoser(world).diagnose({ parent, batch, index: 0, seed: 1 });
    expect(diagnosed.ok && expected.ok).toBe(true);
    if (!diagnosed.ok || !expected.ok) return;
    expect(diagnosed.value).toEqual(expected.value);
    expect(diagnosed.value.plans.length).toBeGreaterThan(0);

    const merged = await roles.consolidator.merge({
      parent,
      proposals: [diagnosed.value, expected.value],
      seed: 1,
    });
    const mergedSim = await simConsolidator().merge({
      parent,
      proposals: [expected.value, expected.value],
      seed: 1,
    });
    expect(merged).toMatchObject({ ok: true, value: mergedSim.ok ? mergedSim.value : [] });

    const plan = diagnosed.value.plans[0]!;
    const skill = parent.find((s) => s.name === plan.skill)!;
    const input = {
      skill,
      plan: plan.plan,
      anchors: world.pool.slice(0, 1).map((w) => w.case),
      siblings: [],
      auxiliary: [],
      seed: 3,
    };
    const rewritten = await roles.rewriter.rewrite(input);
    const rewrittenSim = await simRewriter(world).rewrite(input);
    expect(rewritten.ok && rewrittenSim.ok).toBe(true);
    if (!rewritten.ok || !rewrittenSim.ok) return;
    expect(rewritten.value).toEqual(rewrittenSim.value);
    expect(rewritten.value.source).not.toBe(skill.source);
    expect(c.endpoint.requests.map((r) => r.role)).toEqual(["diagnoser", "consolidator", "rewriter"]);
    expect(c.endpoint.requests.every((r) => r.usage.input > 0 && r.usage.output > 0)).toBe(true);
    expect(c.problems).toEqual([]);
  });

  it("classifier and converter: createModelConverter turns feedback into the case the template converter writes", async () => {
    c = await connect(world);
    const source: FeedbackSource = {
      issue: 12,
      url: "https://github.com/o/r/issues/12",
      title: "Refund promised past the window",
      author: "ana",
      acceptedBy: "lead",
      form: {
        did: "It promised a refund after 45 days.",
        expected: 'It must not say "full refund" after 30 days and should cite "the 30-day window".',
        evidence: "Customer: I bought this 45 days ago, can I get my money back?",
        category: "general",
      },
    };
    const now = "2026-11-30T00:00:00Z";
    const viaEndpoint = await createModelConverter(c.model).convert(source, now);
    expect(viaEndpoint).toEqual(await createTemplateConverter().convert(source, now));
    expect(viaEndpoint.kind).toBe("case");

    const advice = {
      ...source,
      form: { ...source.form, evidence: "n/a", skill: "refunds", expected: "Acknowledge anger first." },
    };
    expect(await createModelConverter(c.model).convert(advice, now)).toMatchObject({
      kind: "knowledge",
      skill: "refunds",
      entry: { text: "Acknowledge anger first." },
    });
    expect(c.endpoint.requests.map((r) => r.role)).toEqual(["classifier", "converter", "classifier"]);
    expect(c.problems).toEqual([]);
  });

  it("judge: the judge scorer passes an answer that reports the rule's finding and fails one that does not", async () => {
    c = await connect(world);
    const rule = world.rules[0]!;
    const item = { type: "judge" as const, criterion: `The answer reports ${rule.words[2]}` };
    const yes = await scoreJudge(item, { verdict: `report-${rule.words[2]}` }, { judge: c.model, task: "t" });
    const no = await scoreJudge(
      item,
      { verdict: `no-report-${rule.words[2]}` },
      { judge: c.model, task: "t" },
    );
    expect(yes.verdict.pass).toBe(true);
    expect(no.verdict).toMatchObject({ pass: false, reason: expect.stringContaining(rule.id) });
    expect(JudgeVerdict.safeParse({ reasoning: yes.verdict.reason, pass: true }).success).toBe(true);
    expect(yes.usage.input).toBeGreaterThan(0);
    expect(c.endpoint.requests.map((r) => r.role)).toEqual(["judge", "judge"]);
    expect(c.problems).toEqual([]);
  });

  it("embeddings: deterministic vectors, texts that share words are closer", async () => {
    c = await connect(world, { embedding: { model: "sim-embed" } });
    const [a, b, z] = await c.model.embed(["refund the damaged order", "damaged order refund", "tax ledger"]);
    const dot = (x: number[], y: number[]) => x.reduce((s, v, i) => s + v * y[i]!, 0);
    expect(a!.length).toBe(64);
    expect(dot(a!, b!)).toBeGreaterThan(dot(a!, z!));
    expect(c.model.ledger.byRole().embedding?.input).toBeGreaterThan(0);
    expect(c.problems).toEqual([]);
  });

  it("a request for no role it plays is refused with a clear 400, which the client records as a failure", async () => {
    c = await connect(world);
    const r = await c.model.structured({
      role: "judge",
      messages: [{ role: "user", content: "hello" }],
      schema: JudgeVerdict,
      schemaName: "something_else",
    });
    expect(r).toMatchObject({
      ok: false,
      failure: { kind: "other", message: expect.stringContaining("cannot tell which skillops role") },
    });
  });
});
