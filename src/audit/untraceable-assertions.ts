// Check 3 (SkillEvolver Table 3): a new imperative rule with nothing behind it. Heuristic: the
// rule's content words (4+ letters, not stop words) must half appear in the base bank or the
// cases' diagnoses; otherwise nothing the run saw supports it.
import { addedLines, bankText } from "./added-lines.js";
import type { AuditInput } from "./audit-input.js";
import type { RawFinding } from "./finding.js";

const IMPERATIVE = /\b(never|always|must|required)\b/i;
const WORD = /[a-z][a-z'-]{3,}/g;
const STOP = new Set(
  "never always must required that this with from have when they them their there what which will would should about into only also than then each every other".split(
    " ",
  ),
);
/** Share of a rule's content words that must be found in the base bank or a diagnosis. */
export const SUPPORT_SHARE = 0.5;

function contentWords(text: string): string[] {
  return [...new Set([...text.toLowerCase().matchAll(WORD)].map((m) => m[0]))].filter((w) => !STOP.has(w));
}

export function checkUntraceableAssertions(input: AuditInput): RawFinding[] {
  const support = new Set(
    contentWords(
      [bankText(input.base), ...input.cases.filter((c) => c.field === "diagnosis").map((c) => c.text)].join(
        "\n",
      ),
    ),
  );
  const out: RawFinding[] = [];
  for (const added of addedLines(input.base, input.candidate)) {
    const verb = IMPERATIVE.exec(added.text);
    if (!verb) continue;
    const words = contentWords(added.text);
    if (words.length === 0) continue;
    const unsupported = words.filter((w) => !support.has(w));
    if (unsupported.length / words.length <= 1 - SUPPORT_SHARE) continue;
    out.push({
      check: "untraceableAssertions",
      severity: "warning",
      skill: added.skill,
      file: added.file,
      line: added.line,
      evidence: `new "${verb[0].toLowerCase()}" rule with ${unsupported.length} of ${words.length} words found in neither the base bank nor any diagnosis (${unsupported.slice(0, 5).join(", ")})`,
    });
  }
  return out;
}
