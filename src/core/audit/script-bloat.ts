// Check 2b (SkillEvolver Table 3): a script that grew past what a procedure needs is likely a
// lookup table of case answers. Over 200 lines is a warning, over 400 an error.
import { textOf } from "./added-lines.js";
import type { AuditInput } from "./audit-input.js";
import type { RawFinding } from "./finding.js";

export const SCRIPT_WARN_LINES = 200;
export const SCRIPT_ERROR_LINES = 400;

/** Added or changed files under a skill's `scripts/` folder. */
export function changedScripts(input: AuditInput): { skill: string; file: string; text: string }[] {
  const out: { skill: string; file: string; text: string }[] = [];
  for (const skill of input.candidate.skills) {
    for (const aux of skill.auxiliary) {
      if (aux.kind !== "scripts") continue;
      const file = `${skill.dir}/${aux.path}`;
      const text = textOf(input.candidate, file);
      if (text === undefined || text === textOf(input.base, file)) continue;
      out.push({ skill: skill.name, file, text });
    }
  }
  return out;
}

export function checkScriptBloat(input: AuditInput): RawFinding[] {
  const out: RawFinding[] = [];
  for (const s of changedScripts(input)) {
    const lines = s.text.replace(/\n$/, "").split("\n").length;
    if (lines <= SCRIPT_WARN_LINES) continue;
    const limit = lines > SCRIPT_ERROR_LINES ? SCRIPT_ERROR_LINES : SCRIPT_WARN_LINES;
    out.push({
      check: "scriptBloat",
      severity: lines > SCRIPT_ERROR_LINES ? "error" : "warning",
      skill: s.skill,
      file: s.file,
      line: 0,
      evidence: `script has ${lines} lines (more than ${limit})`,
    });
  }
  return out;
}
