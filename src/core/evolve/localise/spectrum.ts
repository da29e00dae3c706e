// The program spectrum of fault localisation (SkillSmith, spectrum-based fault localisation): one row
// per agent execution of the parent on the evolution cases, naming the components it touched (the
// skills it loaded, each `##` section of them it read, and each skill script it ran) and whether it
// passed. Built from the measured results, whose per-run traces the checkpoint keeps, so a resumed
// run sees the same rows.
import type { CaseResult } from "../../../records/eval-record.js";

/** A component: a whole skill, or one `##` section of it (by heading text). */
export interface Component {
  skill: string;
  section?: string;
}

export interface SpectrumRow {
  case: string;
  passed: boolean;
  /** Component ids (componentId, or a script as `<skill>/scripts/<file>`), once each. */
  touched: string[];
  /**
   * How many planned runs this row stands for: the case's planned runs over the rows it has, so an
   * early-stopped case counts as much as a complete one (docs/engine.md "Fault localisation"). The
   * same for every row of a case; absent = 1.
   */
  weight?: number;
}

/** `refunds` for a skill, `refunds#Damaged goods` for a section of it. */
export function componentId(c: Component): string {
  return c.section === undefined ? c.skill : `${c.skill}#${c.section}`;
}

/** A script component (`refunds/scripts/check.py`, as the trace's scriptsRun names it). */
export function isScriptComponent(component: string): boolean {
  return !component.includes("#") && component.includes("/");
}

/**
 * One row per run that says something about the skills: a transient failure (rate limit, 5xx) is
 * left out, since it would count as a failing run through whatever it happened to load.
 */
export function spectrumOf(results: readonly CaseResult[]): SpectrumRow[] {
  return results.flatMap((r) => {
    const runs = r.runDetails.filter((d) => !d.transient);
    // Early stop (and a transient failure) leaves fewer rows than planned: the rows there are stand for them.
    const weight = runs.length ? Math.max(r.planned, runs.length) / runs.length : 1;
    return runs.map((d) => {
      const touched = new Set(d.skillsLoaded);
      for (const s of d.sectionsRead ?? []) {
        touched.add(s.skill);
        touched.add(componentId(s));
      }
      for (const script of d.scriptsRun ?? []) touched.add(script);
      return { case: r.id, passed: d.pass, touched: [...touched], weight };
    });
  });
}
