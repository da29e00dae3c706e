// A stateful in-memory GitHub REST server on loopback. Every request is matched to an operation of
// GitHub's OpenAPI description and validated (path parameters, query, JSON body); every response
// the double sends is validated too. A request to an operation no route file implements, or an
// invalid request, is answered with an error AND recorded, so `assertClean()` fails the test.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { openApiValidator, type MatchedOperation } from "./openapi.js";
import { notFound, validationFailed } from "./responses.js";
import type {
  DoubleRequest,
  DoubleResponse,
  Fault,
  GitHubDouble,
  GitHubDoubleOptions,
  GraphqlHandler,
  RecordedRequest,
  Route,
} from "./route.js";
import { actionsRoutes } from "./routes-actions.js";
import { answerViewer, appRoutes, isViewerQuery } from "./routes-app.js";
import { answerFolders, FOLDERS_OPERATION, isFoldersQuery } from "./graphql-folders.js";
import { answerIntake, INTAKE_OPERATION, isIntakeQuery } from "./graphql-intake.js";
import {
  answerCommentCreate,
  answerCommentCreateLabelling,
  COMMENT_CREATE_LABELLING_OPERATION,
  COMMENT_CREATE_OPERATION,
  isCommentCreate,
  isCommentCreateLabelling,
} from "./graphql-comment-create.js";
import {
  answerCommentReadback,
  COMMENT_READBACK_OPERATION,
  isCommentReadback,
} from "./graphql-comment-readback.js";
import { issueRoutes } from "./routes-issues.js";
import { labelRoutes } from "./routes-labels.js";
import { reactionRoutes } from "./routes-reactions.js";
import { repositoryRoutes } from "./routes-repository.js";
import { DoubleState, type UserRecord } from "./state.js";

/** The GraphQL operations of ours the double answers itself (the queries are reads, though POSTs). */
const OWN_QUERIES = [
  { is: isIntakeQuery, operation: INTAKE_OPERATION, answer: answerIntake },
  { is: isFoldersQuery, operation: FOLDERS_OPERATION, answer: answerFolders },
  { is: isCommentReadback, operation: COMMENT_READBACK_OPERATION, answer: answerCommentReadback },
  { is: isCommentCreate, operation: COMMENT_CREATE_OPERATION, answer: answerCommentCreate },
  {
    is: isCommentCreateLabelling,
    operation: COMMENT_CREATE_LABELLING_OPERATION,
    answer: answerCommentCreateLabelling,
  },
];

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function actorOf(state: DoubleState, header: string | undefined): UserRecord | undefined {
  const token = header?.replace(/^(token|bearer)\s+/i, "");
  if (!token) return undefined;
  const login = state.tokens.get(token);
  return login ? state.user(login) : undefined;
}

/** What one request needs from the double that serves it. */
interface ServeContext {
  double: GitHubDouble;
  validator: ReturnType<typeof openApiValidator>;
  routes: Map<string, Route>;
  validateResponses: boolean;
  graphql: () => GraphqlHandler | undefined;
  faults: Fault[];
}

/** The outage answer for a valid request that matches a pending fault (and uses one of its times). */
function injectedFault(ctx: ServeContext, method: string, path: string): DoubleResponse | undefined {
  const fault = ctx.faults.find((f) => (f.method ?? method) === method && f.path.test(path));
  if (!fault) return undefined;
  if ((fault.skip ?? 0) > 0) {
    fault.skip! -= 1;
    return undefined;
  }
  fault.times = (fault.times ?? 1) - 1;
  if (fault.times <= 0) ctx.faults.splice(ctx.faults.indexOf(fault), 1);
  return { status: fault.status ?? 503, body: { message: "Service Unavailable (injected by the test)" } };
}

