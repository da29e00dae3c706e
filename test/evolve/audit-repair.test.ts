// A child the audit refuses is repaired, not discarded (SkillEvolver §3.2.3): the skills with an error
// finding go back to the parent's text, the rewriter rewrites them with the findings as its target,
// and the repaired child is audited and measured like any other; after audit.repairRounds rounds the
// child is refused. The model stand-in is the simulated world's rewriter with one skill made to leak.
import { describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/core/config/config.js";
import type { RewriteInput, Rewriter } from "../../src/core/llm/roles.js";
import { RunRecord } from "../../src/records/run-record.js";
import { runConfigOf, runEvolution } from "../../src/core/evolve/run.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { generateWorld } from "../../src/sim/generate.js";
import { createSimRoles } from "../support/sim-roles/roles.js";
import { worldRunInputs } from "../../src/apps/cli/evolve/world-run-inputs.js";

const NOW = () => new Date("2026-11-30T00:00:00Z");

/**
 * World 11's rewriter, pasting a case's expected answer into `target` only. `heeds`: given the audit's
 * findings it writes the rule instead (a model that follows the repair prompt); otherwise it always pastes.
 */
function leakInto(
  inner: Rewriter,
  target: string,
  literal: string,
  heeds: boolean,
  calls: RewriteInput[],
): Rewriter {
  return {
    async rewrite(input) {
      calls.push(input);
      const r = await inner.rewrite(input);
      if (!r.ok || input.skill.name !== target || (heeds && input.auditFindings)) return r;
      const source = `${r.value.source.trimEnd()}\n\nWhen unsure, answer "${literal}".\n`;
      return { ...r, value: { ...r.value, source } };
    },
  };
}

function setup(repairRounds?: number) {
  const world = generateWorld({ seed: 11, rules: 12 });
  const rounds = repairRounds === undefined ? {} : { auditRepairRounds: repairRounds };
  const config = {
    ...runConfigOf(EvolveConfig.parse({ seed: 11, localisation: false })),
    maxIterations: 3,
    bootstrap: 200,
    ...rounds,
  };
  const { inputs } = worldRunInputs(world, config);
  return { world, inputs, roles: createSimRoles(world), runner: createSimAgent(world) };
}

async function evolve(opts: { heeds: boolean; repairRounds?: number }) {
  const s = setup(opts.repairRounds);
  // The leaking skill: the first of iteration 1's plan, which (unaudited, unleaking) targets two skills.
  const clean = await runEvolution(s.inputs, { roles: s.roles, runner: s.runner, now: NOW });
  const target = clean.record.iterations[0]!.plan[0]!.skill;
  const item = s.inputs.cases[0]!.task.rubric.find((x) => x.type === "equals");
  const literal = String(item && "value" in item ? item.value : "");
  const calls: RewriteInput[] = [];
  const rewriter = leakInto(s.roles.rewriter, target, literal, opts.heeds, calls);
  const roles = { ...s.roles, rewriter };
  const { record } = await runEvolution(s.inputs, { roles, runner: s.runner, now: NOW });
  const it1 = record.iterations.find((it) => it.t === 1)!;
  return { record, it1, target, literal, calls };
}

describe("repairing a child the audit refused", () => {
  it("reverts only the leaking skill, gives the rewriter its findings, and keeps the good skill's edit", async () => {
    const { record, it1, target, literal, calls } = await evolve({ heeds: true });
    const others = it1.plan.map((p) => p.skill).filter((s) => s !== target);
    expect(it1.plan.map((p) => p.skill)).toContain(target);
    expect(others.length).toBeGreaterThan(0); // one leaking skill and at least one good one
    expect(it1.repairs).toHaveLength(1);
    const repair = it1.repairs![0]!;
    expect(repair.stage).toBe("before-measurement");
    expect(repair.reverted).toEqual([target]);
    expect(repair.findings.every((f) => f.skill === target && f.severity === "error")).toBe(true);
    expect(repair.findings.some((f) => f.check === "literals" && f.evidence.includes(literal))).toBe(true);
    expect(repair.rewrites).toEqual([{ skill: target, status: "rewritten" }]);
    // The rewriter was asked again for the leaking skill only, from the parent's text, with the findings.
    const again = calls.filter((c) => c.auditFindings);
    expect(again.map((c) => c.skill.name)).toEqual([target]);
    expect(again[0]!.skill.source).not.toContain(literal);
    expect(again[0]!.auditFindings!.map((f) => f.evidence)).toEqual(repair.findings.map((f) => f.evidence));
    // The repaired child passed the audit and was measured; the good skills kept their edits.
    expect(it1.audit!.refused).toBe(false);
    expect(it1.child?.candidate).toBe(repair.repaired);
    for (const s of others) expect(it1.rewrites.find((r) => r.skill === s)?.status).toBe("rewritten");
    expect(RunRecord.parse(record)).toEqual(record);
  });

  it("after audit.repairRounds rounds that still leak, refuses the child and says how many rounds it took", async () => {
    const { it1, target } = await evolve({ heeds: false });
    expect(it1.repairs?.map((r) => r.round)).toEqual([1, 2]);
    expect(it1.repairs!.every((r) => r.reverted.length === 1 && r.reverted[0] === target)).toBe(true);
    expect(it1.repairs![0]!.repaired).toBeDefined();
    // Round 2's rewrite pasted the same line again: the same child as the one refused, so nothing to re-audit.
    expect(it1.repairs![1]!.repaired).toBeUndefined();
    expect(it1.audit!.refused).toBe(true);
    expect(it1.child).toBeUndefined();
    expect(it1.entered).toBe(false);
    expect(it1.note).toMatch(/^refused by the audit: A\d+ literals .* \(after 2 repair round\(s\)\)$/);
  });

  it("with audit.repairRounds 0 the child is refused at once, as before", async () => {
    const { it1, calls } = await evolve({ heeds: true, repairRounds: 0 });
    expect(it1.repairs).toBeUndefined();
    expect(it1.audit!.refused).toBe(true);
    expect(it1.note).toMatch(/^refused by the audit: A\d+ literals /);
    expect(calls.some((c) => c.auditFindings)).toBe(false);
  });
});
