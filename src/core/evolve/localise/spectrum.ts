// The program spectrum of fault localisation (SkillSmith, spectrum-based fault localisation): one row
// per agent execution of the parent on the evolution cases, naming the components it touched (the
// skills it loaded, and each `##` section of them it read) and whether it passed. Built from the
// measured results, whose per-run traces the checkpoint keeps, so a resumed run sees the same rows.
import type { CaseResult } from "../../../records/eval-record.js";

/** A component: a whole skill, or one `##` section of it (by heading text). */
export interface Component {
  skill: string;
  section?: string;
}

export interface SpectrumRow {
  case: string;
  passed: boolean;
  /** Component ids (componentId), once each. */
  touched: string[];
}

/** `refunds` for a skill, `refunds#Damaged goods` for a section of it. */
export function componentId(c: Component): string {
  return c.section === undefined ? c.skill : `${c.skill}#${c.section}`;
}

/**
 * One row per run that says something about the skills: a transient failure (rate limit, 5xx) is
 * left out, since it would count as a failing run through whatever it happened to load.
 */
export function spectrumOf(results: readonly CaseResult[]): SpectrumRow[] {
  return results.flatMap((r) =>
    r.runDetails
      .filter((d) => !d.transient)
      .map((d) => {
        const touched = new Set(d.skillsLoaded);
        for (const s of d.sectionsRead ?? []) {
          touched.add(s.skill);
          touched.add(componentId(s));
        }
        return { case: r.id, passed: d.pass, touched: [...touched] };
      }),
  );
}