function send(
  ctx: ServeContext,
  res: ServerResponse,
  op: MatchedOperation | undefined,
  out: DoubleResponse,
  record: RecordedRequest,
): void {
  record.status = out.status;
  if (record.path === "/graphql") record.answer = out.body;
  if (op && ctx.validateResponses && out.text === undefined) {
    for (const p of ctx.validator.validateResponse(op, out.status, out.body))
      ctx.double.problems.push(`${record.method} ${record.path}: ${p}`);
  }
  const headers: Record<string, string> = {
    "x-github-request-id": `DOUBLE:${ctx.double.requests.length}`,
    ...out.headers,
  };
  if (out.text !== undefined) {
    res.writeHead(out.status, { "content-type": "text/plain; charset=utf-8", ...headers }).end(out.text);
  } else if (out.body === undefined) {
    res.writeHead(out.status, headers).end();
  } else {
    res
      .writeHead(out.status, { "content-type": "application/json; charset=utf-8", ...headers })
      .end(JSON.stringify(out.body));
  }
}

/** Reads the body and records the request; a body that is not JSON is answered with 400 at once. */
async function readRequest(
  ctx: ServeContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<{ url: URL; method: string; body: unknown; record: RecordedRequest } | undefined> {
  const { double } = ctx;
  const url = new URL(req.url ?? "/", double.baseUrl);
  const method = (req.method ?? "GET").toUpperCase();
  const raw = await readBody(req);
  const record: RecordedRequest = {
    method,
    path: url.pathname + url.search,
    operationId: undefined,
    status: 0,
    actor: undefined,
    body: undefined,
  };
  double.requests.push(record);
  try {
    const body: unknown = raw === "" ? undefined : JSON.parse(raw);
    record.body = body;
    return { url, method, body, record };
  } catch {
    double.problems.push(`${method} ${url.pathname}: body is not JSON`);
    send(ctx, res, undefined, { status: 400, body: { message: "Problems parsing JSON" } }, record);
    return undefined;
  }
}

/**
 * The operation and route a request is for, or the error response (recorded as a problem) if none.
 * `checked` is the operation the error response is validated against (only for invalid requests).
 */
function resolveRoute(
  ctx: ServeContext,
  method: string,
  url: URL,
  body: unknown,
):
  | { op: MatchedOperation; route: Route }
  | { op?: MatchedOperation; checked?: MatchedOperation; error: DoubleResponse } {
  const { problems } = ctx.double;
  const op = ctx.validator.match(method, url.pathname);
  if ("error" in op) {
    problems.push(`${method} ${url.pathname}: ${op.error}`);
    return { error: { status: 404, body: { message: `Not Found (${op.error})` } } };
  }
  const route = ctx.routes.get(`${method} ${op.template}`);
  if (!route) {
    problems.push(
      `${method} ${url.pathname}: unexpected request — ${op.operationId} is a GitHub operation, but the double does not implement it`,
    );
    return {
      op,
      error: { status: 501, body: { message: `the GitHub double does not implement ${op.operationId}` } },
    };
  }
  const invalid = ctx.validator.validateRequest(op, url.searchParams, body);
  if (invalid.length > 0) {
    problems.push(`${method} ${url.pathname}: invalid request (${op.operationId}): ${invalid.join("; ")}`);
    return { op, checked: op, error: validationFailed(invalid.join("; ")) };
  }
  return { op, route };
}

/** Match → implemented? → valid? → same repository? → route; every failure is recorded as a problem. */
async function serve(ctx: ServeContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { double } = ctx;
  const { state, problems } = double;
  const read = await readRequest(ctx, req, res);
  if (!read) return;
  const latency = double.options.latencyMs ?? 0;
  if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
  const { url, method, body, record } = read;
  const graphql = ctx.graphql();
  if (method === "POST" && url.pathname === "/graphql") {
    record.operationId = "graphql";
    record.actor = actorOf(state, req.headers.authorization)?.login;
    const query = (body as { query?: unknown } | undefined)?.query;
    if (isViewerQuery(query)) return send(ctx, res, undefined, answerViewer(double, record.actor), record);
    // An outage of GraphQL (`failNext({ path: /graphql/ })`).
    const fault = injectedFault(ctx, method, record.path);
    if (fault) return send(ctx, res, undefined, fault, record);
    // A read, though a POST: `writes()` leaves it out.
    const own = OWN_QUERIES.find((q) => q.is(query));
    if (own) {
      record.operationId = own.operation;
      const answer = await own.answer(double, body as { variables?: Record<string, unknown> }, record.actor);
      return send(ctx, res, undefined, answer, record);
    }
    if (graphql) return send(ctx, res, undefined, graphql(body as { query?: unknown }), record);
  }
  const resolved = resolveRoute(ctx, method, url, body);
  record.operationId = resolved.op?.operationId;
  if ("error" in resolved) return send(ctx, res, resolved.checked, resolved.error, record);
  const { op, route } = resolved;
  const fault = injectedFault(ctx, method, record.path);
  if (fault) return send(ctx, res, undefined, fault, record);
  const actor = actorOf(state, req.headers.authorization);
  record.actor = actor?.login;
  if (op.params.owner !== undefined && op.params.repo !== undefined) {
    const same =
      op.params.owner.toLowerCase() === state.owner.toLowerCase() &&
      op.params.repo.toLowerCase() === state.repo.toLowerCase();
    if (!same) return send(ctx, res, op, notFound(), record);
  }
  const request: DoubleRequest = {
    method,
    template: op.template,
    operationId: op.operationId,
    params: op.params,
    query: url.searchParams,
    body,
    headers: req.headers,
    actor,
    url,
  };
  try {
    return send(ctx, res, op, await route.handle(request, double), record);
  } catch (error) {
    problems.push(`${method} ${url.pathname}: route threw ${(error as Error).stack ?? String(error)}`);
    return send(ctx, res, undefined, { status: 500, body: { message: String(error) } }, record);
  }
}

export async function createGitHubDouble(options: GitHubDoubleOptions): Promise<GitHubDouble> {
  const validator = openApiValidator();
  const routes = new Map<string, Route>();
  const problems: string[] = [];
  let graphql: GraphqlHandler | undefined;
  const faults: Fault[] = [];
  const serving: { ctx?: ServeContext } = {}; // set once the double exists (it needs the port)

  const server: Server = createServer((req, res) => {
    serve(serving.ctx!, req, res).catch((error: unknown) => {
      problems.push(`double crashed: ${String(error)}`);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  // Idle keep-alive sockets stay open until close(): a loaded machine's client may reuse one at the
  // instant the server's 5 s timeout drops it, and the request fails with ECONNRESET.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const requests: RecordedRequest[] = [];

  const double: GitHubDouble = {
    baseUrl: `http://127.0.0.1:${port}`,
    state: new DoubleState(options),
    requests,
    problems,
    options,
    addRoutes(list) {
      for (const r of list) {
        const key = `${r.method} ${r.template}`;
        if (routes.has(key)) throw new Error(`the GitHub double already has a route for ${key}`);
        if (!validator.spec.paths[r.template]?.[r.method.toLowerCase()])
          throw new Error(`${key} is not an operation in GitHub's OpenAPI description`);
        routes.set(key, r);
      }
    },
    failNext(fault) {
      faults.push({ ...fault });
    },
    setGraphql(handler) {
      graphql = handler;
    },
    assertClean() {
      if (problems.length > 0)
        throw new Error(`the GitHub double saw ${problems.length} problem(s):\n- ${problems.join("\n- ")}`);
    },
    writes() {
      return requests.filter(
        (r) =>
          r.method !== "GET" && r.operationId !== FOLDERS_OPERATION && r.operationId !== INTAKE_OPERATION,
      );
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
  serving.ctx = {
    double,
    validator,
    routes,
    validateResponses: options.validateResponses ?? true,
    graphql: () => graphql,
    faults,
  };
  for (const routes of [repositoryRoutes, issueRoutes, labelRoutes, reactionRoutes, actionsRoutes, appRoutes])
    double.addRoutes(routes);
  return double;
}
