// Which requests the model proxy lends its key to (docs/security.md, "The agent reaches the model
// only through the proxy"): an allowlist of (method, path) per agent, decided on a normalised path.
// The key's authority is the whole API (list models, delete files, mint admin keys); an agent needs
// only to call the model. So the proxy forwards a request only when it is a POST to one of the
// agent's model-call paths, and the path sent upstream is the allowlist's own constant, never text
// from the request: what was checked is exactly what is sent.

/** A kind of model call, and the path it has under the endpoint's base URL (which ends in /v1). */
export const MODEL_ROUTES = {
  chat: "/chat/completions",
  responses: "/responses",
  messages: "/messages",
  embeddings: "/embeddings",
} as const;
export type ModelRoute = keyof typeof MODEL_ROUTES;

/** A request the proxy may forward: its route, the path to append to the base URL, and its query. */
export interface AllowedCall {
  route: ModelRoute;
  upstreamPath: string;
  /** `?…` re-serialised from the request's query (Claude Code adds `?beta=true`), or "". */
  search: string;
}

export interface RefusedCall {
  status: 403 | 426;
  message: string;
}

/** What the proxy saw of a request: the request line and the headers that matter to the decision. */
export interface CallRequest {
  method: string;
  target: string;
  host?: string | undefined;
  upgrade?: string | undefined;
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** "POST /v1/chat/completions, POST /v1/responses": the rule, as every refusal states it. */
export const describeRoutes = (routes: readonly ModelRoute[]): string =>
  routes.map((r) => `POST /v1${MODEL_ROUTES[r]}`).join(", ") || "nothing";

/**
 * The request target's path with percent-escapes decoded, empty and `.` segments dropped and `..`
 * resolved, or undefined when it is not a path (absolute-form `http://…`, `*`) or will not decode.
 * Decoding before splitting makes `chat%2fcompletions` and `%2e%2e` mean what a lenient server
 * would take them to mean; an escape left after one decoding (`%252e`) matches no route.
 */
export function normalisePath(target: string): string | undefined {
  const path = target.split("?")[0]!;
  if (!path.startsWith("/")) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  const segments: string[] = [];
  for (const segment of decoded.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join("/")}`;
}

const hostName = (host: string): string =>
  host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0]!;

/** The query re-serialised (so it can carry nothing that is not a name=value pair), or "". */
function searchOf(target: string): string {
  const at = target.indexOf("?");
  if (at < 0) return "";
  const query = new URLSearchParams(target.slice(at + 1)).toString();
  return query ? `?${query}` : "";
}

/**
 * The proxy's decision for one request: forward it as one of `routes`, or refuse it with a message
 * that names what was asked and the rule (a 426 for a protocol upgrade such as Codex's WebSocket, so
 * a client that can fall back to plain HTTP does).
 */
export function decideCall(req: CallRequest, routes: readonly ModelRoute[]): AllowedCall | RefusedCall {
  const rule = `this proxy forwards only model calls: ${describeRoutes(routes)}`;
  const asked = `${req.method} ${req.target.slice(0, 200)}`;
  if (req.upgrade)
    return { status: 426, message: `${asked} asks to switch to ${req.upgrade}; ${rule}, over plain HTTP` };
  if (req.host !== undefined && !LOOPBACK_HOSTS.has(hostName(req.host).toLowerCase()))
    return { status: 403, message: `${asked} names the host ${req.host}, not this proxy; ${rule}` };
  const path = normalisePath(req.target);
  if (path === undefined)
    return { status: 403, message: `${asked}: the request target is not a plain path; ${rule}` };
  const route = routes.find((r) => path === `/v1${MODEL_ROUTES[r]}`);
  if (req.method !== "POST" || route === undefined) {
    const other = req.method === "POST" && Object.values(MODEL_ROUTES).some((p) => path === `/v1${p}`);
    const what = other ? "is not a model call this agent makes" : "is not a model call";
    return { status: 403, message: `${req.method} ${path} ${what}; ${rule}` };
  }
  return { route, upstreamPath: MODEL_ROUTES[route], search: searchOf(req.target) };
}

export const isRefused = (d: AllowedCall | RefusedCall): d is RefusedCall => "status" in d;
