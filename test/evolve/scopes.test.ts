// Disjoint working scopes: every case lands in exactly one scope's job, overlapping scopes are
// refused, and a run restricted to a scope only retrieves (and so only rewrites) its skills.
import { describe, expect, it } from "vitest";
import { Case } from "../../src/records/case.js";
import { DEFAULT_CONFIG } from "../../src/core/config/config.js";
import { runConfigOf, runEvolution } from "../../src/core/evolve/run.js";
import { casesForScope, checkScopes, scopeOfCase, ScopeError } from "../../src/core/evolve/scopes.js";
import { generateWorld } from "../../src/sim/generate.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { createSimRoles } from "../support/sim-roles/roles.js";
import { worldHashes, worldInputs } from "../../src/sim/world-inputs.js";

const skills = [
  { name: "refunds", description: "Refund and cancellation rules for tickets" },
  { name: "baggage", description: "Checked bag allowance and fees by cabin" },
  { name: "kernels", description: "Write fast CUDA kernels for matrix operations" },
];
const scopes = [
  { name: "support", skills: ["refunds", "baggage"] },
  { name: "gpu", skills: ["kernels"], runsOn: ["self-hosted", "gpu"] },
];
const kase = (id: string, diagnosis: string, named: string[] = []) =>
  Case.parse({
    id,
    category: "general",
    diagnosis,
    task: { prompt: "p", rubric: [{ type: "contains", value: "x" }] },
    skills: named,
    provenance: { channel: "manual", created: "2026-11-30" },
  });

describe("working scopes", () => {
  it("puts a case in the scope of a skill it names, else of the skill its diagnosis matches best", () => {
    expect(scopeOfCase(kase("a", "anything", ["kernels"]), scopes, skills)).toBe("gpu");
    expect(scopeOfCase(kase("b", "the agent got the checked bag allowance wrong"), scopes, skills)).toBe(
      "support",
    );
    expect(scopeOfCase(kase("c", "slow CUDA matrix kernels"), scopes, skills)).toBe("gpu");
    expect(scopeOfCase(kase("d", "zzz qqq"), scopes, skills)).toBeUndefined();
  });

  it("splits cases so each lands in exactly one scope", () => {
    const cases = [
      kase("a", "x", ["refunds"]),
      kase("b", "bag allowance fees"),
      kase("c", "CUDA kernels"),
      kase("d", "zzz"),
    ];
    const support = casesForScope(cases, "support", scopes, skills).map((c) => c.id);
    const gpu = casesForScope(cases, "gpu", scopes, skills).map((c) => c.id);
    expect(support).toEqual(["a", "b"]);
    expect(gpu).toEqual(["c"]);
    expect(() => casesForScope(cases, "nope", scopes, skills)).toThrow(ScopeError);
  });

  it("refuses overlapping scopes and unknown skills", () => {
    expect(
      checkScopes(
        scopes,
        skills.map((s) => s.name),
      ),
    ).toEqual([]);
    const bad = [...scopes, { name: "more", skills: ["refunds", "ghost"] }];
    expect(
      checkScopes(
        bad,
        skills.map((s) => s.name),
      ),
    ).toEqual([
      "skill refunds is in both scope support and scope more; scopes must be disjoint",
      "scope more names skill ghost, which the bank does not have",
    ]);
  });

  it("restricts retrieval, and so every rewrite, to the scope's skills", async () => {
    const world = generateWorld({ seed: 4, rules: 12 });
    const w = worldInputs(world);
    const names = w.bank.skills.map((s) => s.name);
    const restrictTo = { name: "half", skills: names.slice(0, 3) };
    const config = {
      ...runConfigOf({ ...DEFAULT_CONFIG.evolve, maxIterations: 3, seed: 4 }),
      bootstrap: 100,
    };
    const inputs = {
      bank: w.bank,
      cases: w.cases,
      pool: w.pool,
      categories: world.categories,
      config,
      simulated: true,
      inputs: worldHashes(world, w),
      restrictTo,
    };
    const { record } = await runEvolution(inputs, {
      roles: createSimRoles(world),
      runner: createSimAgent(world),
      now: () => new Date(0),
    });
    expect(record.scope.name).toBe("half");
    expect(record.scope.skills.length).toBeGreaterThan(0);
    for (const s of record.scope.skills) expect(restrictTo.skills).toContain(s);
    for (const m of record.frontier) for (const c of m.changes) expect(restrictTo.skills).toContain(c.skill);
  });
});
