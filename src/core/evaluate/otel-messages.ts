// OpenTelemetry GenAI messages → our OpenAI-style trace messages. Two shapes: the current
// `gen_ai.input.messages` / `gen_ai.output.messages` (JSON arrays of `{role, parts}`, parts `text`,
// `tool_call`, `tool_call_response`, …) and the older per-message span events (`gen_ai.user.message`,
// `gen_ai.assistant.message`, `gen_ai.tool.message`, `gen_ai.choice`, …, their body in the
// `gen_ai.event.content` attribute or the event's own attributes). Pure.
import type { TraceMessage } from "./trace-record.js";

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => x !== null && typeof x === "object" && !Array.isArray(x);
const asText = (x: unknown): string => (typeof x === "string" ? x : JSON.stringify(x ?? null));
const argumentsText = (x: unknown): string => (typeof x === "string" ? x : JSON.stringify(x ?? {}));

/** A JSON-string attribute (or one already structured) as a value; why not, as a string. */
export function jsonAttribute(value: unknown, key: string): { value: unknown } | { problem: string } {
  if (value === undefined) return { value: undefined };
  if (typeof value !== "string") return { value };
  try {
    return { value: JSON.parse(value) };
  } catch (e) {
    return { problem: `${key} is not JSON (${(e as Error).message})` };
  }
}

function partsText(parts: unknown[]): string | null {
  const texts = parts.flatMap((p) => {
    if (!isObj(p)) return [];
    if (p.type === "text") return [asText(p.content)];
    if (p.type === "blob" || p.type === "file" || p.type === "uri") return [`[${p.type}]`];
    return []; // tool calls and responses are mapped apart; reasoning is not part of the conversation
  });
  return texts.length ? texts.join("\n") : null;
}

/** One `{role, parts}` message → one trace message, or several for tool responses. */
function fromPartsMessage(m: unknown, index: number): TraceMessage[] | string {
  if (!isObj(m) || typeof m.role !== "string" || !Array.isArray(m.parts))
    return `message ${index} is not {role, parts}`;
  const parts = m.parts as unknown[];
  const role = m.role;
  if (role === "tool")
    return parts
      .filter(isObj)
      .flatMap((p) =>
        p.type === "tool_call_response"
          ? [{ role: "tool" as const, tool_call_id: asText(p.id), content: asText(p.response ?? p.result) }]
          : [],
      );
  if (role === "assistant") {
    const calls = parts
      .filter((p) => isObj(p) && p.type === "tool_call")
      .map((p, i) => {
        const c = p as Obj;
        return {
          id: typeof c.id === "string" ? c.id : `call-${index}-${i}`,
          type: "function" as const,
          function: { name: asText(c.name), arguments: argumentsText(c.arguments) },
        };
      });
    return [{ role, content: partsText(parts), ...(calls.length ? { tool_calls: calls } : {}) }];
  }
  if (role === "system" || role === "user") return [{ role, content: partsText(parts) }];
  return `message ${index} has role ${JSON.stringify(role)} (expected system, user, assistant or tool)`;
}

/** A `gen_ai.*.messages` array → trace messages, or why not. */
export function fromPartsMessages(value: unknown, key: string): TraceMessage[] | string {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return `${key} is not a JSON array of messages`;
  const out: TraceMessage[] = [];
  for (const [i, m] of value.entries()) {
    const got = fromPartsMessage(m, i);
    if (typeof got === "string") return `${key}: ${got}`;
    out.push(...got);
  }
  return out;
}

/** `gen_ai.system_instructions` (parts, or a plain string) → a system message. */
export function systemInstructions(value: unknown): TraceMessage[] {
  if (value === undefined) return [];
  const content = Array.isArray(value) ? partsText(value) : asText(value);
  return content === null ? [] : [{ role: "system", content }];
}

function oldToolCalls(x: unknown): TraceMessage["tool_calls"] {
  if (!Array.isArray(x) || x.length === 0) return undefined;
  return x.filter(isObj).map((c, i) => {
    const fn = isObj(c.function) ? c.function : {};
    return {
      id: typeof c.id === "string" ? c.id : `call-${i}`,
      type: "function" as const,
      function: { name: asText(fn.name), arguments: argumentsText(fn.arguments) },
    };
  });
}

const OLD_EVENT_ROLE: Record<string, TraceMessage["role"]> = {
  "gen_ai.system.message": "system",
  "gen_ai.user.message": "user",
  "gen_ai.assistant.message": "assistant",
  "gen_ai.tool.message": "tool",
  "gen_ai.choice": "assistant",
};

/** Whether a span event is one of the older per-message events. */
export const isMessageEvent = (name: string): boolean => name in OLD_EVENT_ROLE;

/** One older per-message event (its body) → a trace message, or why not. */
export function fromMessageEvent(name: string, body: Obj): TraceMessage | string {
  const role = OLD_EVENT_ROLE[name];
  if (!role) return `${name} is not a GenAI message event`;
  const m = name === "gen_ai.choice" && isObj(body.message) ? body.message : body;
  const content = m.content === undefined || m.content === null ? null : asText(m.content);
  if (role === "tool") return { role, tool_call_id: asText(m.id ?? body.id), content };
  const calls = role === "assistant" ? oldToolCalls(m.tool_calls) : undefined;
  return { role, content, ...(calls ? { tool_calls: calls } : {}) };
}
