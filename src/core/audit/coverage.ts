// Check 5 (SkillEvolver Table 3), coverage: a changed skill describes a mechanical task (at least
// MECHANICAL_STEPS list steps that compute, parse, convert, sort, … — work a script does reliably
// and an agent by hand does not) and bundles no script, and the candidate added at least one of
// those steps. Skipped in high-pass mode: when the candidate's runs that loaded the skill pass at
// least HIGH_PASS of the time (the paper's continue-or-exit bar, #pass ≥ 3K/4), the prose works.
// Not critical: a warning.
import { addedLines } from "./added-lines.js";
import type { AuditInput } from "./audit-input.js";
import { skillFile } from "../bank/validate.js";
import type { RawFinding } from "./finding.js";

/** Mechanical steps it takes to call a skill's task mechanical. Ours: the paper gives no number. */
export const MECHANICAL_STEPS = 3;
/** The share of passing runs above which the check is skipped (SkillEvolver Algorithm 1, line 4). */
export const HIGH_PASS = 0.75;

const STEP = /^\s*(?:\d+[.)]|[-*+])\s+/;
const MECHANICAL =
  /\b(?:compute|calculate|sum|total|count|tally|convert|parse|extract|sort|filter|aggregate|tabulate|reformat|normali[sz]e|round|multiply|divide|subtract|average|deduplicate|merge|join|diff)\b/i;

const isMechanicalStep = (line: string) => STEP.test(line) && MECHANICAL.test(line);

function highPass(input: AuditInput, skill: string): boolean {
  const runs = input.traces?.runs.filter((r) => r.skillsLoaded.includes(skill)) ?? [];
  return runs.length > 0 && runs.filter((r) => r.passed).length >= HIGH_PASS * runs.length;
}

export function checkCoverage(input: AuditInput): RawFinding[] {
  const added = addedLines(input.base, input.candidate);
  const out: RawFinding[] = [];
  for (const skill of input.candidate.skills) {
    if (skill.auxiliary.some((a) => a.kind === "scripts")) continue;
    const file = skillFile(skill);
    const steps = skill.source.split("\n").filter(isMechanicalStep);
    const first = added.find((a) => a.file === file && isMechanicalStep(a.text));
    if (steps.length < MECHANICAL_STEPS || !first || highPass(input, skill.name)) continue;
    out.push({
      check: "coverage",
      severity: "warning",
      skill: skill.name,
      file,
      line: first.line,
      evidence: `${steps.length} mechanical steps (compute, parse, convert, …) and no script under scripts/ to do them`,
    });
  }
  return out;
}
