// A suspect of fault localisation (SkillSmith, Ochiai): a skill, section or script, its score, and the
// failing runs that touched it. Ranked in core/evolve/localise/ochiai.ts, typed as a repair site and
// ordered by p_i × score in sites.ts, and shown to the diagnosers.
import type { SiteConfirmation, SiteKind } from "./repair-site.js";

export interface Suspect {
  /** `skill`, `skill#section` (spectrum.ts componentId), `skill/scripts/file`, or `a+b` (two skills' interaction). */
  component: string;
  score: number;
  /** Failing runs that touched it (weighted: an early-stopped case counts its planned runs). */
  ef: number;
  /** Passing runs that touched it (weighted likewise). */
  ep: number;
  /** Failing runs in all (weighted likewise). */
  failing: number;
  /** Ids of the failing cases whose runs touched it, most failing runs first, then by id. */
  cases: string[];
  /** Its type as a repair site (sites.ts); absent before typing. */
  kind?: SiteKind;
  /** p_i, the chance its skill is in context, and the mutation priority p_i × score. */
  prior?: number;
  priority?: number;
  /** A `shared` site: the other components that hold the same text (shared-sites.ts). */
  also?: string[];
  /** The counterfactual check of it, when one was made. */
  confirmation?: Pick<SiteConfirmation, "action" | "verdict" | "before" | "after">;
}
