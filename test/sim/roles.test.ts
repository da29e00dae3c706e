import { describe, expect, it } from "vitest";
import { loadBank } from "../../src/core/bank/bank.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { generateWorld } from "../../src/sim/generate.js";
import { parsePlan } from "../../src/sim/plan.js";
import { simDiagnoser, simRewriter } from "../support/sim-roles/roles.js";
import { worldBankFiles } from "../../src/sim/world-inputs.js";

const world = generateWorld({
  seed: 21,
  rules: 12,
  params: { qNoise: 0, qTarget: 1, qForget: 0, qDropFiller: 0, misleading: 0 },
});
const bank = loadBank(worldBankFiles(world)).bank;
const agent = createSimAgent(world);
const text = world.skills.map((s) => s.source).join("\n");
const missing = world.rules.find((r) => !text.includes(r.clause))!;
const present = world.rules.find((r) => text.includes(r.clause))!;
const caseOf = (ruleId: string) => world.evolution.find((c) => c.rule === ruleId)!.case;

async function passRate(skills: typeof bank.skills, ruleId: string, runs = 200): Promise<number> {
  let pass = 0;
  for (let i = 0; i < runs; i++) {
    const r = await agent.run({ case: caseOf(ruleId), skills, runIndex: i, files: {} });
    const rubric = caseOf(ruleId).task.rubric[0]!;
    if (rubric.type === "equals" && (r.output as { verdict: string }).verdict === rubric.value) pass++;
  }
  return pass / runs;
}

describe("simulated agent", () => {
  it("passes with p_hit when the clause is present, p_miss when it is missing", async () => {
    const hit = world.params.pHit[present.category]!;
    expect(await passRate(bank.skills, present.id)).toBeGreaterThan(hit - 0.12);
    expect(await passRate(bank.skills, missing.id)).toBeLessThan(world.params.pMiss + 0.08);
  });

  it("is a pure function of what it sees: same case, run and skills, same result and tokens", async () => {
    const input = { case: caseOf(present.id), skills: bank.skills, runIndex: 2, files: {} };
    expect(await agent.run(input)).toEqual(await agent.run(input));
    const r = await agent.run(input);
    expect(r.usage.input).toBeGreaterThan(bank.skills.reduce((s, k) => s + k.source.length, 0) / 4);
  });
});

describe("simulated diagnoser and rewriter", () => {
  it("proposes the missing clause for the rule's home skill, and the rewriter applies it", async () => {
    const parent = bank.skills.map((s) => ({
      name: s.name,
      description: String(s.frontmatter.description),
      source: s.source,
    }));
    const c = caseOf(missing.id);
    const d = await simDiagnoser(world).diagnose({
      parent,
      batch: [
        { id: c.id, category: c.category, diagnosis: c.diagnosis, skills: c.skills, parentPassed: false },
      ],
      index: 0,
      seed: 1,
    });
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    expect(d.value.targets).toEqual([missing.skill]);
    expect(parsePlan(d.value.plans[0]!.plan)).toEqual([
      { op: "ADD", rule: missing.id, clause: missing.clause },
    ]);
    const home = parent.find((p) => p.name === missing.skill)!;
    const rw = await simRewriter(world).rewrite({
      skill: home,
      plan: d.value.plans[0]!.plan,
      anchors: [],
      siblings: [],
      auxiliary: [],
      seed: 1,
    });
    expect(rw.ok && rw.value.source).toContain(`- ${missing.clause}`);
    expect(rw.ok && rw.value.summary).toMatch(/^Simulated rewrite/);
  });

  it("forgets unprotected clauses at q_forget, but never one an anchor protects", async () => {
    const forgetful = generateWorld({ seed: 21, rules: 12, params: { qForget: 1, qDropFiller: 0 } });
    const home = forgetful.skills.find((s) =>
      forgetful.rules.some((r) => r.skill === s.name && s.source.includes(r.clause)),
    )!;
    const kept = forgetful.rules.find((r) => r.skill === home.name && home.source.includes(r.clause))!;
    const anchor = forgetful.pool.find((p) => p.rule === kept.id)!.case;
    const view = { name: home.name, description: "", source: home.source };
    const noAnchor = await simRewriter(forgetful).rewrite({
      skill: view,
      plan: "",
      anchors: [],
      siblings: [],
      auxiliary: [],
      seed: 3,
    });
    const withAnchor = await simRewriter(forgetful).rewrite({
      skill: view,
      plan: "",
      anchors: [anchor],
      siblings: [],
      auxiliary: [],
      seed: 3,
    });
    expect(noAnchor.ok && noAnchor.value.source).not.toContain(kept.clause);
    expect(withAnchor.ok && withAnchor.value.source).toContain(kept.clause);
  });
});
