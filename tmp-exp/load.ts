import { evaluate } from "../src/core/evaluate/evaluate.js";
import { generateWorld } from "../src/sim/generate.js";
import { worldInputs } from "../src/sim/world-inputs.js";
import { startSimEndpoint } from "../src/sim/endpoint/server.js";
import { endpointAgent } from "../test/support/endpoint-agent.js";
import { fixedClock } from "../src/vocabulary/clock.js";
import type { Model } from "../src/core/llm/model.js";
import { createReferenceRunner } from "../src/io/runners/reference.js";
import { DEFAULT_LIMITS } from "../src/core/sandbox/containment.js";

const seed = Number(process.argv[2] ?? 4242);
const world = generateWorld({ seed, rules: 12, casesPerRule: 2 });
const w = worldInputs(world);
const ep = await startSimEndpoint({ world, clock: fixedClock("2026-11-30T00:00:00Z") });
async function once(conc: number, delay: boolean) {
  const { model } = endpointAgent(ep.baseURL, false);
  let i = 0;
  const slow: Model = { ...model, settingsKey: model.settingsKey, structured: (r) => model.structured(r),
    chat: async (r) => { const d = delay ? (i++ * 7919) % 23 : 0; await new Promise((ok) => setTimeout(ok, d)); return model.chat(r); } } as Model;
  const runner = createReferenceRunner({ model: slow, modelSettings: model.settingsKey("agent"), maxTurns: 4, scriptTimeoutMs: 1000, maxOutputBytes: 10000,
    containment: { sandbox: "none", pass: [], limits: DEFAULT_LIMITS, parentEnv: process.env } });
  const rec = await evaluate({ skills: w.bank.skills, skillFiles: w.bank.files, cases: w.heldOut, runner, n: 3, k: 1, concurrency: conc, bootstrap: 100, seed: 1, earlyStop: false });
  return rec;
}
const a = await once(1, false);
const b = await once(8, true);
const ta = JSON.stringify(a.cases.map((c: any) => c.tokens)); const tb = JSON.stringify(b.cases.map((c: any) => c.tokens));
console.log(ta === tb ? "SAME" : "DIFF", JSON.stringify(a.cost), JSON.stringify(b.cost));
console.log(Object.keys(a));
await ep.close();
