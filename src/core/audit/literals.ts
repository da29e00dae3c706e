// Checks 2 and 6 (SkillEvolver Table 3): an instance constant copied from a case into an added line.
import { addedLines, bankText } from "./added-lines.js";
import type { AuditInput } from "./audit-input.js";
import type { CaseField } from "./case-texts.js";
import type { RawFinding } from "./finding.js";
import { extractLiterals, literalSet, type Literal } from "./literal-tokens.js";

interface IndexedField {
  field: CaseField;
  literals: Set<string>;
  lower: string;
}

/** True when the literal occurs in the field (quoted strings as text, the rest as whole tokens). */
function occursIn(lit: Literal, f: IndexedField): boolean {
  return lit.kind === "quoted" ? f.lower.includes(lit.norm) : f.literals.has(lit.norm);
}

/** Known before the rewrite: in the base bank or a linked policy, in any capitalisation for names. */
function knownBefore(lit: Literal, known: Set<string>, knownLower: string): boolean {
  if (lit.kind === "quoted" || lit.kind === "name") return knownLower.includes(lit.norm.toLowerCase());
  return known.has(lit.norm);
}

export function checkLiterals(input: AuditInput): RawFinding[] {
  const knownText = [bankText(input.base), ...Object.values(input.policies)].join("\n");
  const known = literalSet(knownText);
  const knownLower = knownText.toLowerCase();
  const fields: IndexedField[] = input.cases.map((field) => ({
    field,
    literals: literalSet(field.text),
    lower: field.text.toLowerCase(),
  }));
  const out: RawFinding[] = [];
  for (const added of addedLines(input.base, input.candidate)) {
    const seen = new Set<string>();
    for (const lit of extractLiterals(added.text)) {
      if (seen.has(lit.norm) || knownBefore(lit, known, knownLower)) continue;
      const hit = fields.find((f) => occursIn(lit, f));
      if (!hit) continue;
      seen.add(lit.norm);
      out.push({
        check: "literals",
        severity: "error",
        skill: added.skill,
        file: added.file,
        line: added.line,
        evidence: `${lit.kind} "${lit.text}" appears in case ${hit.field.caseId} (${hit.field.field}) and not in the base bank or its policy`,
      });
    }
  }
  return out;
}
