// One evolution run of a generated world on the production path: the simulated endpoint serves the
// OpenAI API, the real `openai` client and the reference runner call it, and runEvolution runs the
// loop. Shared by the benches and tests that compare runs of the same world under different settings
// (savings, memo, gate test), with the tokens the endpoint actually answered.
import { endpointAgent } from "./endpoint-agent.js";
import { EvolveConfig } from "../../src/core/config/config.js";
import { createModelRoles } from "../../src/core/evolve/model-roles.js";
import { runConfigOf, runEvolution, type EvolveResult } from "../../src/core/evolve/run.js";
import type { EvolveDeps } from "../../src/core/evolve/context.js";
import type { RunConfig } from "../../src/records/run-record.js";
import { startSimEndpoint } from "../../src/sim/endpoint/server.js";
import { worldHashes, worldInputs } from "../../src/sim/world-inputs.js";
import type { World } from "../../src/sim/world.js";
import { fixedClock } from "../../src/vocabulary/clock.js";

const CLOCK = fixedClock("2026-11-30T00:00:00Z");

export interface EndpointEvolution extends EvolveResult {
  /** Agent and judge tokens (input + output): what evaluation cost. */
  paid: number;
  /** Every role's tokens, the diagnosers and rewriter included. */
  paidAll: number;
  /** The endpoint's tokens by role (agent, judge, diagnoser, …). */
  byRole: Record<string, number>;
}

/** `knobs` are evolve config values (EvolveConfig); `settings` the run's other RunConfig fields. */
export async function evolveOnEndpoint(
  world: World,
  opts: {
    knobs: Record<string, unknown>;
    settings?: Partial<RunConfig>;
    memo: boolean;
    /** Sees what each measurement paid, by phase (spend-phase.ts). */
    onSpend?: EvolveDeps["onSpend"];
  },
): Promise<EndpointEvolution> {
  const endpoint = await startSimEndpoint({ world, clock: CLOCK });
  try {
    const { model, runner } = endpointAgent(endpoint.baseURL, opts.memo);
    const w = worldInputs(world);
    const config = runConfigOf(EvolveConfig.parse(opts.knobs));
    const result = await runEvolution(
      {
        bank: w.bank,
        cases: w.cases,
        pool: w.pool,
        categories: world.categories,
        config: { ...config, ...opts.settings, ...(opts.memo ? {} : { memo: false }) },
        simulated: true,
        inputs: worldHashes(world, w),
      },
      {
        roles: createModelRoles(model),
        runner,
        now: CLOCK,
        ...(opts.onSpend ? { onSpend: opts.onSpend } : {}),
      },
    );
    const tokens = (rs: typeof endpoint.requests) =>
      rs.reduce((s, r) => s + r.usage.input + r.usage.output, 0);
    const paid = tokens(endpoint.requests.filter((r) => r.role === "agent" || r.role === "judge"));
    const byRole: Record<string, number> = {};
    for (const r of endpoint.requests)
      byRole[r.role] = (byRole[r.role] ?? 0) + r.usage.input + r.usage.output;
    return { ...result, paid, paidAll: tokens(endpoint.requests), byRole };
  } finally {
    await endpoint.close();
  }
}
