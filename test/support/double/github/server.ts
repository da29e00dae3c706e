// A stateful in-memory GitHub REST server on loopback. Every request is matched to an operation of
// GitHub's OpenAPI description and validated (path parameters, query, JSON body); every response
// the double sends is validated too. A request to an operation no route file implements, or an
// invalid request, is answered with an error AND recorded, so `assertClean()` fails the test.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { openApiValidator, type MatchedOperation } from "./openapi.js";
import { DoubleState, type DoubleStateOptions, type UserRecord } from "./state.js";
import { issueRoutes } from "./routes-issues.js";

export interface DoubleRequest {
  method: string;
  /** OpenAPI path template and operation id the request matched. */
  template: string;
  operationId: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- already validated against the description
  headers: IncomingMessage["headers"];
  /** Who the Authorization header acts as; undefined for the app's JWT. */
  actor: UserRecord | undefined;
  /** Absolute URL of this request (for Link headers). */
  url: URL;
}

export interface DoubleResponse {
  status: number;
  /** JSON body (validated against the description). */
  body?: unknown;
  /** A non-JSON body (e.g. raw file content), sent as-is. */
  text?: string;
  headers?: Record<string, string>;
}

export interface Route {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Exactly the OpenAPI path template, e.g. `/repos/{owner}/{repo}/issues/{issue_number}`. */
  template: string;
  handle(req: DoubleRequest, double: GitHubDouble): DoubleResponse | Promise<DoubleResponse>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  operationId: string | undefined;
  status: number;
  actor: string | undefined;
  body: unknown;
}

export interface GitHubDoubleOptions extends DoubleStateOptions {
  /** Serve files from somewhere else (e.g. the git server) before `state.files`. */
  readFile?: (ref: string, path: string) => Promise<string | undefined>;
  /** Validate the double's own responses against the description (default true). */
  validateResponses?: boolean;
}

export interface GitHubDouble {
  baseUrl: string;
  state: DoubleState;
  /** Every request, in order. */
  requests: RecordedRequest[];
  /** Unexpected endpoints, invalid requests, invalid responses, route errors. */
  problems: string[];
  options: GitHubDoubleOptions;
  addRoutes(routes: Route[]): void;
  /** GraphQL is outside the REST description: a route file may answer `POST /graphql` itself (pulls.ts). */
  setGraphql?(
    handler: (body: { query?: unknown; variables?: Record<string, unknown> }) => DoubleResponse,
  ): void;
  /** Throws listing every problem; call it after each test. */
  assertClean(): void;
  /** Requests that changed something (not GET), e.g. to assert "a re-run writes nothing". */
  writes(): RecordedRequest[];
  close(): Promise<void>;
}

export const notFound = (): DoubleResponse => ({
  status: 404,
  body: { message: "Not Found", documentation_url: "https://docs.github.com/rest", status: "404" },
});
export const validationFailed = (message: string): DoubleResponse => ({
  status: 422,
  body: {
    message: "Validation Failed",
    errors: [{ resource: "Issue", code: "custom", message }],
    documentation_url: "https://docs.github.com/rest",
  },
});

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
  graphql: () =>
    ((body: { query?: unknown; variables?: Record<string, unknown> }) => DoubleResponse) | undefined;
}

function send(
  ctx: ServeContext,
  res: ServerResponse,
  op: MatchedOperation | undefined,
  out: DoubleResponse,
  record: RecordedRequest,
): void {
  record.status = out.status;
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

/** Match → implemented? → valid? → same repository? → route; every failure is recorded as a problem. */
async function serve(ctx: ServeContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { double } = ctx;
  const { state, problems } = double;
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
  let body: unknown;
  try {
    body = raw === "" ? undefined : JSON.parse(raw);
  } catch {
    problems.push(`${method} ${url.pathname}: body is not JSON`);
    return send(ctx, res, undefined, { status: 400, body: { message: "Problems parsing JSON" } }, record);
  }
  record.body = body;
  const graphql = ctx.graphql();
  if (method === "POST" && url.pathname === "/graphql" && graphql) {
    record.operationId = "graphql";
    record.actor = actorOf(state, req.headers.authorization)?.login;
    return send(ctx, res, undefined, graphql(body as { query?: unknown }), record);
  }
  const op = ctx.validator.match(method, url.pathname);
  if ("error" in op) {
    problems.push(`${method} ${url.pathname}: ${op.error}`);
    return send(ctx, res, undefined, { status: 404, body: { message: `Not Found (${op.error})` } }, record);
  }
  record.operationId = op.operationId;
  const route = ctx.routes.get(`${method} ${op.template}`);
  if (!route) {
    problems.push(
      `${method} ${url.pathname}: unexpected request — ${op.operationId} is a GitHub operation, but the double does not implement it`,
    );
    return send(
      ctx,
      res,
      undefined,
      { status: 501, body: { message: `the GitHub double does not implement ${op.operationId}` } },
      record,
    );
  }
  const invalid = ctx.validator.validateRequest(op, url.searchParams, body);
  if (invalid.length > 0) {
    problems.push(`${method} ${url.pathname}: invalid request (${op.operationId}): ${invalid.join("; ")}`);
    return send(ctx, res, op, validationFailed(invalid.join("; ")), record);
  }
  const actor = actorOf(state, req.headers.authorization);
  record.actor = actor?.login;
  if (op.params.owner !== undefined && op.params.repo !== undefined) {
    const same =
      op.params.owner.toLowerCase() === state.owner.toLowerCase() &&
      op.params.repo.toLowerCase() === state.repo.toLowerCase();
    if (!same) return send(ctx, res, op, notFound(), record);
  }
  try {
    const out = await route.handle(
      {
        method,
        template: op.template,
        operationId: op.operationId,
        params: op.params,
        query: url.searchParams,
        body,
        headers: req.headers,
        actor,
        url,
      },
      double,
    );
    return send(ctx, res, op, out, record);
  } catch (error) {
    problems.push(`${method} ${url.pathname}: route threw ${(error as Error).stack ?? String(error)}`);
    return send(ctx, res, undefined, { status: 500, body: { message: String(error) } }, record);
  }
}

export async function createGitHubDouble(options: GitHubDoubleOptions): Promise<GitHubDouble> {
  const validator = openApiValidator();
  const routes = new Map<string, Route>();
  const problems: string[] = [];
  let graphql:
    ((body: { query?: unknown; variables?: Record<string, unknown> }) => DoubleResponse) | undefined;
  const serving: { ctx?: ServeContext } = {}; // set once the double exists (it needs the port)

  const server: Server = createServer((req, res) => {
    serve(serving.ctx!, req, res).catch((error: unknown) => {
      problems.push(`double crashed: ${String(error)}`);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
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
    setGraphql(handler) {
      graphql = handler;
    },
    assertClean() {
      if (problems.length > 0)
        throw new Error(`the GitHub double saw ${problems.length} problem(s):\n- ${problems.join("\n- ")}`);
    },
    writes() {
      return requests.filter((r) => r.method !== "GET");
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
  serving.ctx = {
    double,
    validator,
    routes,
    validateResponses: options.validateResponses ?? true,
    graphql: () => graphql,
  };
  double.addRoutes(issueRoutes);
  return double;
}
