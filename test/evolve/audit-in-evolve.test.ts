// The audit inside evolve (issue 14): every child is audited against E₀'s bank before the gate; a
// child that pastes a case literal is refused unmeasured, and frontier members carry their audit.
import { worldRunInputs } from "../../src/apps/cli/evolve/world-run-inputs.js";
import { describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/core/config/config.js";
import type { EvolveDeps, EvolveInputs } from "../../src/core/evolve/context.js";
import type { Rewriter, Roles } from "../../src/core/llm/roles.js";
import { RunRecord } from "../../src/records/run-record.js";
import { runConfigOf, runEvolution } from "../../src/core/evolve/run.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { generateWorld } from "../../src/sim/generate.js";
import { createSimRoles } from "../support/sim-roles/roles.js";

const NOW = () => new Date("2026-11-30T00:00:00Z");

function setup(seed: number, audit?: EvolveInputs["config"]["audit"], maxIterations = 4) {
  const world = generateWorld({ seed, rules: 12 });
  const config = {
    // The frozen scope: these tests count the audit's executions, and a run whose children are all
    // refused would otherwise widen its scope and re-measure E₀ (widen-scope.ts).
    ...runConfigOf(EvolveConfig.parse({ seed, widenScope: false, localisation: false })),
    maxIterations,
    bootstrap: 200,
    ...(audit ? { audit } : {}),
  };
  const { inputs } = worldRunInputs(world, config);
  return { inputs, roles: createSimRoles(world), runner: createSimAgent(world) };
}

/** The sim's rewriter, but every rewrite also pastes the expected answer of the first case. */
function leakingRewriter(inner: Rewriter, literal: string): Rewriter {
  return {
    async rewrite(input) {
      const r = await inner.rewrite(input);
      if (!r.ok) return r;
      const source = `${r.value.source.trimEnd()}\n\nWhen unsure, answer "${literal}".\n`;
      return { ...r, value: { ...r.value, source } };
    },
  };
}

function expectedValue(inputs: EvolveInputs): string {
  const item = inputs.cases[0]!.task.rubric.find((x) => x.type === "equals");
  if (!item || typeof item.value !== "string") throw new Error("the world's first case has no equals item");
  return item.value;
}

async function run(s: ReturnType<typeof setup>, roles: Roles = s.roles, extra: Partial<EvolveDeps> = {}) {
  return runEvolution(s.inputs, { roles, runner: s.runner, now: NOW, ...extra });
}

describe("the audit inside evolve", () => {
  it("refuses a child that pastes a case literal before measuring it, and keeps it off the frontier", async () => {
    const s = setup(11);
    const literal = expectedValue(s.inputs);
    const roles = { ...s.roles, rewriter: leakingRewriter(s.roles.rewriter, literal) };
    const { record } = await run(s, roles);
    const audited = record.iterations.filter((it) => it.audit);
    expect(audited.length).toBeGreaterThan(0);
    for (const it of audited) {
      expect(it.audit!.refused).toBe(true);
      const leak = it.audit!.findings.find((f) => f.check === "literals" && f.evidence.includes(literal));
      expect(leak?.severity).toBe("error");
      expect(it.note).toMatch(new RegExp(`^refused by the audit: ${leak!.id} literals`));
      expect(it.gate.admitted).toBe(false);
      expect(it.child).toBeUndefined(); // never measured
      expect(it.entered).toBe(false);
    }
    expect(record.frontier.map((m) => m.born)).toEqual([0]);
    expect(RunRecord.parse(record)).toEqual(record);
  });

  it("saves the executions a refused child would have cost", async () => {
    const clean = await run(setup(11));
    const s = setup(11);
    const roles = { ...s.roles, rewriter: leakingRewriter(s.roles.rewriter, expectedValue(s.inputs)) };
    const leaky = await run(s, roles);
    const baselineOnly = await run(setup(11, undefined, 0));
    // Only the baseline is measured: every child is refused before its evaluation.
    expect(leaky.record.executions.run).toBe(baselineOnly.record.executions.run);
    expect(leaky.record.executions.run).toBeLessThan(clean.record.executions.run);
  });

  it("a configured severity turns the literals check into a warning: the child is measured", async () => {
    const s = setup(11, { literals: "warning" });
    const roles = { ...s.roles, rewriter: leakingRewriter(s.roles.rewriter, expectedValue(s.inputs)) };
    const { record } = await run(s, roles);
    const measured = record.iterations.filter((it) => it.audit && it.child);
    expect(measured.length).toBeGreaterThan(0);
    for (const it of measured) {
      expect(it.audit!.refused).toBe(false);
      expect(it.audit!.findings.some((f) => f.check === "literals" && f.severity === "warning")).toBe(true);
    }
  });

  it("a clean run records each member's audit, and that script parsing was skipped without a checker", async () => {
    const { record } = await run(setup(11));
    const members = record.frontier.filter((m) => m.born > 0);
    expect(members.length).toBeGreaterThan(0);
    for (const m of members) {
      expect(m.audit?.refused).toBe(false);
      expect(m.audit?.scripts).toBe("skipped");
    }
    expect(record.frontier.find((m) => m.born === 0)?.audit).toBeUndefined();
  });

  it("with a script checker, the record says scripts were parsed", async () => {
    const calls: number[] = [];
    const checkScripts: EvolveDeps["checkScripts"] = async (_bank, scripts) => {
      calls.push(scripts.length);
      return [];
    };
    const { record } = await run(setup(11), undefined, { checkScripts });
    expect(calls.length).toBeGreaterThan(0);
    for (const it of record.iterations.filter((x) => x.audit)) expect(it.audit!.scripts).toBe("parsed");
  });
});
