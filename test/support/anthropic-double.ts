// A local Anthropic Messages endpoint for tests, on 127.0.0.1: answers `POST /v1/messages` with the
// published server-sent events (message_start, content_block_start/delta/stop with `text` and
// `tool_use` blocks, message_delta with stop_reason and usage, message_stop), from a script of
// turns. A request carrying tools is the agent's main loop and gets the next scripted turn, chosen by
// how many tool results its conversation holds; any other request (Claude Code's untooled side calls,
// such as its session title) gets a short text. Every request is recorded with its headers.
import { startRecordingServer, type RecordedRequest } from "./recording-server.js";

export type AnthropicTurn = { tool: { name: string; input: Record<string, unknown> } } | { text: string };

export type AnthropicRequest = RecordedRequest;

export interface AnthropicDouble {
  /** Without /v1: Claude Code appends /v1/messages itself. */
  baseURL: string;
  requests: AnthropicRequest[];
  /** Usage each answer reports (input, output), so the proxy's count can be checked. */
  usage: { input: number; output: number };
  close(): Promise<void>;
}

const USAGE = { input: 120, output: 12 };

const sse = (type: string, data: Record<string, unknown>) =>
  `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;

function stream(turn: AnthropicTurn, n: number): string {
  const block =
    "tool" in turn
      ? { type: "tool_use", id: `toolu_${n}`, name: turn.tool.name, input: {} }
      : { type: "text", text: "" };
  const delta =
    "tool" in turn
      ? { type: "input_json_delta", partial_json: JSON.stringify(turn.tool.input) }
      : { type: "text_delta", text: turn.text };
  const message = {
    ...{ id: `msg_${n}`, type: "message", role: "assistant", model: "claude-double", content: [] },
    ...{ stop_reason: null, stop_sequence: null, usage: { input_tokens: USAGE.input, output_tokens: 1 } },
  };
  return [
    sse("message_start", { message }),
    sse("content_block_start", { index: 0, content_block: block }),
    sse("content_block_delta", { index: 0, delta }),
    sse("content_block_stop", { index: 0 }),
    sse("message_delta", {
      delta: { stop_reason: "tool" in turn ? "tool_use" : "end_turn", stop_sequence: null },
      usage: { input_tokens: USAGE.input, output_tokens: USAGE.output },
    }),
    sse("message_stop", {}),
  ].join("");
}

/** Tool results in the conversation so far: which scripted turn comes next. */
function toolResults(body: Record<string, unknown> | undefined): number {
  const messages = Array.isArray(body?.messages) ? (body.messages as { content?: unknown }[]) : [];
  return messages
    .flatMap((m) => (Array.isArray(m.content) ? (m.content as { type?: unknown }[]) : []))
    .filter((b) => b.type === "tool_result").length;
}

export async function startAnthropicDouble(script: readonly AnthropicTurn[]): Promise<AnthropicDouble> {
  let answered = 0;
  const server = await startRecordingServer(({ method, path, body }, res) => {
    if (method !== "POST" || path !== "/v1/messages") return void res.writeHead(200).end();
    const tooled = Array.isArray(body?.tools) && body.tools.length > 0;
    const turn = tooled ? (script[toolResults(body)] ?? { text: "(script ended)" }) : { text: "Skill run" };
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.end(stream(turn, ++answered));
  });
  return { baseURL: server.origin, requests: server.requests, usage: USAGE, close: server.close };
}
