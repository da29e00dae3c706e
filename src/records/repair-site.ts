// Fault localisation's record pieces (docs/engine.md "Fault localisation"; SkillSmith §3.3): one
// ranked component with its type as a repair site and its mutation priority, and the counterfactual
// check that confirmed or refuted a suspected site. Kept in the iteration record (run-record.ts).
import { z } from "zod";

/**
 * What kind of place a site is, which says what kind of repair it needs: an instruction `section`,
 * a whole `skill`, a skill's `description` (its runs were cases linked to other skills: retrieval sent
 * them there), a `tool` script, `missing` (the runs went there, and removing what is there changed
 * nothing: what they needed is absent), `interaction` (a pair of skills, `a+b`: runs fail when both
 * are loaded, more than with either alone, so the fault is in how the two combine) or `shared` (a
 * section or script whose text other skills hold too: a repair must change every copy, listed in `also`).
 */
export const SiteKind = z.enum([
  "section",
  "skill",
  "description",
  "tool",
  "missing",
  "interaction",
  "shared",
]);
export type SiteKind = z.infer<typeof SiteKind>;

/** One component of the fault localisation that guided an iteration. */
export const LocalisationEntry = z.strictObject({
  /**
   * `skill`, `skill#section` for one `##` section of it, `skill/scripts/file` for a script it ran, or
   * `a+b` for an interaction of two skills.
   */
  component: z.string(),
  /** Ochiai suspiciousness ef / sqrt(F · (ef + ep)), in [0, 1]. */
  score: z.number().min(0).max(1),
  /** Failing and passing runs of the parent that touched it, weighted so an early-stopped case counts its planned runs. */
  ef: z.number().nonnegative(),
  ep: z.number().nonnegative(),
  /** Failing runs of the parent in all (F), weighted likewise. */
  failing: z.number().nonnegative(),
  /** Its type as a repair site; absent in older records. */
  kind: SiteKind.optional(),
  /** p_i: the chance its skill is in the agent's context (1 without a context budget allocation). */
  prior: z.number().min(0).max(1).optional(),
  /** Mutation priority p_i × score, what the ranking sorts by. */
  priority: z.number().min(0).max(1).optional(),
  /** A `shared` site: the other components that hold the same text. */
  also: z.array(z.string()).optional(),
});
export type LocalisationEntry = z.infer<typeof LocalisationEntry>;

/** A counterfactual check of a suspected site: the cases that implicate it, re-run with it masked or reverted. */
export const SiteConfirmation = z.strictObject({
  component: z.string(),
  /** `masked`: the section, skill or script removed; `reverted`: put back as the parent's parent had it. */
  action: z.enum(["masked", "reverted"]),
  /** `confirmed` when the share of passing runs rose by at least the margin; else `refuted`. */
  verdict: z.enum(["confirmed", "refuted"]),
  /** The failing cases re-run. */
  cases: z.array(z.string()),
  /** Share of the parent's runs of those cases that passed, and of the re-runs. */
  before: z.number().min(0).max(1),
  after: z.number().min(0).max(1),
  /** Runs the re-run made (executed or from the cache), and agent executions it paid for. */
  runs: z.number().int().nonnegative(),
  executions: z.number().int().nonnegative(),
});
export type SiteConfirmation = z.infer<typeof SiteConfirmation>;
