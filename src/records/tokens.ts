// The one shape of a token count: what a model call used, what a role spent over a run, a case's mean
// cost per run, a member's cost per case in the run record, the eval record and bank.yml.
import { z } from "zod";

/** Tokens as input | output; `cached` is the part of `input` served from a prompt cache. */
export const Tokens = z.strictObject({
  input: z.number().nonnegative(),
  output: z.number().nonnegative(),
  /** Absent in records written before prompt caching was counted: read as 0. */
  cached: z.number().nonnegative().default(0),
});
export type Tokens = z.infer<typeof Tokens>;

export const ZERO_TOKENS: Tokens = Object.freeze({ input: 0, output: 0, cached: 0 });

export function addTokens(a: Tokens, b: Tokens): Tokens {
  return { input: a.input + b.input, output: a.output + b.output, cached: a.cached + b.cached };
}

/** The tokens a cost is counted in: input + output (cached input is part of input). */
export const totalTokens = (t: Pick<Tokens, "input" | "output">): number => t.input + t.output;
