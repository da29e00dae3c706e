// The command runner's model proxy as a guard (docs/security.md): it holds the real key and accepts
// only the per-run token; it stores only successful answers with a valid OpenAI body; it refuses
// answers over its size cap. Upstream is a small server on 127.0.0.1 that answers as told.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryMemo } from "../../src/core/evaluate/model-memo.js";
import { startModelProxy, type ModelProxy, type ProxyEntry } from "../../src/io/runners/model-proxy.js";

const CHAT = {
  id: "c",
  object: "chat.completion",
  created: 0,
  model: "m",
  choices: [{ index: 0, message: { role: "assistant", content: "hi" }, finish_reason: "stop" }],
  usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
};

let upstream: Server | undefined;
let proxy: ModelProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  await new Promise<void>((ok) => (upstream ? upstream.close(() => ok()) : ok()));
  upstream = proxy = undefined;
});

/** An upstream that answers each request with the next reply and records the headers it got. */
async function startUpstream(replies: { status: number; type: string; body: string }[]) {
  const seen: IncomingHttpHeaders[] = [];
  upstream = createServer((req, res) => {
    seen.push(req.headers);
    req.resume().on("end", () => {
      const r = replies[Math.min(seen.length - 1, replies.length - 1)]!;
      res.writeHead(r.status, { "content-type": r.type }).end(r.body);
    });
  });
  await new Promise<void>((ok) => upstream!.listen(0, "127.0.0.1", () => ok()));
  const port = (upstream.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/v1`, seen };
}

const ask = (token: string | undefined, headers: Record<string, string> = {}) =>
  fetch(`${proxy!.baseURL}/chat/completions`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }] }),
  });

async function proxied(replies: Parameters<typeof startUpstream>[0], maxAnswerBytes?: number) {
  const up = await startUpstream(replies);
  const store = createMemoryMemo<ProxyEntry>();
  proxy = await startModelProxy({
    upstream: up.url,
    routes: ["chat"],
    scope: { caseId: "c1", runIndex: 0, settings: "s" },
    store,
    apiKey: "sk-REAL",
    token: "run-token",
    ...(maxAnswerBytes ? { maxAnswerBytes } : {}),
  });
  return { up, store };
}

const json = (body: unknown, status = 200) => ({
  status,
  type: "application/json",
  body: JSON.stringify(body),
});

describe("the model proxy guards the key", () => {
  it("refuses a request without this run's token, and swaps the token for the real key upstream", async () => {
    const { up } = await proxied([json(CHAT)]);
    const refused = await ask(undefined, { authorization: "Bearer sk-guessed" });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain("this run's token is missing or wrong");
    expect(up.seen).toEqual([]);
    expect((await ask("run-token")).status).toBe(200);
    expect(up.seen[0]!.authorization).toBe("Bearer sk-REAL");
  });

  it("an Azure-style api-key header carries the token in and the key out", async () => {
    const { up } = await proxied([json(CHAT)]);
    expect((await ask(undefined, { "api-key": "run-token" })).status).toBe(200);
    expect(up.seen[0]!["api-key"]).toBe("sk-REAL");
    expect(up.seen[0]!.authorization).toBeUndefined();
  });
});

describe("the model proxy stores only successes", () => {
  it("a 200 with an HTML error page is passed through and never stored", async () => {
    const { store } = await proxied([{ status: 200, type: "text/html", body: "<html>Bad gateway</html>" }]);
    const r = await ask("run-token");
    expect([r.status, await r.text()]).toEqual([200, "<html>Bad gateway</html>"]);
    expect(store.size()).toBe(0);
  });

  it("a truncated JSON body, an error status and a stream without [DONE] are not stored; a valid answer is", async () => {
    const stream = (events: string[]) => ({
      status: 200,
      type: "text/event-stream",
      body: events.map((e) => `data: ${e}\n\n`).join(""),
    });
    const chunk = JSON.stringify({ ...CHAT, object: "chat.completion.chunk" });
    const { store } = await proxied([
      { status: 200, type: "application/json", body: JSON.stringify(CHAT).slice(0, 40) },
      json({ error: { message: "overloaded" } }, 503),
      stream([chunk]),
      stream([chunk, "[DONE]"]),
    ]);
    for (let i = 0; i < 3; i++) await (await ask("run-token")).text();
    expect(store.size()).toBe(0);
    await (await ask("run-token")).text();
    expect(store.size()).toBe(1);
  });
});

describe("the model proxy never reuses a refusal", () => {
  it("a 200 whose message is a refusal passes through and is not stored", async () => {
    const refusal = {
      ...CHAT,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: null, refusal: "I can't help with that." },
          finish_reason: "stop",
        },
      ],
    };
    const { store } = await proxied([json(refusal)]);
    expect(JSON.parse(await (await ask("run-token")).text()).choices[0].message.refusal).toBe(
      "I can't help with that.",
    );
    expect(store.size()).toBe(0);
  });
});

describe("the model proxy caps answers", () => {
  it("an answer over maxAnswerBytes is refused with a clear error and not stored", async () => {
    const big = {
      ...CHAT,
      choices: [{ ...CHAT.choices[0]!, message: { role: "assistant", content: "x".repeat(5000) } }],
    };
    const { store } = await proxied([json(big)], 1000);
    const r = await ask("run-token");
    expect(r.status).toBe(502);
    expect(await r.text()).toContain(
      "the model's answer is over 1000 bytes (evaluate.modelProxy.maxAnswerBytes); refused",
    );
    expect(store.size()).toBe(0);
  });
});
