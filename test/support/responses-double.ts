// A local OpenAI Responses endpoint for tests, on 127.0.0.1: answers `POST /v1/responses` with the
// published server-sent events (response.created, response.output_item.added/done, response.completed
// with usage), from a script of turns chosen by how many tool outputs the request's input holds. A
// turn is a function call, a custom tool call (Codex's code-mode `exec`, whose input is JavaScript)
// or an assistant message. Every request is recorded with its headers.
import { startRecordingServer, type RecordedRequest } from "./recording-server.js";

export type ResponsesTurn =
  | { function: { name: string; arguments: Record<string, unknown> } }
  | { custom: { name: string; input: string } }
  | { text: string };

export type ResponsesRequest = RecordedRequest;

export interface ResponsesDouble {
  /** Ends in /v1. */
  baseURL: string;
  requests: ResponsesRequest[];
  /** Usage each answer reports. */
  usage: { input: number; cached: number; output: number };
  close(): Promise<void>;
}

const USAGE = { input: 200, cached: 50, output: 20 };

function itemOf(turn: ResponsesTurn, n: number): Record<string, unknown> {
  if ("function" in turn)
    return {
      ...{ type: "function_call", id: `fc_${n}`, call_id: `call_${n}`, name: turn.function.name },
      ...{ arguments: JSON.stringify(turn.function.arguments), status: "completed" },
    };
  if ("custom" in turn)
    return {
      ...{ type: "custom_tool_call", id: `ctc_${n}`, call_id: `call_${n}` },
      ...{ name: turn.custom.name, input: turn.custom.input, status: "completed" },
    };
  const content = [{ type: "output_text", text: turn.text, annotations: [] }];
  return { type: "message", id: `msg_${n}`, role: "assistant", status: "completed", content };
}

function stream(turn: ResponsesTurn, n: number, model: unknown): string {
  const item = itemOf(turn, n);
  const usage = {
    ...{ input_tokens: USAGE.input, input_tokens_details: { cached_tokens: USAGE.cached } },
    ...{ output_tokens: USAGE.output, output_tokens_details: { reasoning_tokens: 0 } },
    total_tokens: USAGE.input + USAGE.output,
  };
  const response = (status: string, output: unknown[], u?: unknown) => ({
    ...{ id: `resp_${n}`, object: "response", created_at: 1, status, model, output },
    ...(u ? { usage: u } : {}),
  });
  const ev = (type: string, d: Record<string, unknown>) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...d })}\n\n`;
  return [
    ev("response.created", { response: response("in_progress", []) }),
    ev("response.output_item.added", { output_index: 0, item }),
    ev("response.output_item.done", { output_index: 0, item }),
    ev("response.completed", { response: response("completed", [item], usage) }),
  ].join("");
}

const toolOutputs = (body: Record<string, unknown> | undefined): number =>
  (Array.isArray(body?.input) ? (body.input as { type?: unknown }[]) : []).filter(
    (i) => typeof i.type === "string" && i.type.endsWith("_call_output"),
  ).length;

export async function startResponsesDouble(script: readonly ResponsesTurn[]): Promise<ResponsesDouble> {
  let answered = 0;
  const server = await startRecordingServer(({ method, path, body }, res) => {
    if (method !== "POST" || path !== "/v1/responses") return void res.writeHead(404).end();
    const turn = script[toolOutputs(body)] ?? { text: "(script ended)" };
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.end(stream(turn, ++answered, body?.model));
  });
  return { baseURL: `${server.origin}/v1`, requests: server.requests, usage: USAGE, close: server.close };
}
