// The `models.rateLimit:` key: one token bucket per endpoint, shared by every concurrent model call
// of the process (the judge, the reference agent, a command agent's calls through the run proxy),
// and how long a call may back off 429 and 503 answers before it is recorded as a transient failure
// (docs/scale.md, "Rate limits").
import { z } from "zod";

export const RateLimitConfig = z.strictObject({
  requestsPerMinute: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      "Most requests per minute sent to the endpoint, across all concurrent calls; unset = no limit.",
    ),
  tokensPerMinute: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      "Most tokens per minute (a request's estimate: its input plus its output cap, settled to the reported usage); unset = no limit.",
    ),
  maxWaitMs: z
    .number()
    .int()
    .min(0)
    .default(600_000)
    .describe(
      "Longest total wait one call spends backing off 429 and 503 answers (honouring retry-after, else exponential backoff with jitter) before it is recorded as a transient failure; 0 = no retry of either.",
    ),
});
export type RateLimitConfig = z.infer<typeof RateLimitConfig>;
