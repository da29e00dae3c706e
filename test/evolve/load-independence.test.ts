// A simulated world is deterministic, so nothing a busy machine changes may reach a run's figures
// (issue 45, "Figures independent of load"). A loaded machine answers model calls late and out of
// order, and now and then not at all; this runs one world's evolution (and the held-out rescoring
// of P₀ and every member) on the production path (the simulated endpoint, the real openai client,
// the reference runner with its memo, cases evaluated four at a time) once as it comes, and once with
// the network edge perturbing it: every request held back by a seeded delay, so executions complete
// in another order, and every seventh agent call answered 500 once before it reaches the endpoint (a
// timed-out call: the run is run again, and the memo serves the calls its failed attempt paid for).
// Every figure must agree: rates, gate lines, paired counts, costs, the held-out figures, and the
// tokens the agent spent (what the failed attempts paid is counted, so the memo's reuse on the
// re-run does not shrink it). Only `executions.run` may differ: the re-runs did run.
import { describe, expect, it } from "vitest";
import { referenceAgent } from "../support/endpoint-agent.js";
import { EvolveConfig, ModelsConfig } from "../../src/core/config/config.js";
import { createModelRoles } from "../../src/core/evolve/model-roles.js";
import { runConfigOf, runEvolution } from "../../src/core/evolve/run.js";
import { firstFigureDifference, runFigures } from "../../src/core/evolve/run-figures.js";
import { createOpenAIModel } from "../../src/io/llm/openai.js";
import type { RunRecord } from "../../src/records/run-record.js";
import { startSimEndpoint } from "../../src/sim/endpoint/server.js";
import { generateWorld } from "../../src/sim/generate.js";
import { worldHashes, worldInputs } from "../../src/sim/world-inputs.js";
import type { World } from "../../src/sim/world.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { deriveRng } from "../../src/vocabulary/rng.js";

const CLOCK = fixedClock("2026-11-30T00:00:00Z");

/**
 * The network as a loaded machine sees it: every call held back by a seeded delay (0–40 ms), and every
 * seventh agent call failing once (500) as a timed-out call would; asked again, it is answered. Only
 * the agent's calls fail: a role call that fails changes a proposal, which is a decision, not a figure.
 */
function loadedFetch(seed: number): typeof fetch {
  const rng = deriveRng(seed, "load");
  const failed = new Set<string>();
  let agentCalls = 0;
  return async (input, init) => {
    await new Promise((ok) => setTimeout(ok, Math.floor(rng.next() * 40)));
    const body = typeof init?.body === "string" ? init.body : "";
    if (body.includes('"load_skill"') && !failed.has(body) && ++agentCalls % 7 === 0) {
      failed.add(body);
      return new Response(JSON.stringify({ error: { message: "overloaded", type: "server_error" } }), {
        status: 500,
        headers: { "content-type": "application/json" },
      });
    }
    return fetch(input, init);
  };
}

async function evolveWorld(world: World, seed: number, loaded: boolean): Promise<RunRecord> {
  const endpoint = await startSimEndpoint({ world, clock: CLOCK });
  try {
    // As `evolve --world` builds it (simulated-model.ts): no client retries, so a failed call fails the run.
    const models = ModelsConfig.parse({ baseURL: endpoint.baseURL, maxRetries: 0 });
    const model = createOpenAIModel(models, {
      env: { OPENAI_API_KEY: "sim-key" },
      ...(loaded ? { fetch: loadedFetch(seed) } : {}),
    });
    const runner = referenceAgent(model, true);
    const w = worldInputs(world);
    const config = {
      ...runConfigOf(EvolveConfig.parse({ seed, maxIterations: 3 })),
      bootstrap: 200,
      parallelCases: 4,
    };
    const inputs = { bank: w.bank, cases: w.cases, pool: w.pool, categories: world.categories, config };
    const deps = { roles: createModelRoles(model), runner, now: CLOCK };
    const result = await runEvolution({ ...inputs, simulated: true, inputs: worldHashes(world, w) }, deps, {
      heldOut: w.heldOut,
    });
    return result.record;
  } finally {
    await endpoint.close();
  }
}

/** What a loaded machine may honestly change: when the run happened, and how many executions it re-ran. */
function costs(r: RunRecord) {
  return {
    baseline: r.baseline.cost,
    frontier: r.frontier.map((m) => [m.candidate, m.cost, m.costEstimate ?? null]),
    children: r.iterations.map((i) => i.child?.measured.cost ?? null),
    agent: r.tokens.agent,
    spent: r.executions.modelTokens?.spent ?? null,
    heldOut: r.heldOut ?? null,
  };
}

describe("figures independent of load", () => {
  it.each([4711, 5252])(
    "world %i: the same figures when calls complete in another order and some fail",
    async (seed) => {
      const world = generateWorld({ seed, rules: 6, casesPerRule: 2 });
      const quiet = await evolveWorld(world, seed, false);
      const loaded = await evolveWorld(world, seed, true);
      expect(firstFigureDifference(runFigures(quiet), runFigures(loaded), quiet.categories)).toBeUndefined();
      expect(costs(loaded)).toEqual(costs(quiet));
      expect(loaded.selected).toBe(quiet.selected);
    },
    120_000,
  );
});
