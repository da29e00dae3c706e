// Claude Code's `claude -p --output-format stream-json --verbose` output (one JSON event a line:
// `system` init, `assistant` messages whose content holds `tool_use` blocks, `user` messages holding
// the `tool_result` blocks, and a final `result` with usage, num_turns and total_cost_usd) mapped to
// our run result. A `Skill` tool use, or a Read of `skills/<name>/SKILL.md`, loads a skill. Turns and
// cost are the result's own figures; skills the init event lists outside the bank are recorded.
import type { TraceEvent } from "../runner.js";
import { nonNegative, type AgentParse, type Installed } from "./agent-parse.js";
import { answerOf, jsonLines, scriptsRun, skillsRead } from "./skill-use.js";

interface ToolUse {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

const blocks = (e: Record<string, unknown>): Record<string, unknown>[] => {
  const content = (e.message as { content?: unknown } | undefined)?.content;
  return Array.isArray(content) ? (content as Record<string, unknown>[]) : [];
};

/** The trace events one tool use stands for, given whether its result was an error. */
function toolEvents(use: ToolUse, isError: boolean | undefined, installed: Installed): TraceEvent[] {
  const str = (k: string) => (typeof use.input[k] === "string" ? (use.input[k] as string) : "");
  const ok = isError === false;
  const out: TraceEvent[] = [];
  const skill = str("skill") || str("command");
  if (use.name === "Skill" && installed.has(skill) && ok) out.push({ type: "skill-loaded", skill });
  if (use.name === "Read" && ok)
    for (const s of skillsRead(str("file_path"), installed)) out.push({ type: "skill-loaded", skill: s });
  if (use.name === "Bash") {
    if (ok)
      for (const s of skillsRead(str("command"), installed)) out.push({ type: "skill-loaded", skill: s });
    out.push(...scriptsRun(str("command"), ok ? 0 : null, installed));
  }
  const detail = isError === undefined ? "no tool_result" : JSON.stringify(use.input).slice(0, 200);
  out.push({ type: "tool-call", name: use.name, ok, detail });
  return out;
}

/** Tool uses in order, and each one's `is_error` from its paired result (undefined: none came). */
function pairTools(events: Record<string, unknown>[]) {
  const uses: ToolUse[] = [];
  const errors = new Map<string, boolean>();
  for (const e of events) {
    for (const b of blocks(e)) {
      if (e.type === "assistant" && b.type === "tool_use" && typeof b.id === "string")
        uses.push({ id: b.id, name: String(b.name), input: (b.input ?? {}) as Record<string, unknown> });
      if (e.type === "user" && b.type === "tool_result" && typeof b.tool_use_id === "string")
        errors.set(b.tool_use_id, b.is_error === true);
    }
  }
  return { uses, errors };
}

/** Skills the init event lists beyond the bank's (bundled ones, when they could not be turned off). */
function otherSkillsOf(events: Record<string, unknown>[], installed: Installed) {
  const init = events.find((e) => e.type === "system" && e.subtype === "init");
  const listed = Array.isArray(init?.skills) ? init.skills.filter((s) => typeof s === "string") : [];
  const other = (listed as string[]).filter((s) => !installed.has(s));
  return other.length ? { otherSkills: other } : {};
}

export function parseClaudeStream(stdout: string, installed: Installed): AgentParse {
  const lines = jsonLines(stdout, "claude");
  if ("formatError" in lines) return lines;
  const { events } = lines;
  if (!events.some((e) => e.type === "system" && e.subtype === "init"))
    return {
      formatError: "claude printed no `system` init event: not `--output-format stream-json --verbose`",
    };
  const result = events.findLast((e) => e.type === "result");
  if (!result) return { formatError: "claude printed no final `result` event (the stream ended early)" };
  const { uses, errors } = pairTools(events);
  const trace = uses.flatMap((u) => toolEvents(u, errors.get(u.id), installed));
  const u = (result.usage ?? {}) as Record<string, unknown>;
  const cached = nonNegative(u.cache_read_input_tokens);
  const usage = {
    input: nonNegative(u.input_tokens) + cached + nonNegative(u.cache_creation_input_tokens),
    output: nonNegative(u.output_tokens),
    cached,
  };
  const figures = {
    ...(typeof result.num_turns === "number" ? { turns: nonNegative(result.num_turns) } : {}),
    ...(typeof result.total_cost_usd === "number" ? { costUsd: nonNegative(result.total_cost_usd) } : {}),
    ...otherSkillsOf(events, installed),
  };
  if (result.subtype !== "success" || result.is_error === true) {
    const why = typeof result.result === "string" ? `: ${result.result.slice(0, 300)}` : "";
    const error = `claude-code run ended with ${String(result.subtype)}${why}`;
    return { output: null, trace, usage, error, ...figures };
  }
  const answer = answerOf(typeof result.result === "string" ? result.result : "");
  return { output: answer, trace, usage, ...figures };
}
