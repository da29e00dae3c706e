// The `evolve:` keys of fault localisation's counterfactual confirmation (docs/engine.md "Fault
// localisation"; SkillSmith §3.3): how many of the top repair sites are re-run masked or reverted
// before the diagnosers see them, on how many of the cases that implicate each, and how much the
// share of passing runs must rise to confirm one. Absent = the defaults in confirm-sites.ts; no key
// has a zod default, so a run that sets none records none (RunConfig).
import { z } from "zod";

export const LocalisationKeys = {
  confirmSites: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe(
      "Fault localisation: re-run the cases that implicate each of the top N repair sites with the site masked (or reverted to the parent's parent) and mark it confirmed or refuted before the diagnosers see it (default 2; 0 = off; needs localisation, which is on by default). Each check is real agent runs through the cache, counted in the run's executions and budget.",
    ),
  confirmCases: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      "Counterfactual confirmation: failing cases re-run per site, most implicating first (default 3).",
    ),
  confirmMargin: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe(
      "Counterfactual confirmation: how much the share of passing runs on those cases must rise for the site to be confirmed (default 0.2).",
    ),
};

/** The defaults of the keys above, applied where they are read (confirm-sites.ts). */
// Two sites: the paired strategies bench's "frames+loc+confirm" arm (docs/engine.md).
export const CONFIRM_DEFAULTS = { sites: 2, cases: 3, margin: 0.2 } as const;
