// doctor's model endpoint check: one cheap call (a completion of at most a few tokens, or the model
// list when no model is configured), with the answer named: unreachable, the key refused, the model
// or the path not found, rate-limited, or another status with the start of its body.
import type { DoctorCheck } from "./doctor-check.js";

export type Wire = "chat" | "responses" | "messages";

export interface EndpointTarget {
  /** `model endpoint` or `agent's model endpoint`. */
  label: string;
  /** The base URL, ending in /v1. */
  url: string;
  keyEnv: string;
  /** Where the URL comes from, for the fix: `models.baseURL`, `ANTHROPIC_BASE_URL`, … */
  urlFrom: string;
  wire: Wire;
  model?: string | undefined;
}

const TIMEOUT_MS = 20_000;
const PROMPT = "Reply with ok.";

function request(t: EndpointTarget, key: string | undefined): { path: string; init: RequestInit } {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (key && t.wire === "messages") Object.assign(headers, { "x-api-key": key });
  else if (key) headers.authorization = `Bearer ${key}`;
  if (t.wire === "messages") headers["anthropic-version"] = "2023-06-01";
  if (!t.model) return { path: "/models", init: { method: "GET", headers } };
  const message = [{ role: "user", content: PROMPT }];
  const body =
    t.wire === "chat"
      ? { model: t.model, messages: message, max_tokens: 1 }
      : t.wire === "messages"
        ? { model: t.model, messages: message, max_tokens: 1 }
        : { model: t.model, input: PROMPT, max_output_tokens: 16 };
  const path = { chat: "/chat/completions", messages: "/messages", responses: "/responses" }[t.wire];
  return { path, init: { method: "POST", headers, body: JSON.stringify(body) } };
}

/** Why a fetch failed, from its cause: ECONNREFUSED, ENOTFOUND, a timeout. */
function unreachable(e: unknown): string {
  if (e instanceof Error && e.name === "TimeoutError") return `no answer within ${TIMEOUT_MS / 1000} s`;
  const cause = e instanceof Error ? (e.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code ?? cause?.message ?? (e instanceof Error ? e.message : String(e));
}

function statusProblem(t: EndpointTarget, status: number, body: string, url: string): DoctorCheck {
  const said = body.replace(/\s+/g, " ").trim().slice(0, 200);
  const base = { check: t.label, status: "fail" as const };
  if (status === 401 || status === 403)
    return {
      ...base,
      detail: `${url} refused the key in ${t.keyEnv} (HTTP ${status}): ${said}`,
      fix: `put a valid key for this endpoint in ${t.keyEnv}`,
    };
  if (status === 404 && t.model && /model/i.test(body))
    return {
      ...base,
      detail: `${url} has no model "${t.model}" (HTTP 404): ${said}`,
      fix: "name a model this endpoint serves (evaluate.agent.model or models.roles.<role>.model)",
    };
  if (status === 404)
    return {
      ...base,
      detail: `${url} was not found (HTTP 404): ${said}`,
      fix: `check ${t.urlFrom}: the base URL must end where the API's /v1 starts`,
    };
  return {
    ...base,
    detail: `${url} answered HTTP ${status}: ${said}`,
    fix: "see the endpoint's message above",
  };
}

export async function checkEndpoint(
  t: EndpointTarget,
  env: Readonly<Record<string, string | undefined>>,
): Promise<DoctorCheck> {
  const { path, init } = request(t, env[t.keyEnv]);
  const url = `${t.url.replace(/\/$/, "")}${path}`;
  const what = t.model
    ? `model "${t.model}"`
    : "the model list (no model configured; the agent picks its own)";
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (e) {
    return {
      check: t.label,
      status: "fail",
      detail: `${t.url} is unreachable (${unreachable(e)}), so every model call would fail`,
      fix: `start the endpoint, or point ${t.urlFrom} at one that is up`,
    };
  }
  const body = await res.text().catch(() => "");
  if (res.ok) return { check: t.label, status: "ok", detail: `${t.url} answered for ${what}` };
  if (res.status === 429)
    return {
      check: t.label,
      status: "warn",
      detail: `${t.url} is reachable and the key accepted, but it is rate-limiting (HTTP 429)`,
      fix: "wait, or lower models.concurrency / models.rateLimit (docs/scale.md)",
    };
  return statusProblem(t, res.status, body, url);
}
