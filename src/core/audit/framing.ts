// Check 1 (SkillEvolver Table 3), framing: a rewritten name or description borrows a case-specific
// noun, a word of at least 4 letters that the cases use and the base bank never does. Critical.
import { bankText } from "./added-lines.js";
import type { AuditInput } from "./audit-input.js";
import type { RawFinding } from "./finding.js";
import { skillFile } from "../bank/validate.js";

const WORD = /[A-Za-z][A-Za-z'-]{3,}/g;

function wordsOf(text: string): Set<string> {
  return new Set([...text.matchAll(WORD)].map((m) => m[0].toLowerCase()));
}

export function checkFraming(input: AuditInput): RawFinding[] {
  const baseWords = wordsOf(bankText(input.base));
  const caseWords = new Map<string, string>();
  for (const f of input.cases)
    for (const w of wordsOf(f.text)) if (!caseWords.has(w)) caseWords.set(w, f.caseId);
  const out: RawFinding[] = [];
  for (const skill of input.candidate.skills) {
    const before = input.base.skills.find((s) => s.name === skill.name)?.frontmatter;
    for (const key of ["name", "description"] as const) {
      const value = skill.frontmatter[key];
      if (typeof value !== "string" || value === before?.[key]) continue;
      const borrowed = [...wordsOf(value.replace(/-/g, " "))].filter(
        (w) => !baseWords.has(w) && caseWords.has(w),
      );
      if (borrowed.length === 0) continue;
      const line = skill.source.split("\n").findIndex((l) => l.startsWith(`${key}:`)) + 1;
      out.push({
        check: "framing",
        severity: "error",
        skill: skill.name,
        file: skillFile(skill),
        line,
        evidence: `${key} borrows ${borrowed.map((w) => `"${w}" (case ${caseWords.get(w)})`).join(", ")}, not used by the base bank`,
      });
    }
  }
  return out;
}
