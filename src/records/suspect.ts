// A suspect of fault localisation (SkillSmith, Ochiai): a skill or section, its score, and the
// failing runs that touched it. Ranked in core/evolve/localise/ochiai.ts; shown to the diagnosers.
export interface Suspect {
  /** `skill` or `skill#section` (spectrum.ts componentId). */
  component: string;
  score: number;
  /** Failing runs that touched it. */
  ef: number;
  /** Passing runs that touched it. */
  ep: number;
  /** Failing runs in all. */
  failing: number;
  /** Ids of the failing cases whose runs touched it, most failing runs first, then by id. */
  cases: string[];
}
