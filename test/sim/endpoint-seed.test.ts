// The reference agent sends its run index as the Chat Completions `seed`, and the simulated endpoint
// samples per seed as a model that honours `seed` does: the n runs of a case are independent draws,
// and repeating run i repeats its answer. Without the seed every run of a case sent the identical
// request and got the identical answer, so pass@k over n runs was pass@1 n times.
import { afterEach, describe, expect, it } from "vitest";
import { createReferenceRunner } from "../../src/io/runners/reference.js";
import { generateWorld } from "../../src/sim/generate.js";
import { worldBank } from "../../src/sim/world-inputs.js";
import { connect, type Connected } from "./endpoint-support.js";
import { startOpenAIDouble, type OpenAIDouble } from "../support/openai-double.js";
import { ModelsConfig } from "../../src/core/config/config.js";
import { createOpenAIModel } from "../../src/io/llm/openai.js";
import { TEST_CONTAINMENT } from "../support/containment.js";

// Every case's clause is in the bank (pool rules), and a run passes with probability ½.
const world = generateWorld({
  seed: 3,
  rules: 2,
  params: { pHit: { general: 0.5, hallucination: 0.5, special: 0.5 } },
});
const wc = world.pool[0]!;

let c: Connected | undefined;
let double: OpenAIDouble | undefined;
afterEach(async () => {
  await c?.endpoint.close();
  await double?.close();
});

const runner = (model: Connected["model"]) =>
  createReferenceRunner({
    containment: TEST_CONTAINMENT,
    model,
    modelSettings: "sim",
    maxTurns: 4,
    scriptTimeoutMs: 1000,
    maxOutputBytes: 10_000,
  });

describe("sampling seeds", () => {
  it("the reference agent sends its run index as `seed`", async () => {
    double = await startOpenAIDouble([
      { completion: { content: "done" } },
      { completion: { content: "done" } },
    ]);
    const model = createOpenAIModel(
      ModelsConfig.parse({ provider: "openai", baseURL: double.baseURL, maxRetries: 0 }),
      {
        env: { OPENAI_API_KEY: "k" },
      },
    );
    const agent = runner(model as Connected["model"]);
    await agent.run({ case: wc.case, skills: worldBank(world).skills, runIndex: 0, files: {} });
    await agent.run({ case: wc.case, skills: worldBank(world).skills, runIndex: 7, files: {} });
    expect(double.requests.map((r) => (r.body as { seed?: number }).seed)).toEqual([0, 7]);
    expect(double.requests.flatMap((r) => r.errors)).toEqual([]);
  });

  it("runs of one case differ across seeds and repeat for one seed", async () => {
    c = await connect(world);
    const agent = runner(c.model);
    const skills = worldBank(world).skills;
    const verdicts: string[] = [];
    for (let i = 0; i < 12; i++)
      verdicts.push(
        JSON.stringify((await agent.run({ case: wc.case, skills, runIndex: i, files: {} })).output),
      );
    expect(new Set(verdicts).size).toBeGreaterThan(1);
    const again = await agent.run({ case: wc.case, skills, runIndex: 5, files: {} });
    expect(JSON.stringify(again.output)).toBe(verdicts[5]);
  });
});
