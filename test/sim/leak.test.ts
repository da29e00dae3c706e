// Leakage in the simulated world (src/sim/leak.ts): a leaking rewriter pastes one case's answer
// instead of the rule; the agent passes that case and no other; the audit refuses such a child.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { auditBank } from "../../src/core/audit/audit.js";
import { caseFields } from "../../src/core/audit/case-texts.js";
import { loadBank } from "../../src/core/bank/bank.js";
import type { SkillBank } from "../../src/core/bank/skill.js";
import { EvolveConfig } from "../../src/core/config/config.js";
import { runConfigOf } from "../../src/core/evolve/run.js";
import { createRng } from "../../src/vocabulary/rng.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { generateWorld } from "../../src/sim/generate.js";
import { caseReference, countMemorised, memorisedLine, referenceOf } from "../../src/sim/leak.js";
import { renderPlan } from "../../src/sim/plan.js";
import { rewriteInWorld } from "../../src/sim/rewrite-in-world.js";
import { worldBank } from "../../src/sim/world-inputs.js";
import { runSimulatedEvolution } from "../support/sim-roles/run.js";
import type { Rule, World } from "../../src/sim/world.js";
import { AUDIT_CHECKS } from "../../src/records/audit-check.js";
import { runCli } from "../cli/run-cli.js";

const SURE = { pHit: { general: 1, hallucination: 1, special: 1 }, pMiss: 0, qForget: 0, qDropFiller: 0 };

function absentRule(world: World): Rule {
  return world.rules.find((r) => !world.skills.some((s) => s.source.includes(r.clause)))!;
}

/** The world's bank with the rule's home skill rewritten under one ADD edit. */
function leakOnce(world: World, rule: Rule): { bank: SkillBank; source: string; summary: string } {
  const home = world.skills.find((s) => s.name === rule.skill)!;
  const plan = renderPlan([{ op: "ADD", rule: rule.id, clause: rule.clause }]);
  const out = rewriteInWorld(
    world,
    { name: home.name, source: home.source, plan, anchorIds: [] },
    createRng(1),
  );
  const enc = new TextEncoder();
  const files = world.skills.map((s) => ({
    path: `${s.name}/SKILL.md`,
    bytes: enc.encode(s.name === home.name ? out.source : s.source),
  }));
  return { bank: loadBank(files).bank, ...out };
}

