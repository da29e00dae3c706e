// What a route file implements and what it is handed: the request after the server matched and
// validated it, the response it answers with, and the double itself. Kept apart from server.ts so
// route files depend on this contract, not on the server that loads them.
import type { IncomingMessage } from "node:http";
import type { DoubleState, DoubleStateOptions, UserRecord } from "./state.js";

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
  /** What a GraphQL request was answered (test/github/graphql-schema.test.ts checks it against GitHub's schema). */
  answer?: unknown;
}

export interface GitHubDoubleOptions extends DoubleStateOptions {
  /** Serve files from somewhere else (e.g. the git server) before `state.files`. */
  readFile?: (ref: string, path: string) => Promise<string | undefined>;
  /** With `readFile`: the paths under `dir` on `ref`, relative to it (GraphQL folder reads); undefined = `state.files`. */
  listFiles?: (ref: string, dir: string) => Promise<string[] | undefined>;
  /**
   * Milliseconds each request waits before it is served (default 0): with it, concurrent handlers
   * interleave request by request, as they do against the real API, so races show.
   */
  latencyMs?: number;
  /** Validate the double's own responses against the description (default true). */
  validateResponses?: boolean;
}

export type GraphqlHandler = (body: {
  query?: unknown;
  variables?: Record<string, unknown>;
}) => DoubleResponse;

/**
 * A failure the double answers instead of serving a valid request (an outage, not a problem: it is
 * not recorded in `problems`). `times` (default 1) requests matching `method` and `path` fail.
 */
export interface Fault {
  method?: string;
  /** Matched against the path and query, e.g. `/issues/12$` or a RegExp. */
  path: RegExp;
  status?: number;
  times?: number;
  /** Let this many matching requests through first (default 0). */
  skip?: number;
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
  /** Makes the next matching requests fail (503 unless `status` says otherwise), e.g. an outage mid-handler. */
  failNext(fault: Fault): void;
  /** GraphQL is outside the REST description: a route file may answer `POST /graphql` itself (pulls.ts). */
  setGraphql?(handler: GraphqlHandler): void;
  /** Throws listing every problem; call it after each test. */
  assertClean(): void;
  /** Requests that changed something (not GET), e.g. to assert "a re-run writes nothing". */
  writes(): RecordedRequest[];
  close(): Promise<void>;
}
