// `load_skill` with `section`: the reference agent reads one `##` section of a skill (plus its
// overview), and the trace and eval record say which sections a run read — the real `openai` client
// against the HTTP double, model turns scripted.
import { afterEach, describe, expect, it } from "vitest";
import { loadBank } from "../../src/core/bank/bank.js";
import { ModelsConfig } from "../../src/core/config/config.js";
import { evaluateCase } from "../../src/core/evaluate/evaluate.js";
import { createReferenceRunner } from "../../src/io/runners/reference.js";
import type { Case } from "../../src/records/case.js";
import { createOpenAIModel } from "../../src/io/llm/openai.js";
import { startOpenAIDouble, type DoubleReply, type OpenAIDouble } from "../support/openai-double.js";
import { TEST_CONTAINMENT } from "../support/containment.js";

let double: OpenAIDouble | undefined;
afterEach(async () => double?.close());

const SKILL = [
  "---",
  "name: refunds",
  "description: Handle refund requests.",
  "---",
  "# Refunds",
  "",
  "Check the order first.",
  "",
  "## Damaged goods",
  "",
  "Refund damaged goods in full without a return.",
  "",
  "## Late orders",
  "",
  "Offer a voucher for late orders.",
  "",
].join("\n");
const bank = loadBank([{ path: "refunds/SKILL.md", bytes: new TextEncoder().encode(SKILL) }]).bank;
const theCase: Case = {
  id: "dmg-1",
  category: "general",
  diagnosis: "Damaged goods were not refunded.",
  task: {
    prompt: "Order 12 arrived broken.",
    files: [],
    rubric: [{ type: "equals", path: "$.verdict", value: "refund" }],
  },
  skills: [],
  provenance: { channel: "sim", created: "2026-01-01T00:00:00.000Z" },
};

async function runner(turns: DoubleReply[]) {
  let i = 0;
  double = await startOpenAIDouble(
    () => turns[i++] ?? { status: 500, headers: { "x-should-retry": "false" } },
  );
  const config = ModelsConfig.parse({ baseURL: double.baseURL, maxRetries: 0, timeoutMs: 5_000 });
  const model = createOpenAIModel(config, { env: { OPENAI_API_KEY: "k" }, sleep: async () => {} });
  return createReferenceRunner({
    containment: TEST_CONTAINMENT,
    model,
    modelSettings: model.settingsKey("agent"),
    maxTurns: 4,
    scriptTimeoutMs: 1000,
    maxOutputBytes: 10_000,
  });
}

const load = (id: string, args: Record<string, string>) => ({ id, name: "load_skill", arguments: args });

describe("load_skill by section", () => {
  it("returns the overview and the one section asked for, names the others, and refuses an unknown one", async () => {
    const r = await runner([
      {
        completion: {
          toolCalls: [
            load("c1", { name: "refunds", section: "damaged-goods" }),
            load("c2", { name: "refunds", section: "Returns" }),
          ],
        },
      },
      { completion: { content: '{"verdict": "refund"}' } },
    ]);
    const result = await evaluateCase({ case: theCase, skills: bank.skills, runner: r, n: 1, k: 1 });
    const tools = (double!.requests[1]!.body as { messages: { role: string; content: string }[] }).messages
      .filter((m) => m.role === "tool")
      .map((m) => m.content);
    expect(tools[0]).toContain("Check the order first.");
    expect(tools[0]).toContain("Refund damaged goods in full without a return.");
    expect(tools[0]).not.toContain("Offer a voucher");
    expect(tools[0]).toContain("Other sections: Late orders");
    expect(tools[1]).toBe(
      'error: refunds has no section "Returns"; its sections: Damaged goods, Late orders (or "*" for the whole skill)',
    );
    expect(result.runDetails[0]!.skillsLoaded).toEqual(["refunds"]);
    expect(result.runDetails[0]!.sectionsRead).toEqual([{ skill: "refunds", section: "Damaged goods" }]);
  });

  it("without a section (or with *) returns the whole skill and records every section as read", async () => {
    const r = await runner([
      {
        completion: {
          toolCalls: [load("c1", { name: "refunds" }), load("c2", { name: "refunds", section: "*" })],
        },
      },
      { completion: { content: '{"verdict": "refund"}' } },
    ]);
    const out = await r.run({ case: theCase, skills: bank.skills, runIndex: 0, files: {} });
    const tools = (double!.requests[1]!.body as { messages: { role: string; content: string }[] }).messages
      .filter((m) => m.role === "tool")
      .map((m) => m.content);
    for (const t of tools) expect(t).toContain("Offer a voucher for late orders.");
    expect(out.trace.filter((e) => e.type === "section-read")).toEqual([
      { type: "section-read", skill: "refunds", section: "Damaged goods" },
      { type: "section-read", skill: "refunds", section: "Late orders" },
      { type: "section-read", skill: "refunds", section: "Damaged goods" },
      { type: "section-read", skill: "refunds", section: "Late orders" },
    ]);
  });
});
