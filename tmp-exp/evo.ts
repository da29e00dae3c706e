import { EvolveConfig } from "../src/core/config/config.js";
import { createModelRoles } from "../src/core/evolve/model-roles.js";
import { runConfigOf, runEvolution } from "../src/core/evolve/run.js";
import { startSimEndpoint } from "../src/sim/endpoint/server.js";
import { worldHashes, worldInputs } from "../src/sim/world-inputs.js";
import { generateWorld } from "../src/sim/generate.js";
import { fixedClock } from "../src/vocabulary/clock.js";
import { endpointAgent } from "../test/support/endpoint-agent.js";
import { createReferenceRunner } from "../src/io/runners/reference.js";
import { DEFAULT_LIMITS } from "../src/core/sandbox/containment.js";
import { createMemoryMemo } from "../src/core/evaluate/model-memo.js";
import type { Model } from "../src/core/llm/model.js";
const CLOCK = fixedClock("2026-11-30T00:00:00Z");
const seed = Number(process.argv[2] ?? 6100);
const world = generateWorld({ seed, rules: 6, casesPerRule: 2 });
async function run(delay: boolean) {
  const endpoint = await startSimEndpoint({ world, clock: CLOCK });
  const { model } = endpointAgent(endpoint.baseURL, true);
  let i = 0;
  const slow = { ...model, chat: async (r: any) => { const d = delay ? (i++ * 7919) % 17 : 0; await new Promise((ok) => setTimeout(ok, d)); return model.chat(r); } } as Model;
  const runner = createReferenceRunner({ model: slow, modelSettings: model.settingsKey("agent"), maxTurns: 4, scriptTimeoutMs: 1000, maxOutputBytes: 10000,
    containment: { sandbox: "none", pass: [], limits: DEFAULT_LIMITS, parentEnv: process.env }, memo: createMemoryMemo() });
  const w = worldInputs(world);
  const config = runConfigOf(EvolveConfig.parse({ seed, maxIterations: 3 }));
  const r = await runEvolution({ bank: w.bank, cases: w.cases, pool: w.pool, categories: world.categories, config: { ...config, bootstrap: 200, ...(delay ? { parallelCases: 4 } : {}) } as any, simulated: true, inputs: worldHashes(world, w) },
    { roles: createModelRoles(model), runner, now: CLOCK });
  await endpoint.close();
  return r.record;
}
const a = await run(false); const b = await run(true);
const strip = (x: any) => JSON.stringify(x, (k, v) => (k === "wallMs" || k === "durationMs" || k==="startedAt"||k==="finishedAt"||k==="parallelCases" ? undefined : v));
const sa = strip(a), sb = strip(b);
console.log(sa === sb ? "SAME" : "DIFF");
if (sa !== sb) { let j = 0; while (sa[j] === sb[j]) j++; console.log(sa.slice(j - 300, j + 200)); console.log("----"); console.log(sb.slice(j - 300, j + 200)); }
console.log("baseline cost", JSON.stringify(a.frontier[0]?.cost), JSON.stringify(b.frontier[0]?.cost));
