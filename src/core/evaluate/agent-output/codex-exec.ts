// Codex CLI's `codex exec --json` output (JSONL: thread.started, turn.started, item.started /
// item.updated / item.completed, turn.completed with usage, turn.failed, error) mapped to our run
// result. Completed items: agent_message (the last is the answer), command_execution (shell
// commands; reading `skills/<name>/SKILL.md` loads a skill, running its scripts/ runs a script),
// file_change, mcp_tool_call, web_search. Codex reports no model-turn count (the proxy counts its
// requests). A recoverable `error` event ("Reconnecting... 1/5") is a trace note, not a failure.
import type { TraceEvent } from "../runner.js";
import { nonNegative, type AgentParse, type Installed } from "./agent-parse.js";
import { answerOf, jsonLines, scriptsRun, skillsRead } from "./skill-use.js";

function itemEvents(item: Record<string, unknown>, installed: Installed): TraceEvent[] {
  const str = (k: string) => (typeof item[k] === "string" ? (item[k] as string) : "");
  switch (item.type) {
    case "command_execution": {
      const code = typeof item.exit_code === "number" ? item.exit_code : null;
      const ok = item.status === "completed" && code === 0;
      const loaded = ok ? skillsRead(str("command"), installed) : [];
      return [
        ...loaded.map((skill): TraceEvent => ({ type: "skill-loaded", skill })),
        ...scriptsRun(str("command"), code, installed),
        { type: "tool-call", name: "shell", ok, detail: str("command").slice(0, 200) },
      ];
    }
    case "mcp_tool_call":
      return [
        { type: "tool-call", name: `${str("server")}.${str("tool")}`, ok: item.status === "completed" },
      ];
    case "file_change":
      return [{ type: "tool-call", name: "file_change", ok: item.status === "completed" }];
    case "web_search":
      return [{ type: "tool-call", name: "web_search", ok: true, detail: str("query").slice(0, 200) }];
    case "error":
      return [{ type: "note", text: `codex error item: ${str("message")}` }];
    default:
      return [];
  }
}

/** Codex's notice that it is retrying its model stream ("Reconnecting... 2/5"): it goes on after it. */
const RECOVERABLE = /^Reconnecting\.\.\. \d+\/\d+/;

export function parseCodexExec(stdout: string, installed: Installed): AgentParse {
  const lines = jsonLines(stdout, "codex");
  if ("formatError" in lines) return lines;
  const { events } = lines;
  if (!events.some((e) => e.type === "thread.started"))
    return { formatError: "codex printed no `thread.started` event: not `codex exec --json` output" };
  const trace: TraceEvent[] = [];
  let answer: string | undefined;
  const usage = { input: 0, output: 0, cached: 0 };
  let turns = 0;
  let failed: string | undefined;
  // An `error` event is fatal only when no turn completed after it (Codex retries, then goes on).
  let pendingError: string | undefined;
  for (const e of events) {
    const item = (e.item ?? {}) as Record<string, unknown>;
    if (e.type === "item.completed") {
      if (item.type === "agent_message" && typeof item.text === "string") answer = item.text;
      trace.push(...itemEvents(item, installed));
    } else if (e.type === "turn.completed") {
      turns++;
      pendingError = undefined;
      const u = (e.usage ?? {}) as Record<string, unknown>;
      usage.input += nonNegative(u.input_tokens);
      usage.output += nonNegative(u.output_tokens);
      usage.cached += nonNegative(u.cached_input_tokens);
    } else if (e.type === "turn.failed") {
      const err = (e.error ?? {}) as { message?: unknown };
      failed ??= `codex turn.failed: ${String(err.message ?? "no message")}`;
    } else if (e.type === "error") {
      const message = String(e.message ?? "no message");
      trace.push({ type: "note", text: `codex error event: ${message.slice(0, 300)}` });
      if (!RECOVERABLE.test(message)) pendingError ??= `codex error: ${message}`;
    }
  }
  const failure = failed ?? pendingError;
  if (failure) return { output: null, trace, usage, error: failure };
  if (turns === 0) return { formatError: "codex printed no `turn.completed` event (the stream ended early)" };
  if (answer === undefined) return { output: null, trace, usage, error: "codex gave no agent_message" };
  return { output: answerOf(answer), trace, usage };
}
