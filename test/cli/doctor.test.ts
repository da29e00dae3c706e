// `skillops doctor` against local endpoints: the OpenAI double (test/support/openai-double.ts) for
// skillops' own model calls, the Anthropic double for Claude Code's, and the real Claude Code (the
// pinned devDependency) as the runner's program. Each problem is named with its fix, the exit status
// says whether any check failed, and no key's value is ever printed.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/apps/cli/main.js";
import { capturedIo } from "../support/captured-io.js";
import { SANDBOX_MISSING } from "../support/containment.js";
import { startOpenAIDouble, type DoubleReply } from "../support/openai-double.js";
import { startAnthropicDouble, type AnthropicDouble } from "../support/anthropic-double.js";
import { realAgent } from "../support/real-agents.js";

const CLAUDE = realAgent("claude-code");
const OPENAI_KEY = "sk-openai-doctor-never-printed-0123456789";
const ANTHROPIC_KEY = "sk-ant-doctor-never-printed-0123456789";
let root: string;
let anthropic: AnthropicDouble;

interface Check {
  check: string;
  status: string;
  detail: string;
  fix?: string;
}

async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, "127.0.0.1", ok));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((ok) => s.close(() => ok()));
  return port;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "skillops-doctor-"));
  await mkdir(join(root, ".github"));
  anthropic = await startAnthropicDouble([{ text: "ok" }]);
});
afterAll(async () => {
  await anthropic.close();
  await rm(root, { recursive: true, force: true });
});

async function doctor(config: string, env: Record<string, string | undefined>, args: string[] = []) {
  const sandbox = SANDBOX_MISSING ? "\n  sandbox: none" : "";
  await writeFile(
    join(root, ".github/skillops.yml"),
    `${config}\nevaluate:\n  runner: reference${sandbox}\n`,
  );
  const { io, out } = capturedIo(root, { PATH: process.env.PATH, HOME: process.env.HOME, ...env });
  const code = await main(["doctor", "--json", ...args], io);
  const all = out.stdout + out.stderr;
  for (const key of [OPENAI_KEY, ANTHROPIC_KEY]) expect(all).not.toContain(key);
  const report = JSON.parse(out.stdout) as { ok: boolean; checks: Check[] };
  const find = (name: string) => report.checks.find((c) => c.check === name);
  return { code, report, find, out };
}

