// Check 7 (SkillEvolver Table 3), under-abstraction: an added imperative claim ("must", "never",
// "over", "within", "use", …) embeds a parametric constant (a number other than a single digit or a
// year, or a quoted upper-case code such as `CANCELLED`) without invariance provenance (the base bank
// and its policies never state it) and without a sibling instruction in the same paragraph to
// re-derive the value at run time. A constant a case holds is the literals check's (Checks 2 and 6),
// so it is not reported twice. Critical.
import { bankText, textOf } from "./added-lines.js";
import type { AuditInput } from "./audit-input.js";
import { addedCodeLines } from "./code-lines.js";
import { quoteEvidence, type RawFinding } from "./finding.js";
import { extractLiterals, literalSet } from "./literal-tokens.js";

const IMPERATIVE =
  /\b(?:must|never|always|required|requires|should|only|exactly|at (?:least|most)|no more than|(?:more|less|fewer|greater) than|over|under|above|below|exceeds?|within|use|set|treat|wait|retry|limit)\b/i;
const CODE = /[`"']([A-Z][A-Z0-9_]{2,})[`"']/g;
/** Words that tell the agent to find the value now rather than trust the one written down. */
const REDERIVE =
  /\b(?:at run ?time|runtime|re-?derive|look (?:it |this |them )?up|read (?:it |the value |them )?from|from the (?:config|configuration|policy|settings|data|input)|(?:check|confirm|verify) the current|current value|may (?:differ|change|vary)|varies)\b/i;

/** The paragraph (contiguous non-blank lines) around a 1-based line. */
function paragraphOf(text: string, line: number): string {
  const lines = text.split("\n");
  let lo = line - 1;
  let hi = line - 1;
  while (lo > 0 && lines[lo - 1]!.trim() !== "") lo--;
  while (hi < lines.length - 1 && lines[hi + 1]!.trim() !== "") hi++;
  return lines.slice(lo, hi + 1).join("\n");
}

/** `word` in `text` as a whole token (so 48 is not found in 2048). */
function wordIn(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\w.])${escaped}(?![\\w])`).test(text);
}

/** The parametric constants of a line: numbers and quoted upper-case codes. */
function constantsOf(text: string): { text: string; norm: string }[] {
  const numbers = extractLiterals(text).filter((l) => l.kind === "number");
  const codes = [...text.matchAll(CODE)].map((m) => ({ text: m[1]!, norm: m[1]! }));
  return [...numbers, ...codes];
}

export function checkUnderAbstraction(input: AuditInput): RawFinding[] {
  const knownText = [bankText(input.base), ...Object.values(input.policies)].join("\n");
  const known = literalSet(knownText);
  const caseText = input.cases.map((c) => c.text).join("\n");
  const held = literalSet(caseText);
  const isNew = (c: { text: string; norm: string }) =>
    !known.has(c.norm) && !held.has(c.norm) && !wordIn(knownText, c.text) && !wordIn(caseText, c.text);
  const out: RawFinding[] = [];
  for (const a of addedCodeLines(input.base, input.candidate)) {
    if (a.kind !== "prose" || !IMPERATIVE.test(a.text)) continue;
    const constants = [
      ...new Set(
        constantsOf(a.text)
          .filter(isNew)
          .map((c) => c.text),
      ),
    ];
    if (constants.length === 0) continue;
    if (REDERIVE.test(paragraphOf(textOf(input.candidate, a.file) ?? a.text, a.line))) continue;
    out.push({
      check: "underAbstraction",
      severity: "error",
      skill: a.skill,
      file: a.file,
      line: a.line,
      evidence: `imperative claim fixes ${constants.map((c) => `"${c}"`).join(", ")}, which the base bank and its policies never state, with no instruction to re-derive it at run time: ${quoteEvidence(a.text, 80)}`,
    });
  }
  return out;
}
