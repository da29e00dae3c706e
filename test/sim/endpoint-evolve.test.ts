// End to end on the production path: runEvolution with createModelRoles(model) and the reference
// runner, every call through the real `openai` client to the simulated endpoint, on a small
// generated world. The run completes, admits a child, and the ledger shows each role's calls.
import { afterEach, describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/core/config/config.js";
import { createModelRoles } from "../../src/core/evolve/model-roles.js";
import { RunRecord } from "../../src/records/run-record.js";
import { runConfigOf, runEvolution } from "../../src/core/evolve/run.js";
import { generateWorld } from "../../src/sim/generate.js";
import { worldRunInputs } from "../../src/apps/cli/evolve/world-run-inputs.js";
import { CLOCK, connect, endpointReferenceAgent, type Connected } from "./endpoint-support.js";

let c: Connected | undefined;
afterEach(async () => c?.endpoint.close());

describe("evolve against the simulated endpoint", () => {
  it("runs the loop through the real client, admits a child, and every role's calls reach the ledger", async () => {
    const world = generateWorld({
      seed: 21,
      rules: 4,
      casesPerRule: 1,
      params: {
        pHit: { general: 1, hallucination: 1, special: 1 },
        pMiss: 0,
        qNoise: 0,
        qTarget: 1,
        qForget: 0,
      },
    });
    c = await connect(world);
    const { inputs } = worldRunInputs(world, {
      ...runConfigOf(EvolveConfig.parse({ seed: 21, maxIterations: 2 })),
      bootstrap: 200,
    });
    const runner = endpointReferenceAgent(c);
    const { record } = await runEvolution(inputs, { roles: createModelRoles(c.model), runner, now: CLOCK });
    expect(RunRecord.parse(record)).toEqual(record);
    expect(record.iterations.some((i) => i.gate.admitted)).toBe(true);
    const byRole = c.model.ledger.byRole();
    for (const role of ["agent", "diagnoser", "consolidator", "rewriter"] as const)
      expect(byRole[role]?.calls, role).toBeGreaterThan(0);
    const sent = new Set(c.endpoint.requests.map((r) => r.role));
    expect([...sent].sort()).toEqual(["agent", "consolidator", "diagnoser", "rewriter"]);
    expect(record.tokens.agent!.input).toBeGreaterThan(0);
    expect(c.problems).toEqual([]);
  });
});
