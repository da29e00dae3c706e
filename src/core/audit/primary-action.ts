// Check 8 (SkillEvolver Table 3), primary-action hoisting, a static ordering check: a skill that
// declares a primary script (run-traces.ts primaryScript) must say to run it before the prose that
// depends on it. Flagged when, before the body's first line naming the script, there is a constraint
// ("must", "never", …) or more than MAX_PREAMBLE_LINES lines of prose, or no line names it at all:
// the using agent reads the constraints first and never invokes the script. Only a changed skill
// whose base version did not already have the problem is flagged. Critical.
import type { Skill } from "../bank/skill.js";
import { skillFile } from "../bank/validate.js";
import type { AuditInput } from "./audit-input.js";
import type { RawFinding } from "./finding.js";
import { primaryScript } from "./run-traces.js";

/** Lines of plain prose (a title line, a one-line purpose) allowed before the invocation. Ours: the paper gives no number. */
export const MAX_PREAMBLE_LINES = 3;

const CONSTRAINT = /\b(?:must|never|always|required|do not|don't)\b/i;

/** Why the skill's primary action is not hoisted, with the line to point at; undefined when it is. */
export function hoistingProblem(skill: Skill): { line: number; why: string } | undefined {
  const primary = primaryScript(skill);
  if (!primary) return undefined;
  const lines = skill.source.split("\n");
  const close = lines.findIndex((l, i) => i > 0 && l.trim() === "---");
  let prose = 0;
  let fenced = false;
  for (let i = close + 1; i < lines.length; i++) {
    const l = lines[i]!.trim();
    if (l.includes(primary.script)) {
      if (prose > MAX_PREAMBLE_LINES)
        return { line: i + 1, why: `comes after ${prose} lines of prose (more than ${MAX_PREAMBLE_LINES})` };
      return undefined;
    }
    if (l.startsWith("```")) fenced = !fenced;
    if (fenced || l === "" || l.startsWith("#") || l.startsWith("```")) continue;
    if (CONSTRAINT.test(l)) return { line: i + 1, why: `comes after the constraint ${JSON.stringify(l)}` };
    prose++;
  }
  return { line: primary.line, why: "is never named in the body, so nothing says to run it" };
}

export function checkPrimaryAction(input: AuditInput): RawFinding[] {
  const out: RawFinding[] = [];
  for (const skill of input.candidate.skills) {
    const before = input.base.skills.find((s) => s.name === skill.name);
    if (before?.source === skill.source) continue;
    const problem = hoistingProblem(skill);
    if (!problem || (before && hoistingProblem(before))) continue;
    out.push({
      check: "primaryActionNotHoisted",
      severity: "error",
      skill: skill.name,
      file: skillFile(skill),
      line: problem.line,
      evidence: `the invocation of its primary script ${primaryScript(skill)!.script} ${problem.why}`,
    });
  }
  return out;
}
