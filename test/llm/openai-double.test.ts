import { afterEach, describe, expect, it } from "vitest";
import { startOpenAIDouble, type OpenAIDouble } from "../support/openai-double.js";

let double: OpenAIDouble | undefined;
afterEach(async () => {
  await double?.close();
});

describe("the OpenAI HTTP double", () => {
  it("rejects a request that openapi.json does not allow, naming the problem", async () => {
    double = await startOpenAIDouble([{ completion: { content: "never sent" } }]);
    const res = await fetch(`${double.baseURL}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "m", messages: [{ role: "wizard", content: "hi" }] }),
    });
    expect(res.status).toBe(400);
    expect(double.requests[0]!.errors.join("\n")).toMatch(/\/messages\/0\/role/);
  });

  it("flags a scripted completion that OpenAI would never send", async () => {
    double = await startOpenAIDouble([{ completion: { content: "x", finishReason: "bogus" as never } }]);
    await fetch(`${double.baseURL}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }] }),
    });
    expect(double.scriptErrors.join("\n")).toMatch(/finish_reason/);
  });
});
