// The model proxy lends its key to model calls only (docs/security.md, issue 41): with this run's
// token, every other method or path, however its target is spelled, gets a 403 naming the rule and
// never reaches upstream; only allowlisted headers go along. Upstream is a double on 127.0.0.1 that
// records everything that reaches it; requests go out through node:http so their targets and
// headers are sent exactly as written (fetch would resolve `..` itself).
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import type { ModelRoute } from "../../src/core/sandbox/model-route.js";
import { PRESETS } from "../../src/io/runners/agent-preset.js";
import { COMMAND_AGENT } from "../../src/io/runners/command.js";
import { startModelProxy, type ModelProxy } from "../../src/io/runners/model-proxy.js";

const TOKEN = "skillops-run-test";
const KEY = "sk-REAL-KEY";
const CHAT = JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content: "hi" } }] });

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let servers: Server[] = [];
let proxy: ModelProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  await Promise.all(servers.map((s) => new Promise<void>((ok) => s.close(() => ok()))));
  servers = [];
  proxy = undefined;
});

/** A server on 127.0.0.1 that records every request and answers with `reply` (JSON by default). */
async function recorder(
  reply = { type: "application/json", body: CHAT },
  extra: Record<string, string> = {},
) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      res.writeHead(200, { "content-type": reply.type, ...extra }).end(reply.body);
    });
  });
  servers.push(server);
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", () => ok()));
  return { port: (server.address() as { port: number }).port, seen };
}

async function proxied(routes: readonly ModelRoute[], reply?: Parameters<typeof recorder>[0]) {
  const up = await recorder(reply, { "set-cookie": "session=upstream", "openai-organization": "org-real" });
  proxy = await startModelProxy({
    upstream: `http://127.0.0.1:${up.port}/v1`,
    routes,
    scope: { caseId: "c1", runIndex: 0, settings: "s" },
    apiKey: KEY,
    token: TOKEN,
  });
  return up;
}

interface Sent {
  status: number;
  body: string;
  headers: IncomingHttpHeaders;
}

