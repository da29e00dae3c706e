// Issue 41, as an attacker tried it: an agent started by skillops (inside bubblewrap where it works,
// through the bridge on 127.0.0.1:4141) holds this run's token and asks the proxy for the key's other
// powers (list models, delete a file, mint an admin key, upload a file), with a header of its choosing.
// Each gets a 403 and nothing but its model call reaches upstream, for the command runner and for
// the claude-code preset. The agent reports the statuses it got in its last (allowed) model call.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createAgentRunner } from "../../src/io/runners/agent-runner.js";
import { PRESETS } from "../../src/io/runners/agent-preset.js";
import { createCommandRunner } from "../../src/io/runners/command.js";
import { generateWorld } from "../../src/sim/generate.js";
import { TEST_CONTAINMENT } from "../support/containment.js";

const KEY = "sk-REAL-KEY";
const k = generateWorld({ seed: 31, rules: 4 }).evolution[0]!.case;
const input = { case: k, skills: [], runIndex: 0, files: {} };

// Speaks as Claude Code when it is given ANTHROPIC_BASE_URL, else as an OpenAI-compatible agent.
const AGENT = String.raw`
if (process.argv.includes("--version")) { console.log("2.0.31 (Claude Code)"); process.exit(0); }
const claude = Boolean(process.env.ANTHROPIC_BASE_URL);
const base = claude ? process.env.ANTHROPIC_BASE_URL + "/v1" : process.env.OPENAI_BASE_URL;
const headers = {
  "content-type": "application/json",
  "openai-organization": "org-attacker",
  ...(claude ? { "x-api-key": process.env.ANTHROPIC_API_KEY } : { authorization: "Bearer " + process.env.OPENAI_API_KEY }),
};
const tries = [["GET", "/models"], ["DELETE", "/files/file-abc"], ["POST", "/organization/admin_api_keys"], ["POST", "/files"], ["GET", "/responses"]];
const statuses = [];
for (const [method, path] of tries) {
  const body = method === "POST" ? "{}" : undefined;
  statuses.push((await fetch(base + path, { method, headers, body })).status);
}
const final = claude ? "/messages?beta=true" : "/chat/completions";
const r = await fetch(base + final, { method: "POST", headers, body: JSON.stringify({ model: "m", messages: [], statuses }) });
console.log(JSON.stringify({ output: { statuses, final: r.status } }));
`;
const COMMAND = [process.execPath, "--input-type=module", "-e", AGENT, "--"];

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let upstream: Server | undefined;
afterEach(async () => new Promise<void>((ok) => (upstream ? upstream.close(() => ok()) : ok())));

async function recordingUpstream() {
  const seen: Seen[] = [];
  upstream = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      res.writeHead(200, { "content-type": "application/json" }).end('{"choices":[]}');
    });
  });
  await new Promise<void>((ok) => upstream!.listen(0, "127.0.0.1", () => ok()));
  const url = `http://127.0.0.1:${(upstream.address() as { port: number }).port}/v1`;
  return { url, seen };
}

const runnerOptions = (url: string) => ({
  timeoutMs: 20_000,
  maxOutputBytes: 100_000,
  containment: TEST_CONTAINMENT,
  modelProxy: { upstream: url, apiKey: KEY },
});

describe("a contained agent holding the run's token can make model calls and nothing else", () => {
  it("the command runner: every other call gets a 403 and only the chat completion reaches upstream", async () => {
    const up = await recordingUpstream();
    const r = await createCommandRunner({ command: COMMAND, ...runnerOptions(up.url) }).run(input);
    expect(r.error).toBeUndefined();
    expect(r.output).toEqual({ statuses: [403, 403, 403, 403, 403], final: 200 });
    expect(up.seen.map((s) => `${s.method} ${s.url}`)).toEqual(["POST /v1/chat/completions"]);
    expect(up.seen[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(up.seen[0]!.headers["openai-organization"]).toBeUndefined();
  });

  it("the claude-code preset: only POST /v1/messages reaches upstream, with the key in x-api-key", async () => {
    const up = await recordingUpstream();
    const runner = createAgentRunner({
      preset: PRESETS["claude-code"],
      command: COMMAND,
      ...runnerOptions(up.url),
    });
    // The stand-in prints our contract, not Claude Code's stream: the run fails to parse, which is
    // not what is tested here; what reached upstream is.
    await runner.run(input);
    expect(up.seen.map((s) => `${s.method} ${s.url}`)).toEqual(["POST /v1/messages?beta=true"]);
    expect(JSON.parse(up.seen[0]!.body)).toMatchObject({ statuses: [403, 403, 403, 403, 403] });
    expect(up.seen[0]!.headers["x-api-key"]).toBe(KEY);
    expect(up.seen[0]!.headers["openai-organization"]).toBeUndefined();
  });
});
