// What the run record keeps of a context budget allocation (docs/run-record.md "contextBudget"):
// the masking runs (how many, which skills each hid, their outcomes), the estimated effects, and
// the exposure list the allocation chose. It sits on the iteration that made the allocation.
import { z } from "zod";

export const ContextBudgetRecord = z.strictObject({
  /** `evolve.contextBudget`: tokens the exposed skills may take together. */
  budget: z.number().int().positive(),
  /** Tokens of the scope's skills together (SKILL.md estimate, one token per four characters). */
  scopeTokens: z.number().int().nonnegative(),
  masking: z.strictObject({
    /** Masking runs made; each evaluated the evolution cases once (n = 1) and counts against the budget. */
    runs: z.number().int().nonnegative(),
    /** The chance each skill is hidden in a masking run. */
    rho: z.number().min(0).max(1),
    /** Agent executions the masking runs made (part of the record's `executions`). */
    executions: z.number().int().nonnegative(),
    /** Per run: the skills it hid, and its pass rate. */
    hidden: z.array(z.array(z.string())),
    outcomes: z.array(z.number().min(0).max(1)),
    /** Set when the rate was `adaptive` (per skill, per run); `rho` is then the mean rate the runs used. */
    adaptive: z.literal(true).optional(),
  }),
  /** The allocation's dynamics when not the replicator (docs/engine.md "Context budget"). */
  allocation: z.enum(["hedge", "thompson"]).optional(),
  /**
   * With `evolve.retireAfter`: the skills whose gain had a posterior chance below `below` of being
   * positive (their strikes in a row), and every skill retired so far in the run (never exposed).
   */
  retirement: z
    .strictObject({
      after: z.number().int().positive(),
      below: z.number().min(0).max(1),
      flagged: z.array(
        z.strictObject({
          skill: z.string(),
          chance: z.number().min(0).max(1),
          strikes: z.number().int().positive(),
        }),
      ),
      retired: z.array(z.string()),
    })
    .optional(),
  /**
   * Per scope skill: its tokens, estimated gain from being shown (shrunk), final share, and the
   * propensity the allocation's own dynamics gave it (`shown`: replicator min(1, B·share/tokens),
   * Hedge 1 − exp(−B·share/tokens)); absent on records written before it was kept.
   */
  effects: z.array(
    z.strictObject({
      skill: z.string(),
      tokens: z.number(),
      main: z.number(),
      share: z.number(),
      shown: z.number().min(0).max(1).optional(),
    }),
  ),
  /** The strongest estimated interactions (|γ| largest, at most 10). */
  interactions: z.array(z.strictObject({ skills: z.tuple([z.string(), z.string()]), value: z.number() })),
  /** The exposure list the allocation chose, and its tokens. */
  exposure: z.array(z.string()),
  exposureTokens: z.number().int().nonnegative(),
});
export type ContextBudgetRecord = z.infer<typeof ContextBudgetRecord>;
