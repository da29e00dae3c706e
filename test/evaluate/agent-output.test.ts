// The preset parsers on lines of the published formats: what counts as a skill load, a failed or
// unanswered tool call, and what is not the format at all (docs/agents.md).
import { describe, expect, it } from "vitest";
import { parseClaudeStream } from "../../src/core/evaluate/agent-output/claude-code-stream.js";
import { parseCodexExec } from "../../src/core/evaluate/agent-output/codex-exec.js";

const lines = (...events: unknown[]) => events.map((e) => JSON.stringify(e)).join("\n");
const installed = new Set(["helper"]);
const init = { type: "system", subtype: "init", session_id: "s", tools: ["Skill", "Read"], model: "m" };
const result = {
  type: "result",
  subtype: "success",
  is_error: false,
  num_turns: 1,
  result: "done",
  usage: {},
};
const use = (id: string, name: string, input: unknown) => ({
  type: "assistant",
  message: { role: "assistant", content: [{ type: "tool_use", id, name, input }] },
});
const answer = (id: string, isError: boolean) => ({
  type: "user",
  message: {
    role: "user",
    content: [{ type: "tool_result", tool_use_id: id, content: "x", is_error: isError }],
  },
});

describe("parseClaudeStream", () => {
  it("counts only installed skills, only when the load succeeded; an unanswered tool use is not ok", () => {
    const out = parseClaudeStream(
      lines(
        init,
        use("t1", "Skill", { skill: "not-ours" }),
        answer("t1", false),
        use("t2", "Read", { file_path: "/w/.claude/skills/helper/SKILL.md" }),
        answer("t2", true),
        use("t3", "Skill", { skill: "helper" }),
        result,
      ),
      installed,
    );
    expect("formatError" in out).toBe(false);
    if ("formatError" in out) return;
    expect(out.output).toBe("done");
    expect(out.trace.filter((e) => e.type === "skill-loaded")).toEqual([]);
    expect(out.trace.filter((e) => e.type === "tool-call").map((e) => "ok" in e && e.ok)).toEqual([
      true,
      false,
      false,
    ]);
    expect(out.trace).toContainEqual({
      type: "tool-call",
      name: "Skill",
      ok: false,
      detail: "no tool_result",
    });
  });

  it("output without the init event is not stream-json --verbose", () => {
    expect(parseClaudeStream(lines(result), installed)).toEqual({
      formatError: "claude printed no `system` init event: not `--output-format stream-json --verbose`",
    });
  });
});

describe("parseCodexExec", () => {
  it("a failed SKILL.md read loads nothing; a failed script keeps its exit code", () => {
    const cmd = (id: string, command: string, exit: number) => ({
      type: "item.completed",
      item: {
        id,
        type: "command_execution",
        command,
        aggregated_output: "",
        exit_code: exit,
        status: exit ? "failed" : "completed",
      },
    });
    const out = parseCodexExec(
      lines(
        { type: "thread.started", thread_id: "t" },
        cmd("i1", "cat .agents/skills/helper/SKILL.md", 1),
        cmd("i2", "python3 .agents/skills/helper/scripts/run.py --x", 2),
        { type: "item.completed", item: { id: "i3", type: "agent_message", text: "plain text" } },
        { type: "turn.completed", usage: { input_tokens: 10, cached_input_tokens: 0, output_tokens: 2 } },
      ),
      installed,
    );
    if ("formatError" in out) throw new Error(out.formatError);
    expect(out.output).toBe("plain text");
    expect(out.trace.filter((e) => e.type === "skill-loaded")).toEqual([]);
    expect(out.trace).toContainEqual({
      type: "script-ran",
      skill: "helper",
      script: "scripts/run.py",
      exitCode: 2,
    });
  });
});

describe("parseCodexExec: which error events fail a run", () => {
  const thread = { type: "thread.started", thread_id: "t" };
  const message = { type: "item.completed", item: { id: "i", type: "agent_message", text: "ok" } };
  const done = { type: "turn.completed", usage: { input_tokens: 5, output_tokens: 1 } };

  it("an error a completed turn followed is a note, and the answer stands; one with none after fails", () => {
    const fatal = parseCodexExec(
      lines(thread, { type: "error", message: "unexpected status 401" }),
      installed,
    );
    expect(fatal).toMatchObject({ output: null, error: "codex error: unexpected status 401" });
    const out = parseCodexExec(
      lines(thread, { type: "error", message: "Reconnecting... 1/5 (timeout)" }, message, done),
      installed,
    );
    expect(out).toMatchObject({ output: "ok" });
    expect("error" in out && out.error).toBeFalsy();
  });
});

describe("parseClaudeStream: figures beside the tokens", () => {
  it("turns and cost come from the result event; skills listed outside the bank are named", () => {
    const out = parseClaudeStream(
      lines(
        { ...init, skills: ["helper", "deep-research", "verify"] },
        { ...result, num_turns: 3, total_cost_usd: 0.0123, result: '```json\n{"refund": 12}\n```' },
      ),
      installed,
    );
    expect(out).toMatchObject({
      output: { refund: 12 },
      turns: 3,
      costUsd: 0.0123,
      otherSkills: ["deep-research", "verify"],
    });
  });
});
