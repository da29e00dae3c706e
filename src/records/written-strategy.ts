// One of SkillEvolver's K written exploration strategies (docs/engine.md "Search strategies"): a
// short name and a short plan a run of a case follows, kept in the checkpoint so a resumed run
// explores as the uninterrupted one did.
import { z } from "zod";

/** Longest strategy text kept: a strategy is a short plan, not a skill. */
export const MAX_STRATEGY_CHARS = 400;

export const WrittenStrategy = z.strictObject({
  name: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9-]{0,39}$/,
      "a strategy name is lower-case words joined by hyphens, at most 40 characters",
    ),
  text: z.string().min(1).max(MAX_STRATEGY_CHARS),
});
export type WrittenStrategy = z.infer<typeof WrittenStrategy>;
