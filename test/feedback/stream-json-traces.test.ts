// `claude -p --output-format stream-json` output given to `ingest --traces`: its events (system
// init, assistant, user tool results, result) carry no user prompt, since claude -p took it as an
// argument. Without `--prompt-from FILE` the file is refused with that reason; with it, the prompt
// becomes the task, the case is named after the session, and secrets in the prompt are redacted.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Case } from "../../src/records/case.js";
import { runCli } from "../cli/run-cli.js";

const SESSION = "8f0c2a4e-5d1b-4c3e-9a7f-2b6d1e0c9f11";
const SECRET = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";
const usage = {
  input_tokens: 3,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  output_tokens: 20,
};
const assistant = (id: string, content: unknown[]) => ({
  type: "assistant",
  message: { id, type: "message", role: "assistant", model: "claude-sonnet-4-5", content, usage },
  parent_tool_use_id: null,
  session_id: SESSION,
});
const user = (content: unknown[]) => ({
  type: "user",
  message: { role: "user", content },
  parent_tool_use_id: null,
  session_id: SESSION,
});
const STREAM = [
  {
    type: "system",
    subtype: "init",
    cwd: "/work",
    session_id: SESSION,
    tools: ["Bash", "Read", "Skill"],
    model: "claude-sonnet-4-5",
    permissionMode: "bypassPermissions",
    claude_code_version: "2.1.197",
  },
  assistant("msg_1", [{ type: "tool_use", id: "toolu_1", name: "Skill", input: { skill: "helper" } }]),
  user([{ type: "tool_result", tool_use_id: "toolu_1", content: "Launching skill: helper" }]),
  // The skill text Claude Code injects arrives as a user turn: it is not the task.
  user([
    {
      type: "text",
      text: "Base directory for this skill: /work/.claude/skills/helper\n\n# Helper\nRun scripts/check.sh.",
    },
  ]),
  assistant("msg_2", [
    { type: "tool_use", id: "toolu_2", name: "Bash", input: { command: "bash scripts/check.sh" } },
  ]),
  user([
    {
      type: "tool_result",
      tool_use_id: "toolu_2",
      content: "check.sh: line 3: jq: command not found",
      is_error: true,
    },
  ]),
  assistant("msg_3", [{ type: "text", text: '{"answer":"ok"}' }]),
  {
    type: "result",
    subtype: "success",
    is_error: false,
    num_turns: 3,
    result: '{"answer":"ok"}',
    session_id: SESSION,
    total_cost_usd: 0.01,
    usage,
  },
]
  .map((e) => JSON.stringify(e))
  .join("\n");
const PROMPT = `Check order 1182 and answer as JSON. The API token is ${SECRET}.`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "skillops-stream-json-"));
  await writeFile(join(dir, "stream.jsonl"), STREAM + "\n");
  await writeFile(join(dir, "prompt.txt"), PROMPT + "\n");
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("ingest --traces on claude -p stream-json output", () => {
  it("without --prompt-from: refused with the reason, nothing drafted", async () => {
    const r = await runCli(["ingest", "--traces", "stream.jsonl", "--out", "drafts"], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "stream.jsonl:1: a stream-json file carries no user prompt: give it with --prompt-from FILE",
    );
  });

  it("with --prompt-from: the prompt is the task (redacted), the session names the case", async () => {
    const r = await runCli(
      ["ingest", "--traces", "stream.jsonl", "--prompt-from", "prompt.txt", "--out", "drafts", "--json"],
      dir,
    );
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { format: string; outcomes: { trace: string; cases: Case[] }[] };
    expect(out.format).toBe("claude-code");
    expect(out.outcomes.map((o) => o.trace)).toEqual([SESSION]);
    const cases = out.outcomes[0]!.cases;
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) {
      expect(c.id.startsWith(`trace-${SESSION}-r0-`)).toBe(true);
      expect(c.task.prompt).toContain("Check order 1182 and answer as JSON.");
      expect(c.task.prompt).not.toContain(SECRET);
      expect(c.task.prompt).toContain("[redacted: ");
      expect(c.skills).toEqual(["helper"]);
    }
    expect(r.stdout).not.toContain(SECRET);
  });

  it("--prompt-from with traces in another format, or an empty prompt, is a usage error", async () => {
    await writeFile(join(dir, "own.jsonl"), JSON.stringify({ case: "c", messages: [] }) + "\n");
    const other = await runCli(["ingest", "--traces", "own.jsonl", "--prompt-from", "prompt.txt"], dir);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain("--prompt-from gives the prompt of a Claude Code stream-json file");
    await writeFile(join(dir, "empty.txt"), "\n");
    const empty = await runCli(["ingest", "--traces", "stream.jsonl", "--prompt-from", "empty.txt"], dir);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain("--prompt-from empty.txt: the prompt file is empty");
  });
});
