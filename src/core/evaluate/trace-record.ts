// One line of a traces file (docs/trajectory-channel.md): one execution as OpenAI-style chat
// messages with tool calls, plus its outcome when known. `eval --traces-out` writes these from the
// reference agent's conversations; `ingest --traces` reads them (or any agent's, in this format).
import { z } from "zod";
import type { ChatMessage } from "../llm/model.js";
import type { Execution } from "./execute-run.js";
import type { TraceEvent } from "./runner.js";
import { Tokens } from "../../records/tokens.js";

export const TraceToolCall = z.object({
  id: z.string(),
  type: z.literal("function").optional(),
  function: z.object({ name: z.string().min(1), arguments: z.string() }),
});

export const TraceMessage = z.object({
  role: z.enum(["system", "user", "assistant", "tool"]),
  content: z.string().nullable().optional(),
  /** The assistant declined (OpenAI's `refusal`); `content` is then null. */
  refusal: z.string().nullable().optional(),
  tool_calls: z.array(TraceToolCall).optional(),
  tool_call_id: z.string().optional(),
});
export type TraceMessage = z.infer<typeof TraceMessage>;

export const TraceRecord = z.object({
  /** The case (or conversation) id; a case id when eval wrote it. */
  case: z.string().min(1),
  category: z.string().optional(),
  /** 0-based run index. */
  run: z.number().int().nonnegative().default(0),
  /** pass / fail from the rubric; error when the run itself failed; unknown for deployment traces. */
  outcome: z.enum(["pass", "fail", "error", "unknown"]).default("unknown"),
  error: z.string().optional(),
  /** Skills the agent could load (its system prompt lists them). */
  skillsAvailable: z.array(z.string()).default([]),
  /** The skills named in the case (eval only). */
  skills: z.array(z.string()).default([]),
  messages: z.array(TraceMessage),
  /** The runner's own events (skill loads, script exits), when eval wrote the record. */
  events: z.array(z.record(z.string(), z.unknown())).default([]),
  /**
   * Why the trace holds no task to replay (eval marks a run whose runner kept no conversation, as
   * the agent presets do): ingest --traces skips it, saying so, instead of failing the batch.
   */
  noTask: z.string().optional(),
  /** Set when the execution came from the simulated world. */
  simulated: z.boolean().optional(),
  /** Tokens the agent spent, when its trace says (OpenTelemetry `gen_ai.usage.*`, Claude Code `usage`). */
  usage: Tokens.optional(),
});
export type TraceRecord = z.infer<typeof TraceRecord>;

/** A traces file read whole: each trace with the line it starts on, or every problem, each naming its line. */
export type TraceConversion =
  { ok: true; traces: { record: TraceRecord; line: number }[] } | { ok: false; problems: string[] };

function openAiStyle(m: ChatMessage): TraceMessage {
  if (m.role === "tool") return { role: "tool", tool_call_id: m.toolCallId, content: m.content };
  if (m.role === "assistant")
    return {
      role: "assistant",
      content: m.content,
      ...(m.refusal !== undefined ? { refusal: m.refusal } : {}),
      ...(m.toolCalls?.length
        ? {
            tool_calls: m.toolCalls.map((t) => ({
              id: t.id,
              type: "function" as const,
              function: { name: t.name, arguments: t.arguments },
            })),
          }
        : {}),
    };
  return { role: m.role, content: m.content };
}

/** The marker eval writes on a run with no user turn: only its events (skill loads, scripts) are known. */
export const NO_TASK =
  "the runner kept no conversation (only its events): no user message to replay as the task";

/** The record eval writes for one execution; without a verdict (evolve records before scoring) the outcome is unknown. */
export function traceRecordOf(
  e: Omit<Execution, "pass"> & { pass?: boolean },
  opts: { skillsAvailable: readonly string[]; simulated?: boolean },
): TraceRecord {
  const { result } = e;
  const messages = (result.transcript ?? []).map(openAiStyle);
  const hasTask = messages.some((m) => m.role === "user" && m.content?.trim());
  return {
    case: e.case.id,
    category: e.case.category,
    run: e.runIndex,
    outcome:
      result.error !== undefined ? "error" : e.pass === undefined ? "unknown" : e.pass ? "pass" : "fail",
    ...(result.error !== undefined ? { error: result.error } : {}),
    skillsAvailable: [...opts.skillsAvailable],
    skills: [...e.case.skills],
    messages,
    events: result.trace.map((t: TraceEvent) => ({ ...t })),
    ...(hasTask ? {} : { noTask: NO_TASK }),
    ...(opts.simulated ? { simulated: true } : {}),
  };
}
