// The messages one OpenTelemetry GenAI span carries: its input (system instructions, then
// `gen_ai.input.messages`, then older input events) and its output (`gen_ai.output.messages`, then
// older `gen_ai.choice` events). Pure.
import { attributeMap } from "./otlp-value.js";
import {
  fromMessageEvent,
  fromPartsMessages,
  isMessageEvent,
  jsonAttribute,
  systemInstructions,
} from "./otel-messages.js";
import type { OtelSpan } from "./otel-span.js";
import type { TraceMessage } from "./trace-record.js";

type SpanMessages = { input: TraceMessage[]; output: TraceMessage[] };

function fromAttributes(attrs: Record<string, unknown>): SpanMessages | string {
  const read = (key: string) => {
    const json = jsonAttribute(attrs[key], key);
    return "problem" in json ? json.problem : fromPartsMessages(json.value, key);
  };
  const input = read("gen_ai.input.messages");
  if (typeof input === "string") return input;
  const output = read("gen_ai.output.messages");
  if (typeof output === "string") return output;
  const system = jsonAttribute(attrs["gen_ai.system_instructions"], "gen_ai.system_instructions");
  if ("problem" in system) return system.problem;
  return { input: [...systemInstructions(system.value), ...input], output };
}

function fromEvents(span: OtelSpan): SpanMessages | string {
  const out: SpanMessages = { input: [], output: [] };
  for (const e of span.events ?? []) {
    if (!isMessageEvent(e.name)) continue;
    const attrs = attributeMap(e.attributes);
    const body = jsonAttribute(attrs["gen_ai.event.content"], `${e.name} gen_ai.event.content`);
    if ("problem" in body) return body.problem;
    const fields =
      body.value !== null && typeof body.value === "object" ? (body.value as Record<string, unknown>) : attrs;
    const m = fromMessageEvent(e.name, fields);
    if (typeof m === "string") return m;
    (e.name === "gen_ai.choice" ? out.output : out.input).push(m);
  }
  return out;
}

/** A span's input and output messages, or why they cannot be read. */
export function otelSpanMessages(span: OtelSpan, attrs: Record<string, unknown>): SpanMessages | string {
  const a = fromAttributes(attrs);
  if (typeof a === "string") return a;
  const e = fromEvents(span);
  if (typeof e === "string") return e;
  return { input: [...a.input, ...e.input], output: [...a.output, ...e.output] };
}
