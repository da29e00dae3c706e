// The recording proxy's token count for the agents the presets start (docs/agents.md): usage as chat
// completions, the Responses API (Codex, Agents SDK) and Anthropic's Messages API (Claude Code)
// report it, plain and streamed; and Anthropic's `x-api-key` carries the per-run token.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { startModelProxy, usageOfAnswer } from "../../src/io/runners/model-proxy.js";

const sse = (events: [string, unknown][]) =>
  events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join("");

describe("usageOfAnswer", () => {
  it("reads chat completions, Responses and Anthropic JSON bodies", () => {
    const json = (body: unknown) =>
      usageOfAnswer({ contentType: "application/json", body: JSON.stringify(body) });
    expect(
      json({
        usage: { prompt_tokens: 50, completion_tokens: 5, prompt_tokens_details: { cached_tokens: 20 } },
      }),
    ).toEqual({
      input: 50,
      output: 5,
      cached: 20,
    });
    expect(
      json({
        object: "response",
        usage: { input_tokens: 40, output_tokens: 4, input_tokens_details: { cached_tokens: 8 } },
      }),
    ).toEqual({
      input: 40,
      output: 4,
      cached: 8,
    });
    // Anthropic counts cache reads and writes apart from input_tokens.
    expect(
      json({
        type: "message",
        usage: {
          input_tokens: 3,
          cache_read_input_tokens: 100,
          cache_creation_input_tokens: 10,
          output_tokens: 7,
        },
      }),
    ).toEqual({ input: 113, output: 7, cached: 100 });
  });

  it("reads an Anthropic stream (usage in message_start, cumulative output in message_delta) without double counting", () => {
    const body = sse([
      [
        "message_start",
        {
          type: "message_start",
          message: { usage: { input_tokens: 12, cache_read_input_tokens: 0, output_tokens: 1 } },
        },
      ],
      [
        "content_block_delta",
        { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "ok" } },
      ],
      [
        "message_delta",
        { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 9 } },
      ],
      ["message_stop", { type: "message_stop" }],
    ]);
    expect(usageOfAnswer({ contentType: "text/event-stream", body })).toEqual({
      input: 12,
      output: 9,
      cached: 0,
    });
  });

  it("reads a Responses stream's response.completed event", () => {
    const body = sse([
      ["response.created", { type: "response.created", response: { usage: null } }],
      [
        "response.completed",
        { type: "response.completed", response: { usage: { input_tokens: 30, output_tokens: 6 } } },
      ],
    ]);
    expect(usageOfAnswer({ contentType: "text/event-stream", body })).toEqual({
      input: 30,
      output: 6,
      cached: 0,
    });
  });
});

describe("the proxy and Anthropic's x-api-key", () => {
  it("accepts the per-run token in x-api-key and forwards the real key in the same header", async () => {
    let seen: IncomingHttpHeaders = {};
    // Edge double of the Messages endpoint: records the headers, answers with a usage block.
    const upstream = createServer((req, res) => {
      seen = req.headers;
      req.resume();
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({ type: "message", content: [], usage: { input_tokens: 21, output_tokens: 3 } }),
      );
    });
    await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
    const port = (upstream.address() as AddressInfo).port;
    const proxy = await startModelProxy({
      upstream: `http://127.0.0.1:${port}/v1`,
      routes: ["messages"],
      scope: { caseId: "c1", runIndex: 0, settings: "anthropic" },
      apiKey: "sk-ant-real",
      token: "skillops-run-abc",
    });
    try {
      const ask = (key: string) =>
        fetch(`${proxy.baseURL}/messages`, { method: "POST", headers: { "x-api-key": key }, body: "{}" });
      expect((await ask("wrong")).status).toBe(401);
      expect((await ask("skillops-run-abc")).status).toBe(200);
      expect(seen["x-api-key"]).toBe("sk-ant-real");
      expect(seen.authorization).toBeUndefined();
      expect(proxy.usage()).toEqual({ input: 21, output: 3, cached: 0 });
    } finally {
      await proxy.close();
      upstream.close();
    }
  });
});
