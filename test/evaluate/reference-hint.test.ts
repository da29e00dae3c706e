// A run's written strategy (SkillEvolver, RunInput.hint) reaches the reference agent as the last line
// of its task prompt — the real `openai` client against the HTTP double, the answer scripted.
import { afterEach, describe, expect, it } from "vitest";
import { loadBank } from "../../src/core/bank/bank.js";
import type { Case } from "../../src/records/case.js";
import { ModelsConfig } from "../../src/core/config/config.js";
import { createReferenceRunner } from "../../src/io/runners/reference.js";
import { FALLBACK_STRATEGIES, strategyLine } from "../../src/core/llm/prompts/exploration-strategies.js";
import { createOpenAIModel } from "../../src/io/llm/openai.js";
import { startOpenAIDouble, type OpenAIDouble } from "../support/openai-double.js";
import { TEST_CONTAINMENT } from "../support/containment.js";

let double: OpenAIDouble | undefined;
afterEach(async () => double?.close());

const SKILL =
  "---\nname: refunds\ndescription: Handle refund requests.\n---\n# Refunds\n\nCheck the order first.\n";
const bank = loadBank([{ path: "refunds/SKILL.md", bytes: new TextEncoder().encode(SKILL) }]).bank;
const theCase: Case = {
  id: "r-1",
  category: "general",
  diagnosis: "d",
  task: { prompt: "Order 12 arrived broken.", files: [], rubric: [] },
  skills: [],
  provenance: { channel: "sim", created: "2026-01-01T00:00:00.000Z" },
};

describe("strategy hints in the reference agent's prompt", () => {
  it("ends the task prompt with the hint; without one the prompt is the task's own", async () => {
    double = await startOpenAIDouble(() => ({ completion: { content: '{"verdict": "refund"}' } }));
    const config = ModelsConfig.parse({ baseURL: double.baseURL, maxRetries: 0, timeoutMs: 5_000 });
    const model = createOpenAIModel(config, { env: { OPENAI_API_KEY: "k" }, sleep: async () => {} });
    const runner = createReferenceRunner({
      containment: TEST_CONTAINMENT,
      model,
      modelSettings: model.settingsKey("agent"),
      maxTurns: 2,
      scriptTimeoutMs: 1000,
      maxOutputBytes: 10_000,
    });
    const input = { case: theCase, skills: bank.skills, runIndex: 1, files: {} };
    await runner.run(input);
    await runner.run({ ...input, hint: strategyLine(FALLBACK_STRATEGIES[1]!) });
    const users = double.requests.map(
      (r) => (r.body as { messages: { role: string; content: string }[] }).messages[1]!.content,
    );
    expect(users[0]).toBe("Order 12 arrived broken.");
    expect(users[1]).toBe(`Order 12 arrived broken.\n\n${strategyLine(FALLBACK_STRATEGIES[1]!)}`);
  });
});
