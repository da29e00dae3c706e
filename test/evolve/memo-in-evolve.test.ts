// The memo in the loop, on the production path (runEvolution, model roles, the reference runner,
// the real client, the simulated endpoint): on a deterministic world the run with the memo and the
// run with `--no-memo` make byte-identical decisions, while the memo run pays fewer agent tokens.
import { afterEach, describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/core/config/config.js";
import { createMemoryMemo } from "../../src/core/evaluate/model-memo.js";
import type { EvolveInputs } from "../../src/core/evolve/context.js";
import { createModelRoles } from "../../src/core/evolve/model-roles.js";
import { RunRecord } from "../../src/records/run-record.js";
import { runConfigOf, runEvolution } from "../../src/core/evolve/run.js";
import { generateWorld } from "../../src/sim/generate.js";
import { worldHashes, worldInputs } from "../../src/sim/world-inputs.js";
import { CLOCK, connect, endpointReferenceAgent, type Connected } from "../sim/endpoint-support.js";

const opened: Connected[] = [];
afterEach(async () => {
  for (const c of opened.splice(0)) await c.endpoint.close();
});

const world = generateWorld({
  seed: 21,
  rules: 4,
  casesPerRule: 1,
  params: { pHit: { general: 1, hallucination: 1, special: 1 }, pMiss: 0, qNoise: 0, qTarget: 1, qForget: 0 },
});

async function evolveOnce(memo: boolean) {
  const c = await connect(world);
  opened.push(c);
  const w = worldInputs(world);
  const config = runConfigOf(EvolveConfig.parse({ seed: 21, maxIterations: 3 }));
  const inputs: EvolveInputs = {
    bank: w.bank,
    cases: w.cases,
    pool: w.pool,
    categories: world.categories,
    config: { ...config, bootstrap: 200, ...(memo ? {} : { memo: false }) },
    simulated: true,
    inputs: worldHashes(world, w),
  };
  const runner = endpointReferenceAgent(c, memo ? { memo: createMemoryMemo() } : {});
  const { record } = await runEvolution(inputs, { roles: createModelRoles(c.model), runner, now: CLOCK });
  const agentCalls = c.endpoint.requests.filter((r) => r.role === "agent").length;
  // What the endpoint answered to the agent and the judge: what the run paid for evaluation.
  const answered = c.endpoint.requests
    .filter((r) => r.role === "agent" || r.role === "judge")
    .reduce((s, r) => s + r.usage.input + r.usage.output, 0);
  return { record, agentCalls, answered };
}

const decisions = (r: RunRecord) =>
  JSON.stringify({
    iterations: r.iterations.map((i) => ({
      child: i.child?.candidate,
      gate: i.gate,
      frontier: i.frontierAfter,
    })),
    frontier: r.frontier.map((m) => ({ candidate: m.candidate, total: m.total, cost: m.cost })),
    selected: r.selected,
  });

describe("the model-call memo in evolve", () => {
  it("gives byte-identical frontier decisions, gate verdicts and P* to --no-memo, for fewer tokens spent", async () => {
    const withMemo = await evolveOnce(true);
    const without = await evolveOnce(false);
    expect(RunRecord.parse(withMemo.record)).toEqual(withMemo.record);
    expect(withMemo.record.iterations.some((i) => i.gate.admitted)).toBe(true);
    expect(decisions(withMemo.record)).toBe(decisions(without.record));
    expect(withMemo.record.executions.run).toBe(without.record.executions.run);
    const spent = withMemo.record.executions.modelTokens!;
    const spentWithout = without.record.executions.modelTokens!;
    expect(spent.naive).toBe(spentWithout.naive);
    expect(spent.spent).toBeLessThan(spentWithout.spent);
    // The record's spend is exactly what the endpoint answered, finished early-stopped runs included.
    expect(spent.spent).toBe(withMemo.answered);
    expect(spentWithout.spent).toBe(without.answered);
    expect(withMemo.agentCalls).toBeLessThan(without.agentCalls);
    // The agent's tokens on the record are what the run paid; deployment cost is unchanged above.
    expect(withMemo.record.tokens.agent!.input).toBeLessThan(without.record.tokens.agent!.input);
  });
});
