// The trace-based checks inside evolve (issue 14, Checks 8 and 9): after a child is measured, its own
// runs say whether the skills it changed were loaded. With the simulated agent loading selectively,
// a diagnoser that always edits the wrong skill yields children whose edit no run reads.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readRunsEvidence } from "../../src/apps/cli/audit/audit-runs.js";
import { EvolveConfig } from "../../src/core/config/config.js";
import type { EvolveInputs } from "../../src/core/evolve/context.js";
import { RunRecord } from "../../src/records/run-record.js";
import { runConfigOf, runEvolution } from "../../src/core/evolve/run.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { generateWorld } from "../../src/sim/generate.js";
import { createSimRoles } from "../support/sim-roles/roles.js";
import { worldInputs } from "../../src/sim/world-inputs.js";

const NOW = () => new Date("2026-11-30T00:00:00Z");

async function evolve(seed: number, qTarget: number, audit?: EvolveInputs["config"]["audit"]) {
  const world = generateWorld({ seed, rules: 12, params: { qTarget, pMiss: 0.3 } });
  const w = worldInputs(world);
  const config = {
    ...runConfigOf(EvolveConfig.parse({ seed, localisation: false })),
    maxIterations: 5,
    bootstrap: 100,
  };
  const inputs: EvolveInputs = {
    bank: w.bank,
    cases: w.cases,
    pool: w.pool,
    categories: world.categories,
    config: { ...config, ...(audit ? { audit } : {}) },
    simulated: true,
    inputs: { bank: "b", cases: "c", pool: "p", world: String(seed) },
  };
  const runner = createSimAgent(world);
  return (await runEvolution(inputs, { roles: createSimRoles(world), runner, now: NOW })).record;
}

const bypassesOf = (it: RunRecord["iterations"][number]) =>
  it.audit?.findings.filter((f) => f.check === "silentBypass") ?? [];

// World 10 with q_target 0.1 and p_miss 0.3: the diagnosers often aim at a skill the agent does not
// load for the rule's cases. In iteration 2 the edit lands in audit-deposit-payroll, which none of the
// runs of its cases load, and most of those runs fail: Check 9, a silent bypass.
describe("silent bypass inside evolve", () => {
  it("refuses, after its evaluation, a child whose changed skill no run of the edit's cases loaded under majority failure; repairs first", async () => {
    const record = await evolve(10, 0.1);
    const it2 = record.iterations.find((it) => it.t === 2)!;
    expect(it2.child).toBeDefined();
    expect(it2.audit!.traced).toBeGreaterThan(0);
    const found = bypassesOf(it2);
    expect(found.map((f) => [f.skill, f.severity])).toEqual([["audit-deposit-payroll", "error"]]);
    expect(found[0]!.evidence).toMatch(
      /^none of the \d+ run\(s\) of the cases its edit was for loaded it, and \d+ of them failed$/,
    );
    expect(it2.repairs?.map((r) => [r.stage, r.reverted])).toEqual([
      ["after-evaluation", ["audit-deposit-payroll"]],
      ["after-evaluation", ["audit-deposit-payroll"]],
    ]);
    expect(it2.gate.admitted).toBe(false);
    expect(it2.entered).toBe(false);
    expect(it2.note).toMatch(
      /^refused by the audit after its evaluation: A\d+ silentBypass .* \(after 2 repair round\(s\)\)$/,
    );
    expect(RunRecord.parse(record)).toEqual(record);
  });

  it("as a warning, the same child is measured and gated", async () => {
    const record = await evolve(10, 0.1, { silentBypass: "warning" });
    const warned = record.iterations.filter((it) => bypassesOf(it).length > 0);
    expect(warned.length).toBeGreaterThan(0);
    for (const it of warned) {
      expect(bypassesOf(it).every((f) => f.severity === "warning")).toBe(true);
      expect(it.child).toBeDefined();
      expect(it.audit!.refused).toBe(false);
      expect(it.repairs).toBeUndefined();
    }
  });

  it("is quiet when every edit lands in a skill the runs load", async () => {
    // World 12 admits children (world 10 admits none, so no run of it is read).
    const record = await evolve(12, 1);
    // Only a child the gate admitted has its runs read (a refused one may be measured in part).
    const measured = record.iterations.filter((it) => it.child && it.gate.admitted);
    expect(measured.length).toBeGreaterThan(0);
    for (const it of measured) {
      expect(it.audit!.traced).toBeGreaterThan(0);
      expect(bypassesOf(it)).toEqual([]);
    }
  });
});

describe("provenance in the run record", () => {
  it("records each rewritten skill's added lines with the cases behind them, and --runs reads it back", async () => {
    const record = await evolve(10, 1);
    // A vetoed child (a nogood matched it) is never audited, so only audited iterations carry provenance.
    const audited = record.iterations.filter((it) => !it.nogoods?.vetoedBy);
    const rewritten = audited.flatMap((it) => it.rewrites.filter((r) => r.status === "rewritten"));
    expect(rewritten.length).toBeGreaterThan(0);
    for (const r of rewritten) {
      expect(r.provenance!.length).toBeGreaterThan(0);
      expect(r.provenanceCases!.length).toBeGreaterThan(0);
    }
    const dir = await mkdtemp(join(tmpdir(), "runs-"));
    try {
      await writeFile(join(dir, "run.json"), JSON.stringify(record));
      const bank = generateWorld({ seed: 10, rules: 12 });
      const banks = { base: worldInputs(bank).bank, candidate: worldInputs(bank).bank };
      const read = await readRunsEvidence(dir, "run.json", banks);
      expect(read.provenance).toHaveLength(rewritten.flatMap((r) => r.provenance!).length);
      for (const p of read.provenance!) expect(p.cases.length).toBeGreaterThan(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