/** One request to the proxy, its target and headers as written; the token as a Bearer unless in x-api-key. */
function send(method: string, target: string, headers: Record<string, string> = {}): Promise<Sent> {
  const port = Number(new URL(proxy!.baseURL).port);
  const auth = "x-api-key" in headers ? {} : { authorization: `Bearer ${TOKEN}` };
  return new Promise((ok, fail) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: target,
        setHost: "host" in headers ? false : true,
        headers: { ...auth, "content-type": "application/json", ...headers },
      },
      (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => ok({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    // A CONNECT's answer comes on the raw socket (node's client hands it over here).
    req.on("connect", (res, socket, head) => {
      let body = head.toString();
      socket.on("data", (c: Buffer) => (body += c.toString()));
      socket.on("close", () => ok({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on("error", fail);
    req.end(method === "GET" || method === "DELETE" ? undefined : '{"model":"m","messages":[]}');
  });
}

const message = (r: Sent) => (JSON.parse(r.body) as { error: { message: string } }).error.message;
const OPENAI_RULE = "this proxy forwards only model calls: POST /v1/chat/completions, POST /v1/responses";

describe("the model proxy forwards model calls only", () => {
  it("with this run's token, every other method or path gets a 403 naming the rule, and nothing reaches upstream", async () => {
    const up = await proxied(COMMAND_AGENT.routes);
    const refused: [string, string][] = [
      ["GET", "/v1/models"],
      ["DELETE", "/v1/files/file-abc"],
      ["POST", "/v1/admin/keys"],
      ["POST", "/v1/organization/admin_api_keys"],
      ["POST", "/v1/files"],
      ["GET", "/v1/chat/completions"],
      ["PUT", "/v1/responses"],
      ["POST", "/v1/messages"],
      ["POST", "/v1/embeddings"],
      ["POST", "/v1/chat/completions/extra"],
    ];
    for (const [method, target] of refused) {
      const r = await send(method, target);
      expect(r.status, `${method} ${target}`).toBe(403);
      expect(message(r)).toContain(`${method} ${target} is not a model call`);
      expect(message(r)).toContain(OPENAI_RULE);
    }
    expect(up.seen).toEqual([]);
  });

  it("normalises the path before the check: dot segments, encoded slashes and dots, double slashes", async () => {
    const up = await proxied(COMMAND_AGENT.routes);
    const refused = [
      "/v1/chat/completions/../../models",
      "/v1/chat/completions/%2e%2e/%2E%2E/models",
      "/v1/chat%2fcompletions%2f..%2f..%2fmodels",
      "/v1/chat/completions/%252e%252e/%252e%252e/models",
      "//evil.example/v1/models",
      "/v1//files/../../v1/models",
      "/v1/%zz/chat/completions",
      "/v1/chat/completions\\..\\..\\models",
    ];
    for (const target of refused) expect((await send("POST", target)).status, target).toBe(403);
    expect(message(await send("POST", refused[0]!))).toContain("POST /v1/models is not a model call");
    expect(up.seen).toEqual([]);
    // The same rule lets a lenient spelling of an allowed path through, sent upstream as the rule's own path.
    for (const target of [
      "//v1//chat/completions",
      "/v1/models/../chat/completions",
      "/v1/chat%2Fcompletions",
    ])
      expect((await send("POST", target)).status, target).toBe(200);
    expect(up.seen.map((s) => `${s.method} ${s.url}`)).toEqual(Array(3).fill("POST /v1/chat/completions"));
  });

  it("an absolute request target or a Host naming another server is refused, and reaches neither server", async () => {
    const up = await proxied(COMMAND_AGENT.routes);
    const evil = await recorder();
    const elsewhere = `http://127.0.0.1:${evil.port}/v1/chat/completions`;
    const absolute = await send("POST", elsewhere);
    expect(absolute.status).toBe(403);
    expect(message(absolute)).toContain(`POST ${elsewhere}: the request target is not a plain path`);
    const hosted = await send("POST", "/v1/chat/completions", { host: `evil.example:${evil.port}` });
    expect(hosted.status).toBe(403);
    expect(message(hosted)).toContain(`names the host evil.example:${evil.port}, not this proxy`);
    expect(up.seen).toEqual([]);
    expect(evil.seen).toEqual([]);
    // The loopback names the agent is given pass.
    for (const host of ["127.0.0.1:4141", "localhost:4141", "[::1]:4141"])
      expect((await send("POST", "/v1/chat/completions", { host })).status, host).toBe(200);
  });

  it("a query string passes upstream but never changes the decision", async () => {
    const up = await proxied(PRESETS["claude-code"].modelRoutes);
    const key = { "x-api-key": TOKEN };
    expect((await send("GET", "/v1/models?next=/v1/messages", key)).status).toBe(403);
    expect((await send("POST", "/v1/files?path=/v1/messages", key)).status).toBe(403);
    expect((await send("POST", "/v1/models?/../messages", key)).status).toBe(403);
    expect(up.seen).toEqual([]);
    expect((await send("POST", "/v1/messages?beta=true", key)).status).toBe(200);
    expect(up.seen.map((s) => s.url)).toEqual(["/v1/messages?beta=true"]);
    expect(up.seen[0]!.headers["x-api-key"]).toBe(KEY);
  });

  it("Codex's WebSocket upgrade of /v1/responses gets a 426 and a CONNECT a 403; neither reaches upstream", async () => {
    const up = await proxied(PRESETS.codex.modelRoutes);
    const ws = await send("GET", "/v1/responses", {
      connection: "Upgrade",
      upgrade: "websocket",
      "sec-websocket-version": "13",
      "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
    });
    expect(ws.status).toBe(426);
    expect(message(ws)).toContain("asks to switch to websocket; this proxy forwards only model calls");
    const tunnel = await send("CONNECT", "api.openai.com:443", { host: "api.openai.com:443" });
    expect(tunnel.status).toBe(403);
    expect(message(tunnel)).toContain("not this proxy");
    expect(up.seen).toEqual([]);
  });

  it("only allowlisted headers reach upstream, the key in place of the token; upstream's cookies stay there", async () => {
    const up = await proxied(COMMAND_AGENT.routes);
    const r = await send("POST", "/v1/responses", {
      "openai-organization": "org-attacker",
      "openai-project": "proj-attacker",
      cookie: "session=stolen",
      "x-forwarded-for": "10.0.0.1",
      "x-forwarded-host": "evil.example",
      "x-custom": "1",
      "x-stainless-os": "Linux",
      "api-key": "sk-guessed",
      "user-agent": "OpenAI/JS 5.0.0",
      accept: "text/event-stream",
      "openai-beta": "responses=experimental",
    });
    expect(r.status).toBe(200);
    const h = up.seen[0]!.headers;
    for (const dropped of [
      "openai-organization",
      "openai-project",
      "cookie",
      "x-forwarded-for",
      "x-forwarded-host",
      "x-custom",
      "x-stainless-os",
      "api-key",
    ])
      expect(h[dropped], dropped).toBeUndefined();
    expect(h).toMatchObject({
      authorization: `Bearer ${KEY}`,
      "user-agent": "OpenAI/JS 5.0.0",
      accept: "text/event-stream",
      "openai-beta": "responses=experimental",
      "content-type": "application/json",
    });
    expect(r.headers["set-cookie"]).toBeUndefined();
    expect(r.headers["openai-organization"]).toBeUndefined();
  });
});

const SSE = { type: "text/event-stream", body: 'event: x\ndata: {"type":"x"}\n\ndata: [DONE]\n\n' };
const ALL: [string, string][] = [
  ["chat", "/v1/chat/completions"],
  ["responses", "/v1/responses"],
  ["messages", "/v1/messages?beta=true"],
  ["embeddings", "/v1/embeddings"],
];

describe("each agent reaches exactly its own model calls", () => {
  it.each([
    ["claude-code", PRESETS["claude-code"].modelRoutes, ["messages"]],
    ["codex", PRESETS.codex.modelRoutes, ["responses"]],
    ["agents-sdk", PRESETS["agents-sdk"].modelRoutes, ["chat", "responses"]],
    ["command", COMMAND_AGENT.routes, ["chat", "responses"]],
  ])("%s: its calls pass, streamed answers included; the others get a 403", async (_, routes, expected) => {
    const up = await proxied(routes, SSE);
    const got: string[] = [];
    for (const [route, target] of ALL) {
      const r = await send("POST", target);
      if (r.status === 200) {
        expect(r.body).toBe(SSE.body);
        expect(r.headers["content-type"]).toBe("text/event-stream");
        got.push(route);
      } else {
        expect(r.status, target).toBe(403);
        expect(message(r)).toContain("is not a model call this agent makes");
      }
    }
    expect(got).toEqual(expected);
    expect(up.seen).toHaveLength(expected.length);
  });
});