describe("leakage in the simulated world", () => {
  it("is off by default: cases carry no reference and the rewriter adds the clause", () => {
    const world = generateWorld({ seed: 4, rules: 6 });
    expect(world.params.leakRate).toBeUndefined();
    expect([...world.evolution, ...world.heldOut].some((wc) => referenceOf(wc.case))).toBe(false);
    const rule = absentRule(world);
    expect(leakOnce(world, rule).source).toContain(rule.clause);
  });

  it("every case reference mixes letters and digits, as a booking id does (the literals check's id shape)", () => {
    // Before, about 1 in 135 hashed to five hex letters (RFADCB in bench:audit's world 2001), which no id check sees.
    const refs = Array.from({ length: 2000 }, (_, i) => caseReference(2001, `case-${i}`));
    expect(refs.every((r) => /^R[0-9A-F]{5}$/.test(r) && /\d/.test(r))).toBe(true);
  });

  it("with leakRate 1 the rewriter pastes a failing case's answer instead of the rule's clause", () => {
    const world = generateWorld({ seed: 4, rules: 6, params: { leakRate: 1 } });
    const rule = absentRule(world);
    const cases = world.evolution.filter((wc) => wc.rule === rule.id).map((wc) => wc.case);
    expect(cases.every((c) => /^Simulated case \S+ \(reference R[0-9A-F]{5}\):/.test(c.task.prompt))).toBe(
      true,
    );
    const out = leakOnce(world, rule);
    expect(out.source).not.toContain(rule.clause);
    const pasted = cases.filter((c) => out.source.includes(memorisedLine(rule, c)!));
    expect(pasted).toHaveLength(1);
    expect(out.summary).toContain(`added the answer "Case reference ${referenceOf(pasted[0]!)}`);
  });

  it("the agent passes the memorised case and neither its sibling nor the held-out cases of the rule", async () => {
    const world = generateWorld({ seed: 4, rules: 6, params: { ...SURE, leakRate: 1 } });
    const rule = absentRule(world);
    const { bank, source } = leakOnce(world, rule);
    const agent = createSimAgent(world);
    const verdict = async (id: string) => {
      const c = [...world.evolution, ...world.heldOut].find((wc) => wc.case.id === id)!.case;
      return (await agent.run({ case: c, skills: bank.skills, runIndex: 0, files: {} })).output;
    };
    const ofRule = [...world.evolution, ...world.heldOut].filter((wc) => wc.rule === rule.id);
    const memorised = ofRule.filter((wc) => source.includes(memorisedLine(rule, wc.case)!));
    expect(memorised).toHaveLength(1);
    expect(await verdict(memorised[0]!.case.id)).toEqual({ verdict: `report-${rule.words[2]}` });
    for (const wc of ofRule.filter((w) => w !== memorised[0]))
      expect(await verdict(wc.case.id)).toEqual({ verdict: "no-finding" });
  });

  it("the audit refuses the pasted answer: a literals error naming the case", () => {
    const world = generateWorld({ seed: 4, rules: 6, params: { leakRate: 1 } });
    const rule = absentRule(world);
    const { bank, source } = leakOnce(world, rule);
    const c = world.evolution.find((wc) => source.includes(memorisedLine(rule, wc.case)!))!.case;
    const findings = auditBank({
      base: worldBank(world),
      candidate: bank,
      cases: [...world.evolution, ...world.pool].flatMap((wc) => caseFields(wc.case)),
      policies: {},
      scripts: [],
      provenance: [],
    });
    expect(findings).toContainEqual(
      expect.objectContaining({
        check: "literals",
        severity: "error",
        skill: rule.skill,
        evidence: expect.stringContaining(`"${referenceOf(c)}" appears in case ${c.id} (task.prompt)`),
      }),
    );
  });

  it("in evolve, the audit keeps leaking children off the frontier; with every check off they enter", async () => {
    const world = generateWorld({ seed: 2001, rules: 12, params: { leakRate: 0.5 } });
    const run = async (audit: boolean) => {
      const off = Object.fromEntries(AUDIT_CHECKS.map((c) => [c, "off" as const]));
      const config = { ...runConfigOf(EvolveConfig.parse({ seed: 0 })), ...(audit ? {} : { audit: off }) };
      const { record, banks } = await runSimulatedEvolution(world, config, {
        now: () => new Date("2026-11-30T00:00:00Z"),
      });
      const leaks = record.frontier.map((m) =>
        countMemorised(
          world,
          banks.get(m.candidate)!.skills.map((s) => s.source),
        ),
      );
      return { refused: record.iterations.filter((i) => i.audit?.refused).length, leaks };
    };
    const withAudit = await run(true);
    expect(withAudit.refused).toBeGreaterThan(0);
    expect(withAudit.leaks.every((n) => n === 0)).toBe(true);
    const without = await run(false);
    expect(without.refused).toBe(0);
    expect(without.leaks.some((n) => n > 0)).toBe(true);
  });

  it("skillops sim new --leak writes leakRate into the world, and refuses a rate outside [0, 1]", async () => {
    const dir = await mkdtemp(join(tmpdir(), "skillops-leak-"));
    const ok = await runCli(["sim", "new", "--seed", "5", "--rules", "6", "--leak", "0.25", "--json"], dir);
    expect(ok.code).toBe(0);
    const world = JSON.parse(ok.stdout) as World;
    expect(world.params.leakRate).toBe(0.25);
    expect(world.evolution.every((wc) => referenceOf(wc.case) !== undefined)).toBe(true);
    const bad = await runCli(["sim", "new", "--seed", "5", "--leak", "1.5"], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--leak must be a number in [0, 1], got "1.5"');
  });
});