describe("skillops doctor: the model endpoint", () => {
  it("one 1-token call that works: every check passes, exit 0, the key used but never shown", async () => {
    const double = await startOpenAIDouble([{ completion: { content: "ok" } }]);
    try {
      const r = await doctor(`models:\n  baseURL: ${double.baseURL}`, { OPENAI_API_KEY: OPENAI_KEY });
      expect(r.find("model endpoint")).toMatchObject({ status: "ok" });
      expect(r.find("key OPENAI_API_KEY")).toEqual({
        check: "key OPENAI_API_KEY",
        status: "ok",
        detail: "set (value not shown)",
      });
      expect(r.report.checks.filter((c) => c.status === "fail")).toEqual([]);
      expect(r.code).toBe(0);
      expect(double.requests).toHaveLength(1);
      expect(double.requests[0]!.errors).toEqual([]);
      expect(double.requests[0]!.body).toMatchObject({ model: "gpt-4o-mini", max_tokens: 1 });
      expect(double.requests[0]!.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    } finally {
      await double.close();
    }
  });

  const refusals: [string, DoubleReply, RegExp, RegExp][] = [
    [
      "a refused key is named with the variable to fix",
      {
        status: 401,
        json: { error: { message: "Incorrect API key provided", type: "invalid_request_error" } },
      },
      /refused the key in OPENAI_API_KEY \(HTTP 401\): .*Incorrect API key/,
      /valid key for this endpoint in OPENAI_API_KEY/,
    ],
    [
      "an unknown model is named as such",
      {
        status: 404,
        json: { error: { message: "The model `gpt-4o-mini` does not exist", code: "model_not_found" } },
      },
      /has no model "gpt-4o-mini" \(HTTP 404\)/,
      /name a model this endpoint serves/,
    ],
  ];
  for (const [name, reply, detail, fix] of refusals)
    it(`${name}, exit 1`, async () => {
      const double = await startOpenAIDouble([reply]);
      try {
        const r = await doctor(`models:\n  baseURL: ${double.baseURL}`, { OPENAI_API_KEY: OPENAI_KEY });
        const c = r.find("model endpoint")!;
        expect(c.status).toBe("fail");
        expect(c.detail).toMatch(detail);
        expect(c.fix).toMatch(fix);
        expect(r.code).toBe(1);
      } finally {
        await double.close();
      }
    });

  it("a missing key is a failed check naming the variable; the text report prints each fix", async () => {
    const port = await closedPort();
    await writeFile(
      join(root, ".github/skillops.yml"),
      `models:\n  baseURL: http://127.0.0.1:${port}/v1\nevaluate:\n  runner: reference\n`,
    );
    const { io, out } = capturedIo(root, { PATH: process.env.PATH });
    const code = await main(["doctor"], io);
    expect(code).toBe(1);
    expect(out.stdout).toMatch(/\[FAIL\] key OPENAI_API_KEY: not set\n {7}fix: export OPENAI_API_KEY=…/);
    expect(out.stdout).toMatch(
      /\[FAIL\] model endpoint: http:\/\/127\.0\.0\.1:\d+\/v1 is unreachable \(ECONNREFUSED\)/,
    );
    expect(out.stdout).toMatch(/fix: start the endpoint, or point models\.baseURL at one that is up/);
  });
});

describe.skipIf(!CLAUDE)("skillops doctor --runner claude-code with the real Claude Code", () => {
  it("finds the program, reads its version inside the sandbox, and checks Claude Code's own endpoint", async () => {
    const double = await startOpenAIDouble([{ completion: { content: "ok" } }]);
    try {
      const r = await doctor(
        `models:\n  baseURL: ${double.baseURL}`,
        {
          OPENAI_API_KEY: OPENAI_KEY,
          ANTHROPIC_API_KEY: ANTHROPIC_KEY,
          ANTHROPIC_BASE_URL: anthropic.baseURL,
        },
        ["--runner", "claude-code", "--agent-cmd", CLAUDE!],
      );
      const where = SANDBOX_MISSING ? "unsandboxed" : "inside the sandbox";
      expect(r.find("claude-code program")).toMatchObject({ status: "ok" });
      expect(r.find("claude-code program")!.detail).toContain(`version 2.1.197, started ${where}`);
      expect(r.find("key ANTHROPIC_API_KEY")).toMatchObject({ status: "ok" });
      // No agent.model: the model list answers for the key and the URL.
      expect(r.find("agent's model endpoint")).toMatchObject({ status: "ok" });
      expect(anthropic.requests.at(-1)).toMatchObject({ method: "GET", path: "/v1/models" });
      expect(anthropic.requests.at(-1)!.headers["x-api-key"]).toBe(ANTHROPIC_KEY);
      expect(r.code).toBe(0);
    } finally {
      await double.close();
    }
  });

  it("a misrouted agent (its endpoint unreachable) is named with the variable to fix, exit 1", async () => {
    const port = await closedPort();
    const double = await startOpenAIDouble([{ completion: { content: "ok" } }]);
    try {
      const r = await doctor(
        `models:\n  baseURL: ${double.baseURL}`,
        {
          OPENAI_API_KEY: OPENAI_KEY,
          ANTHROPIC_API_KEY: ANTHROPIC_KEY,
          ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`,
        },
        ["--runner", "claude-code", "--agent-cmd", CLAUDE!],
      );
      expect(r.find("agent's model endpoint")).toEqual({
        check: "agent's model endpoint",
        status: "fail",
        detail: `http://127.0.0.1:${port}/v1 is unreachable (ECONNREFUSED), so every model call would fail`,
        fix: "start the endpoint, or point ANTHROPIC_BASE_URL at one that is up",
      });
      expect(r.find("model endpoint")).toMatchObject({ status: "ok" });
      expect(r.code).toBe(1);
    } finally {
      await double.close();
    }
  });
});

describe("skillops doctor: programs", () => {
  it("a preset's program missing from PATH is named with how to install it", async () => {
    const double = await startOpenAIDouble([{ completion: { content: "ok" } }]);
    try {
      const r = await doctor(
        `models:\n  baseURL: ${double.baseURL}`,
        { OPENAI_API_KEY: OPENAI_KEY, PATH: "/usr/bin:/bin" },
        ["--runner", "codex"],
      );
      expect(r.find("codex program")).toMatchObject({
        status: "fail",
        detail: 'codex is not on PATH (["codex"])',
        fix: "install it with `npm install -g @openai/codex` (docs/agents.md)",
      });
      expect(r.code).toBe(1);
    } finally {
      await double.close();
    }
  });

  it("bubblewrap missing from PATH fails with how to install it", async () => {
    await writeFile(
      join(root, ".github/skillops.yml"),
      "models:\n  provider: sim\nevaluate:\n  sandbox: bwrap\n",
    );
    const { io, out } = capturedIo(root, { PATH: join(root, "empty") });
    const code = await main(["doctor", "--json"], io);
    const report = JSON.parse(out.stdout) as { checks: Check[] };
    expect(report.checks.find((c) => c.check === "bubblewrap")).toMatchObject({
      status: "fail",
      detail: "bwrap is not on PATH",
      fix: expect.stringMatching(/^install bubblewrap 0\.8\.0 or later/) as string,
    });
    expect(code).toBe(1);
  });

  it("an unknown --runner is a usage error", async () => {
    const { io, out } = capturedIo(root, { PATH: process.env.PATH });
    expect(await main(["doctor", "--runner", "claud"], io)).toBe(2);
    expect(out.stderr).toMatch(
      /--runner must be one of reference, command, kernel, claude-code, codex, agents-sdk, got "claud"/,
    );
  });
});
