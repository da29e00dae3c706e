// The model-backed auditor inside evolve (src/core/evolve/audit/model-audit.ts), through the real OpenAI client
// against the simulated endpoint's auditor, on a world whose rewriter leaks. The deterministic
// checks are off, so only the auditor stands between a leaking child and the frontier.
import { afterEach, describe, expect, it } from "vitest";
import { engineConfig, type EvolveFlags } from "../../src/apps/cli/evolve/evolve-flags.js";
import { Config, EvolveConfig } from "../../src/core/config/config.js";
import { resumeMismatch } from "../../src/core/evolve/checkpoint.js";
import { modelAuditor } from "../../src/core/evolve/model-roles.js";
import { runConfigOf } from "../../src/core/evolve/run.js";
import type { RunConfig } from "../../src/records/run-record.js";
import { generateWorld } from "../../src/sim/generate.js";
import { countMemorised } from "../../src/sim/leak.js";
import { runSimulatedEvolution } from "../support/sim-roles/run.js";
import { AUDIT_CHECKS } from "../../src/records/audit-check.js";
import { connect, type Connected } from "../sim/endpoint-support.js";

const world = generateWorld({ seed: 2001, rules: 12, params: { leakRate: 0.5 } });
const OFF = Object.fromEntries(AUDIT_CHECKS.map((c) => [c, "off" as const]));

let c: Connected | undefined;
afterEach(async () => c?.endpoint.close());

async function evolve(auditModel: RunConfig["auditModel"]) {
  c = await connect(world);
  // No repair rounds: a repaired child may paste a case outside the auditor's four traces, which it
  // only warns about (docs/audit.md); these tests are about its refusals.
  const config: RunConfig = {
    ...runConfigOf(EvolveConfig.parse({ seed: 0, localisation: false })),
    audit: OFF,
    auditRepairRounds: 0,
    auditModel,
  };
  const { record, banks } = await runSimulatedEvolution(world, config, {
    now: () => new Date("2026-11-30T00:00:00Z"),
    auditor: modelAuditor(c.model),
  });
  const leaks = record.frontier.map((m) =>
    countMemorised(
      world,
      banks.get(m.candidate)!.skills.map((s) => s.source),
    ),
  );
  const auditorRequests = c.endpoint.requests.filter((r) => r.role === "auditor").length;
  return { record, leaks, auditorRequests };
}

describe("the model-backed auditor in evolve", () => {
  it("with severity error it refuses leaking children after their evaluation, and its tokens are recorded", async () => {
    const { record, leaks, auditorRequests } = await evolve({ budgetTokens: 1_000_000, severity: "error" });
    const refused = record.iterations.filter((i) => i.audit?.refused);
    expect(refused.length).toBeGreaterThan(0);
    for (const i of refused) {
      expect(i.note).toMatch(
        /^refused by the audit after its evaluation: A\d+ modelAuditor \(.*SKILL\.md:\d+: instance-constant: "R[0-9A-F]{5}" is a value of case sim-r\d+-e\d/,
      );
      expect(i.child).toBeDefined();
    }
    expect(leaks.every((n) => n === 0)).toBe(true);
    expect(auditorRequests).toBeGreaterThan(0);
    expect(record.tokens.auditor?.input).toBeGreaterThan(0);
    expect(record.iterations.some((i) => (i.tokens.auditor?.input ?? 0) > 0)).toBe(true);
    expect(c!.problems).toEqual([]);
  });

  it("advisory (the default): the same findings are warnings, and leaking children reach the frontier with them", async () => {
    const { record, leaks } = await evolve({ budgetTokens: 1_000_000, severity: "advisory" });
    expect(record.iterations.every((i) => !i.audit?.refused)).toBe(true);
    const flagged = record.frontier.filter((m) => m.audit?.findings.some((f) => f.check === "modelAuditor"));
    expect(flagged.length).toBeGreaterThan(0);
    expect(flagged.flatMap((m) => m.audit!.findings).every((f) => f.severity === "warning")).toBe(true);
    expect(leaks.some((n) => n > 0)).toBe(true);
  });

  it("stops sending skills once its own budget is spent, and says so", async () => {
    const { record, auditorRequests } = await evolve({ budgetTokens: 1, severity: "error" });
    expect(auditorRequests).toBe(1);
    const notes = record.iterations.map((i) => i.audit?.modelAuditor).filter((n) => n !== undefined);
    expect(notes[0]).toMatch(/^audited 1 skill\(s\)/);
    expect(notes.at(-1)).toContain("the auditor's budget of 1 tokens is spent");
  });

  it("is not run without auditModel in the run config, even when an auditor is given", async () => {
    const { record, auditorRequests } = await evolve(undefined);
    expect(auditorRequests).toBe(0);
    expect(record.tokens.auditor).toBeUndefined();
    expect(record.iterations.every((i) => i.audit?.modelAuditor === undefined)).toBe(true);
  });
});

describe("config audit.model → the run config", () => {
  it("is recorded only when enabled, with its budget and severity, and a resume compares it", () => {
    const off = engineConfig(Config.parse({}), {} as EvolveFlags);
    expect(off).not.toHaveProperty("auditModel");
    const on = engineConfig(
      Config.parse({ audit: { model: { enabled: true, severity: "error" } } }),
      {} as EvolveFlags,
    );
    expect(on.auditModel).toEqual({ budgetTokens: 50_000, severity: "error" });
    const inputs = { bank: "b", cases: "c", pool: "p" };
    expect(resumeMismatch({ inputs, config: off }, inputs, on)).toEqual([
      'config.auditModel: checkpoint undefined, now {"budgetTokens":50000,"severity":"error"}',
    ]);
  });

  it("refuses a severity other than advisory or error, naming the key", () => {
    const r = Config.safeParse({ audit: { model: { enabled: true, severity: "strict" } } });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(["audit", "model", "severity"]);
  });
});
