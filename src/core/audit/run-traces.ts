// What the trace-based checks (Check 9 and the high-pass skip of Check 5) read: the candidate's own
// evaluation runs, reduced to what each run loaded and ran and whether it passed. Evolve gives them after measuring a child (no extra executions);
// `skillops audit --runs EVAL_RECORD` gives them from a saved evaluation.
import type { Skill } from "../bank/skill.js";

export interface RunTrace {
  caseId: string;
  /** Skills the agent loaded in this run. */
  skillsLoaded: readonly string[];
  /** Scripts it ran, as `<skill>/<path in the skill>` (`find-reservation/scripts/lookup.py`). */
  scriptsRun: readonly string[];
  /** Whether this run passed its case. */
  passed: boolean;
}

export interface TraceInput {
  runs: readonly RunTrace[];
  /** Skills the candidate changed (evolve: vs the parent; the CLI: vs `--base`). */
  changed: readonly string[];
  /** Per changed skill, the cases whose plan edits targeted it; absent = every run counts. */
  motivatedBy?: Readonly<Record<string, readonly string[]>>;
}

/** Steps like "1. Run `scripts/lookup.py` …": the first numbered step names the primary script. */
const FIRST_STEP =
  /^\s*1[.)]\s+(?:\*\*)?run\b[^`\n]*`(?:python3?\s+|node\s+|bash\s+)?(scripts\/[^`\s]+)[^`]*`/im;

/**
 * The script a skill declares as its primary action: `metadata.primary: scripts/x.py`, or else a
 * first numbered step that says to run a `scripts/` file. With the 1-based SKILL.md line that says so.
 */
export function primaryScript(skill: Skill): { script: string; line: number } | undefined {
  const lines = skill.source.split("\n");
  const declared = skill.frontmatter.metadata?.primary?.trim().replace(/^\.\//, "");
  if (declared) {
    const line = lines.findIndex((l) => /^\s*primary:/.test(l)) + 1;
    return { script: declared, line };
  }
  const m = FIRST_STEP.exec(skill.source);
  if (!m) return undefined;
  const line = skill.source.slice(0, m.index + m[0].search(/\S/)).split("\n").length;
  return { script: m[1]!, line };
}
