// A Claude Code session transcript (JSONL: `user`, `assistant`, `system` entries whose
// `message.content` holds text, `tool_use` and `tool_result` blocks) → our trace records, one per
// session. Each `tool_use` is paired with its `tool_result` by id (`is_error` → an `error:` result);
// compaction summaries, meta entries and sidechains (subagents) are skipped and counted in a note
// event. docs/trajectory-channel.md lists what is mapped. Pure.
import { z } from "zod";
import { parseJsonText } from "./trace-file.js";
import { TraceRecord, type TraceConversion, type TraceMessage } from "./trace-record.js";
import { skillEventsOf } from "./skill-load-call.js";

const Block = z.object({
  type: z.string(),
  text: z.string().optional(),
  id: z.string().optional(),
  name: z.string().optional(),
  input: z.unknown().optional(),
  tool_use_id: z.string().optional(),
  content: z.unknown().optional(),
  is_error: z.boolean().optional(),
});
type Block = z.infer<typeof Block>;

const Usage = z.object({
  input_tokens: z.number().default(0),
  output_tokens: z.number().default(0),
  cache_creation_input_tokens: z.number().nullish(),
  cache_read_input_tokens: z.number().nullish(),
});

const Entry = z.object({
  type: z.string(),
  sessionId: z.string().optional(),
  /** `claude -p --output-format stream-json` spells it this way. */
  session_id: z.string().optional(),
  isSidechain: z.boolean().optional(),
  isCompactSummary: z.boolean().optional(),
  isMeta: z.boolean().optional(),
  subtype: z.string().optional(),
  content: z.unknown().optional(),
});
const Message = z.object({
  id: z.string().optional(),
  content: z.union([z.string(), z.array(Block)]),
  usage: Usage.optional(),
});

interface Session {
  line: number;
  messages: TraceMessage[];
  notes: Record<string, unknown>[];
  pending: Map<string, { line: number; name: string }>;
  usage: Map<string, z.infer<typeof Usage>>;
  skipped: { sidechain: number; summary: number; meta: number };
  lastAssistant?: string | undefined;
}

/** A tool_result's content (a string, or text and image blocks) as text. */
function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return content === undefined ? "" : JSON.stringify(content);
  return content
    .map((b: { type?: unknown; text?: unknown }) =>
      typeof b.text === "string" ? b.text : `[${String(b.type)}]`,
    )
    .join("\n");
}

function readUser(s: Session, content: string | Block[], where: string): string[] {
  if (typeof content === "string") {
    s.messages.push({ role: "user", content });
    return [];
  }
  const problems: string[] = [];
  for (const b of content.filter((x) => x.type === "tool_result")) {
    const id = b.tool_use_id ?? "";
    if (!s.pending.delete(id)) {
      problems.push(
        `${where}: tool_result ${JSON.stringify(id)} answers no earlier tool_use of this session`,
      );
      continue;
    }
    const text = resultText(b.content);
    const failed = b.is_error === true && !text.trimStart().startsWith("error:");
    s.messages.push({ role: "tool", tool_call_id: id, content: failed ? `error: ${text}` : text });
  }
  const texts = content.filter((b) => b.type === "text" && b.text !== undefined).map((b) => b.text!);
  if (texts.length) s.messages.push({ role: "user", content: texts.join("\n") });
  return problems;
}

function readAssistant(s: Session, m: z.infer<typeof Message>, line: number): void {
  const blocks: Block[] = typeof m.content === "string" ? [{ type: "text", text: m.content }] : m.content;
  const text = blocks.filter((b) => b.type === "text" && b.text).map((b) => b.text!);
  const calls = blocks
    .filter((b) => b.type === "tool_use")
    .map((b) => {
      const id = b.id ?? `toolu-line-${line}`;
      s.pending.set(id, { line, name: b.name ?? "?" });
      const fn = { name: b.name ?? "?", arguments: JSON.stringify(b.input ?? {}) };
      return { id, type: "function" as const, function: fn };
    });
  if (m.usage && m.id) s.usage.set(m.id, m.usage); // one API message may span entries: its last usage counts
  const last = s.messages.at(-1);
  if (m.id && m.id === s.lastAssistant && last?.role === "assistant") {
    // Claude Code writes one entry per content block of the same API message: join them.
    const content = [last.content, ...text].filter((x): x is string => Boolean(x)).join("\n") || null;
    const toolCalls = [...(last.tool_calls ?? []), ...calls];
    s.messages[s.messages.length - 1] = {
      ...last,
      content,
      ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
    };
  } else
    s.messages.push({
      role: "assistant",
      content: text.join("\n") || null,
      ...(calls.length ? { tool_calls: calls } : {}),
    });
  s.lastAssistant = m.id;
}

