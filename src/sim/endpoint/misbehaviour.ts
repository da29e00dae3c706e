// Misbehaviour on request: what the simulated endpoint sends instead of a good answer, so tests can
// drive the client's failure handling through HTTP. Pure: the good completion in, the reply out.
import { z } from "zod";
import type { Role } from "../../core/llm/model.js";
import { ROLES } from "../../core/llm/model.js";
import type { CompletionBody } from "./completion.js";

export const MISBEHAVIOUR_KINDS = [
  "garbage",
  "html-200",
  "truncated",
  "empty-choices",
  "null-choice",
  "429",
  "500",
  "hang",
  "schema-violation",
  "bad-usage",
  "no-usage",
] as const;

export const Misbehaviour = z.strictObject({
  /** Only requests of this role misbehave; any role when absent. */
  role: z.enum(ROLES).optional(),
  /** How many matching requests misbehave, then the endpoint answers well again. */
  times: z.number().int().positive(),
  kind: z.enum(MISBEHAVIOUR_KINDS),
  /** Seconds in the `retry-after` header of a 429 (default 0). */
  retryAfter: z.number().int().nonnegative().optional(),
});
export type Misbehaviour = z.infer<typeof Misbehaviour>;

export type BadReply =
  { hang: true } | { status: number; contentType: string; headers?: Record<string, string>; text: string };

function errorReply(
  status: number,
  message: string,
  type: string,
  headers: Record<string, string> = {},
): BadReply {
  const text = JSON.stringify({ error: { message, type, param: null, code: null } });
  return { status, contentType: "application/json", headers, text };
}

function withContent(c: CompletionBody, content: string): CompletionBody {
  const choice = c.choices[0] as { message: Record<string, unknown> };
  const message = { role: "assistant", content, refusal: null };
  return { ...c, choices: [{ ...choice, finish_reason: "stop", message }] };
}

export function misbehave(
  kind: Misbehaviour["kind"],
  good: CompletionBody,
  role: Role,
  retryAfter = 0,
): BadReply {
  const json = (body: unknown): BadReply => ({
    status: 200,
    contentType: "application/json",
    text: JSON.stringify(body),
  });
  switch (kind) {
    case "hang":
      return { hang: true };
    case "garbage":
      return { status: 200, contentType: "application/json", text: "sim: this body is not JSON {" };
    case "html-200":
      return {
        status: 200,
        contentType: "text/html",
        text: "<html><body><h1>Bad gateway</h1></body></html>",
      };
    case "truncated": {
      const text = JSON.stringify(good);
      return {
        status: 200,
        contentType: "application/json",
        text: text.slice(0, Math.floor(text.length / 2)),
      };
    }
    case "empty-choices":
      return json({ ...good, choices: [] });
    case "null-choice":
      return json({ ...good, choices: [null] });
    case "429":
      return errorReply(429, "simulated rate limit", "rate_limit_exceeded", {
        "retry-after": String(retryAfter),
      });
    case "500":
      return errorReply(500, "simulated server error", "server_error");
    case "schema-violation":
      // Valid JSON that no skillops schema accepts; for the agent, a final answer in the wrong shape.
      return json(withContent(good, JSON.stringify({ simulated: `schema violation for ${role}` })));
    case "bad-usage":
      return json({
        ...good,
        usage: { prompt_tokens: -1_000_000, completion_tokens: -5, total_tokens: -1_000_005 },
      });
    case "no-usage": {
      const { usage: _dropped, ...rest } = good;
      return json(rest);
    }
  }
}
