// The simulated world as an OpenAI-compatible model endpoint (docs/simulated-world.md "The simulated
// endpoint"): a node:http server on 127.0.0.1 that answers POST …/chat/completions and
// …/embeddings from the world's rules (answer-chat.ts, embeddings.ts), records each request's role
// and usage, and misbehaves on request. This file is the thin adapter; the answers are pure.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Role } from "../../core/llm/model.js";
import type { Tokens } from "../../records/tokens.js";
import { systemClock, type Clock } from "../../vocabulary/clock.js";
import type { World } from "../world.js";
import type { AgentCallCounts } from "./agent.js";
import { answerChat } from "./answer-chat.js";
import { answerEmbeddings, EmbeddingsInputError } from "./embeddings.js";
import { misbehave, Misbehaviour, type BadReply } from "./misbehaviour.js";
import { streamText, wantsStream } from "./stream.js";

export interface SimEndpointRequest {
  role: Role | "embedding" | "unknown";
  usage: Pick<Tokens, "input" | "output">;
  /** The misbehaviour sent instead of the answer, if any. */
  misbehaved?: Misbehaviour["kind"];
}

export interface SimEndpoint {
  /** e.g. http://127.0.0.1:40123/v1, for `models.baseURL`. */
  baseURL: string;
  requests: SimEndpointRequest[];
  /** The next `times` requests (of `role`, when given) get this misbehaviour instead of an answer. */
  misbehave(m: Misbehaviour): void;
  /** Play from this world from now on (an endpoint may start without one: see SimEndpointOptions). */
  useWorld(world: World): void;
  close(): Promise<void>;
}

export interface SimEndpointOptions {
  /**
   * The world the roles play from. Without one, only the classifier and the converter answer (they
   * read the feedback in the request): a demo converts feedback first and builds its world from the
   * cases, then calls useWorld.
   */
  world?: World;
  clock?: Clock;
  /** 0 (the default) picks a free port. */
  port?: number;
}

function send(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(text);
}

const errorText = (message: string) =>
  JSON.stringify({ error: { message, type: "invalid_request_error", param: null, code: null } });

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return undefined;
  }
}

interface State {
  world: World | undefined;
  clock: Clock;
  requests: SimEndpointRequest[];
  pending: Misbehaviour[];
  /** Agent requests answered so far, by exact request (a sampled-model world's fresh draws). */
  agentCalls: AgentCallCounts;
}

/** The first pending misbehaviour for this role, used up one request at a time. */
function takeMisbehaviour(s: State, role: Role): Misbehaviour | undefined {
  const m = s.pending.find((p) => p.times > 0 && (p.role === undefined || p.role === role));
  if (!m) return undefined;
  m.times--;
  s.pending = s.pending.filter((p) => p.times > 0);
  return m;
}

function sendBad(res: ServerResponse, bad: BadReply): void {
  if ("hang" in bad) return; // never answer; the client times out, close() drops the socket
  send(res, bad.status, bad.text, { "content-type": bad.contentType, ...bad.headers });
}

async function handle(s: State, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? "/", "http://x").pathname;
  const body = await readJson(req);
  if (req.method === "POST" && path.endsWith("/embeddings")) {
    try {
      const answer = answerEmbeddings(body);
      const input = (answer.usage as { prompt_tokens: number }).prompt_tokens;
      s.requests.push({ role: "embedding", usage: { input, output: 0 } });
      return send(res, 200, JSON.stringify(answer));
    } catch (e) {
      if (!(e instanceof EmbeddingsInputError)) throw e;
      return send(res, 400, errorText(e.message));
    }
  }
  if (req.method !== "POST" || !path.endsWith("/chat/completions"))
    return send(res, 404, errorText(`the simulated endpoint has no ${req.method} ${path}`));
  const answer = answerChat(s.world, body, s.clock(), s.agentCalls);
  if (!answer.ok) {
    s.requests.push({ role: answer.role ?? "unknown", usage: { input: 0, output: 0 } });
    return send(res, answer.status, errorText(answer.message));
  }
  const usage = answer.completion.usage as { prompt_tokens: number; completion_tokens: number };
  const record: SimEndpointRequest = {
    role: answer.role,
    usage: { input: usage.prompt_tokens, output: usage.completion_tokens },
  };
  s.requests.push(record);
  const m = takeMisbehaviour(s, answer.role);
  const streamed = wantsStream(body);
  if (!m && streamed.stream)
    return send(res, 200, streamText(answer.completion, streamed.usage), {
      "content-type": "text/event-stream",
    });
  if (!m) return send(res, 200, JSON.stringify(answer.completion));
  record.misbehaved = m.kind;
  sendBad(res, misbehave(m.kind, answer.completion, answer.role, m.retryAfter));
}

export async function startSimEndpoint(opts: SimEndpointOptions): Promise<SimEndpoint> {
  const s: State = {
    world: opts.world,
    clock: opts.clock ?? systemClock,
    requests: [],
    pending: [],
    agentCalls: new Map(),
  };
  const server = createServer((req, res) => {
    handle(s, req, res).catch((e: unknown) => {
      if (!res.headersSent) send(res, 500, errorText(`simulated endpoint error: ${(e as Error).message}`));
    });
  });
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(opts.port ?? 0, "127.0.0.1", () => ok());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests: s.requests,
    misbehave: (m) => {
      s.pending.push({ ...Misbehaviour.parse(m) });
    },
    useWorld: (world) => {
      s.world = world;
    },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
