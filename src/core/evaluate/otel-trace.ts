// An OpenTelemetry GenAI trace export (OTLP JSON: resourceSpans → scopeSpans → spans, one document
// or one per line as the collector's file exporter writes) → our trace records, one per
// conversation: spans grouped by `gen_ai.conversation.id`, else by trace id, read in start order.
// Inference spans give the messages, `execute_tool` spans the tool outcomes, error statuses the
// run's failure. docs/trajectory-channel.md lists what is mapped. Pure.
import { z } from "zod";
import { canonicalJson } from "../../vocabulary/canonical-json.js";
import { attributeMap } from "./otlp-value.js";
import { jsonProblem, parseJsonText, TRACE_FILE_CAPS } from "./trace-file.js";
import { TraceRecord, type TraceConversion, type TraceMessage } from "./trace-record.js";
import { otelSpanMessages } from "./otel-span-messages.js";
import { OtelSpan } from "./otel-span.js";
import { skillEventsOf } from "./skill-load-call.js";

const OtlpExport = z.object({
  resourceSpans: z.array(
    z.object({ scopeSpans: z.array(z.object({ spans: z.array(OtelSpan).default([]) })).default([]) }),
  ),
});

type Placed = { span: OtelSpan; attrs: Record<string, unknown>; line: number; order: number };
const INFERENCE = new Set(["chat", "text_completion", "generate_content"]);
const isError = (s: OtelSpan) => s.status?.code === 2 || s.status?.code === "STATUS_CODE_ERROR";
const isGenAi = (a: Record<string, unknown>) => Object.keys(a).some((k) => k.startsWith("gen_ai."));

/** The export's documents: the whole text as one JSON, else one per line; or the problems. */
type Documents = { docs: { value: unknown; line: number }[] } | { problems: string[] };

function documents(text: string, file: string, maxChars: number): Documents {
  const whole = parseJsonText(text, file, TRACE_FILE_CAPS.maxChars);
  if ("value" in whole) return { docs: [{ value: whole.value, line: 1 }] };
  const lines = text.split(/\r?\n/);
  const first = lines.findIndex((l) => l.trim() !== "");
  const oneDocument = "problem" in parseJsonText(lines[first] ?? "", file, maxChars);
  if (oneDocument) {
    let reason = whole.problem;
    try {
      JSON.parse(text);
    } catch (e) {
      reason = `${file}: ${jsonProblem(text, e as Error)}`;
    }
    return { problems: [reason.replace("(truncated?)", "(a truncated OTLP export?)")] };
  }
  const docs: { value: unknown; line: number }[] = [];
  const problems: string[] = [];
  for (const [i, raw] of lines.entries()) {
    if (raw.trim() === "") continue;
    const got = parseJsonText(raw, `${file}:${i + 1}`, maxChars);
    if ("value" in got) docs.push({ value: got.value, line: i + 1 });
    else problems.push(got.problem);
  }
  return problems.length ? { problems } : { docs };
}

function spansOf(docs: { value: unknown; line: number }[], file: string) {
  const spans: Placed[] = [];
  const problems: string[] = [];
  for (const { value, line } of docs) {
    const got = OtlpExport.safeParse(value);
    if (!got.success) {
      const issue = got.error.issues[0]!;
      problems.push(
        `${file}:${line}: not an OTLP trace export (${issue.path.join(".") || "document"}: ${issue.message})`,
      );
      continue;
    }
    for (const rs of got.data.resourceSpans)
      for (const ss of rs.scopeSpans)
        for (const span of ss.spans)
          spans.push({ span, attrs: attributeMap(span.attributes), line, order: spans.length });
  }
  return { spans, problems };
}

/** Spans of each conversation, in start order; a trace's spans join its conversation id, if any span names one. */
function conversations(spans: readonly Placed[]): Map<string, Placed[]> {
  const conversationOf = new Map<string, string>();
  for (const p of spans) {
    const id = p.attrs["gen_ai.conversation.id"];
    if (typeof id === "string" && id && !conversationOf.has(p.span.traceId))
      conversationOf.set(p.span.traceId, id);
  }
  const out = new Map<string, Placed[]>();
  for (const p of spans) {
    const key = conversationOf.get(p.span.traceId) ?? p.span.traceId;
    out.set(key, [...(out.get(key) ?? []), p]);
  }
  const start = (p: Placed) => BigInt(p.span.startTimeUnixNano ?? 0);
  for (const list of out.values())
    list.sort((a, b) => (start(a) < start(b) ? -1 : start(a) > start(b) ? 1 : a.order - b.order));
  return out;
}