/** One entry read into its session; the problems it raises. */
function readEntry(
  s: Session,
  data: z.infer<typeof Entry>,
  raw: unknown,
  where: string,
  line: number,
): string[] {
  if (data.type === "summary" || data.isCompactSummary) {
    s.skipped.summary++;
    return [];
  }
  if (data.isSidechain) {
    s.skipped.sidechain++;
    return [];
  }
  if (data.type === "system") {
    if (typeof data.content === "string")
      s.notes.push({ type: "note", text: `${data.subtype ?? "system"}: ${data.content}` });
    return [];
  }
  if (data.type !== "user" && data.type !== "assistant") return []; // snapshots, progress, …: not the conversation
  if (data.isMeta) {
    s.skipped.meta++;
    return [];
  }
  const m = Message.safeParse((raw as { message?: unknown }).message);
  if (!m.success)
    return [`${where}: a ${data.type} entry without message.content (${m.error.issues[0]!.message})`];
  if (data.type === "user") {
    s.lastAssistant = undefined;
    return readUser(s, m.data.content, where);
  }
  readAssistant(s, m.data, line);
  return [];
}

function recordOf(id: string, s: Session, file: string): TraceRecord | string[] {
  const unpaired = [...s.pending].map(
    ([callId, c]) =>
      `${file}:${c.line}: tool_use ${JSON.stringify(callId)} (${c.name}) has no tool_result: the transcript is cut off or its tool ids do not pair`,
  );
  if (unpaired.length) return unpaired;
  const usage = [...s.usage.values()].reduce(
    (t, u) => ({
      input:
        t.input + u.input_tokens + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0),
      output: t.output + u.output_tokens,
      cached: t.cached + (u.cache_read_input_tokens ?? 0),
    }),
    { input: 0, output: 0, cached: 0 },
  );
  const { sidechain, summary, meta } = s.skipped;
  const skipped =
    sidechain + summary + meta
      ? [
          {
            type: "note",
            text: `skipped ${sidechain} sidechain, ${summary} compaction-summary and ${meta} meta entries`,
          },
        ]
      : [];
  const loads = skillEventsOf(s.messages);
  return TraceRecord.parse({
    case: id,
    // The skills the session loaded are the ones a case drafted from it exercises.
    skills: [...new Set(loads.map((e) => e.skill))],
    messages: s.messages,
    events: [...loads, ...s.notes, ...skipped],
    ...(s.usage.size ? { usage } : {}),
  });
}

export const STREAM_JSON_NO_PROMPT =
  "a stream-json file carries no user prompt: give it with --prompt-from FILE";

/** A `claude -p --output-format stream-json` event (its `init` and `result` events), not a session transcript entry. */
const isStreamJson = (e: z.infer<typeof Entry>) =>
  (e.type === "system" && e.subtype === "init" && e.session_id !== undefined) || e.type === "result";

/**
 * Every session of a Claude Code transcript, or every problem (named by file and line). A
 * stream-json file holds no user prompt (claude -p took it as an argument): it is read only with
 * `prompt` given, which becomes each session's first user message, else refused with the reason.
 */
export function claudeCodeTraces(
  text: string,
  file: string,
  maxChars: number,
  prompt?: string,
): TraceConversion {
  const sessions = new Map<string, Session>();
  const problems: string[] = [];
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    if (raw.trim() === "") continue;
    const where = `${file}:${i + 1}`;
    const json = parseJsonText(raw, where, maxChars);
    if ("problem" in json) {
      problems.push(json.problem);
      continue;
    }
    const entry = Entry.safeParse(json.value);
    if (!entry.success) {
      problems.push(`${where}: not a Claude Code transcript entry (${entry.error.issues[0]!.message})`);
      continue;
    }
    if (prompt === undefined && isStreamJson(entry.data))
      return { ok: false, problems: [`${where}: ${STREAM_JSON_NO_PROMPT}`] };
    const id = entry.data.sessionId ?? entry.data.session_id ?? "session";
    const s = sessions.get(id) ?? {
      line: i + 1,
      messages: prompt === undefined ? [] : [{ role: "user" as const, content: prompt }],
      notes: [],
      pending: new Map(),
      usage: new Map(),
      skipped: { sidechain: 0, summary: 0, meta: 0 },
    };
    sessions.set(id, s);
    problems.push(...readEntry(s, entry.data, json.value, where, i + 1));
  }
  const traces: { record: TraceRecord; line: number }[] = [];
  for (const [id, s] of sessions) {
    const r = recordOf(id, s, file);
    if (Array.isArray(r)) problems.push(...r);
    else if (s.messages.length > (prompt === undefined ? 0 : 1)) traces.push({ record: r, line: s.line });
  }
  return problems.length ? { ok: false, problems } : { ok: true, traces };
}