/** The conversation so far, extended by a span's input: its history repeated (the rest is new), or new messages only. */
function merged(conv: TraceMessage[], input: readonly TraceMessage[]): TraceMessage[] {
  const keys = conv.map(canonicalJson);
  let k = 0;
  while (k < conv.length && k < input.length && keys[k] === canonicalJson(input[k])) k++;
  if (k === conv.length) return [...conv, ...input.slice(k)];
  const seen = new Set(keys);
  return [...conv, ...input.filter((m) => !seen.has(canonicalJson(m)))];
}

type ToolSpan = { id: string; name: string; result?: string; error?: string };

/** Each execute_tool span's outcome written into its tool message: an error marks it `error:`; a missing one is added after its call. */
function withToolOutcomes(conv: TraceMessage[], tools: readonly ToolSpan[]): TraceMessage[] {
  const out = [...conv];
  for (const t of tools) {
    const i = out.findIndex((m) => m.role === "tool" && m.tool_call_id === t.id);
    if (i >= 0) {
      const content = out[i]!.content ?? t.error ?? "";
      if (t.error && !content.trimStart().startsWith("error:"))
        out[i] = { ...out[i]!, content: `error: ${content}` };
      continue;
    }
    const text = t.error ? `error: ${t.result ?? t.error}` : t.result;
    const call = out.findIndex((m) => m.tool_calls?.some((c) => c.id === t.id));
    if (call < 0 || text === undefined) continue;
    let at = call + 1;
    while (out[at]?.role === "tool") at++;
    out.splice(at, 0, { role: "tool", tool_call_id: t.id, content: text });
  }
  return out;
}

const num = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? x : 0);

function recordOf(key: string, placed: readonly Placed[]): TraceRecord | string {
  let conv: TraceMessage[] = [];
  const tools: ToolSpan[] = [];
  const events: Record<string, unknown>[] = [];
  const usage = { input: 0, output: 0, cached: 0 };
  let error: string | undefined;
  for (const { span, attrs } of placed) {
    const op = attrs["gen_ai.operation.name"];
    const failed = isError(span)
      ? span.status?.message ||
        (typeof attrs["error.type"] === "string" ? attrs["error.type"] : `span ${span.name} ended in error`)
      : undefined;
    if (op === "execute_tool") {
      const name = String(attrs["gen_ai.tool.name"] ?? span.name);
      const result = attrs["gen_ai.tool.call.result"];
      const id = attrs["gen_ai.tool.call.id"];
      if (typeof id === "string")
        tools.push({
          id,
          name,
          ...(result !== undefined
            ? { result: typeof result === "string" ? result : JSON.stringify(result) }
            : {}),
          ...(failed ? { error: failed } : {}),
        });
      events.push({ type: "tool-call", name, ok: !failed, ...(failed ? { detail: failed } : {}) });
      continue;
    }
    const io = otelSpanMessages(span, attrs);
    if (typeof io === "string") return `span ${span.spanId ?? span.name}: ${io}`;
    conv = [...merged(conv, io.input), ...io.output];
    if (INFERENCE.has(String(op))) {
      usage.input += num(attrs["gen_ai.usage.input_tokens"]);
      usage.output += num(attrs["gen_ai.usage.output_tokens"]);
      usage.cached += num(attrs["gen_ai.usage.cache_read.input_tokens"]);
    }
    if (failed) error ??= failed;
  }
  const messages = withToolOutcomes(conv, tools);
  return TraceRecord.parse({
    case: key,
    outcome: error ? "error" : "unknown",
    ...(error ? { error } : {}),
    messages,
    events: [...skillEventsOf(messages), ...events],
    ...(usage.input + usage.output > 0 ? { usage } : {}),
  });
}

/** Every conversation of an OTLP JSON export, or every problem (named by file and line). */
export function otelTraces(text: string, file: string, maxChars: number): TraceConversion {
  const read = documents(text, file, maxChars);
  if ("problems" in read) return { ok: false, problems: read.problems };
  const { spans, problems } = spansOf(read.docs, file);
  if (problems.length) return { ok: false, problems };
  const genAi = spans.filter(
    (p) => isGenAi(p.attrs) || (p.span.events ?? []).some((e) => e.name.startsWith("gen_ai.")),
  );
  if (genAi.length === 0)
    return {
      ok: false,
      problems: [`${file}: no span carries gen_ai.* attributes or events: not a GenAI trace export`],
    };
  const traces: { record: TraceRecord; line: number }[] = [];
  for (const [key, placed] of conversations(genAi)) {
    const record = recordOf(key, placed);
    if (typeof record === "string")
      problems.push(`${file}:${placed[0]!.line}: conversation ${key}: ${record}`);
    else traces.push({ record, line: placed[0]!.line });
  }
  return problems.length ? { ok: false, problems } : { ok: true, traces };
}
