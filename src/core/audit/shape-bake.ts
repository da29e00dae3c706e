// Check 4 (SkillEvolver Table 3), shape-bake: an added or changed script that assumes the shape of
// the cases it was written on instead of reading it at run time. Two patterns (docs/audit.md):
//   - indexing by a literal key or column position when the script never probes the data's shape,
//     or by a key that is itself a case's constant (an id, amount or date a case holds);
//   - keyword dispatch: comparisons to DISPATCH_LITERALS or more string literals that the cases hold
//     and the base bank does not (the script routes on this customer's data, not on a rule).
// Critical: both patterns are errors.
import { bankText } from "./added-lines.js";
import type { AuditInput } from "./audit-input.js";
import type { RawFinding } from "./finding.js";
import { literalSet } from "./literal-tokens.js";
import { changedScripts } from "./script-bloat.js";
import { bakedIndexes, comparisons, languageOf, probeLine, type BakedIndex } from "./script-patterns.js";

/** Compared literals from the cases it takes to call a chain of comparisons a dispatch on case data (the paper's ≥ 3). */
export const DISPATCH_LITERALS = 3;

interface CaseIndex {
  literals: Set<string>;
  lower: string;
}

function indexCases(input: AuditInput): CaseIndex {
  const texts = input.cases.map((c) => c.text).join("\n");
  return { literals: literalSet(texts), lower: texts.toLowerCase() };
}

/** A key that is an instance constant of a case: an id, number or date the cases hold as a token. */
function isCaseConstant(key: string, cases: CaseIndex): boolean {
  const own = [...literalSet(key)];
  return own.length > 0 && own.every((l) => cases.literals.has(l)) && /\d/.test(key);
}

function indexFindings(
  s: { skill: string; file: string },
  indexes: BakedIndex[],
  probe: number | undefined,
  cases: CaseIndex,
): RawFinding[] {
  const out: RawFinding[] = [];
  for (const ix of indexes) {
    const constant = ix.kind === "key" && isCaseConstant(ix.key, cases);
    if (probe !== undefined && !constant) continue;
    const what = ix.kind === "key" ? `key "${ix.key}"` : `column ${ix.key}`;
    const why = constant
      ? "a constant a case holds"
      : "and the script never reads its keys, columns or header";
    out.push({
      check: "shapeBake",
      severity: "error",
      skill: s.skill,
      file: s.file,
      line: ix.line,
      evidence: `indexes by the fixed ${what} (\`${ix.text}\`), ${why}`,
    });
  }
  // One finding per line: the first index on it names the problem.
  return out.filter((f, i) => out.findIndex((g) => g.line === f.line) === i);
}

function dispatchFinding(
  s: { skill: string; file: string; text: string },
  lang: NonNullable<ReturnType<typeof languageOf>>,
  cases: CaseIndex,
  known: string,
): RawFinding | undefined {
  const onCaseData = comparisons(s.text, lang).filter((c) => {
    const lit = c.literal.toLowerCase();
    return cases.lower.includes(lit) && !known.includes(lit);
  });
  const literals = [...new Set(onCaseData.map((c) => c.literal))];
  if (literals.length < DISPATCH_LITERALS) return undefined;
  return {
    check: "shapeBake",
    severity: "error",
    skill: s.skill,
    file: s.file,
    line: onCaseData[0]!.line,
    evidence: `dispatches on ${literals.length} literals the cases hold and the base bank does not (${literals
      .slice(0, 4)
      .map((l) => `"${l}"`)
      .join(", ")})`,
  };
}

export function checkShapeBake(input: AuditInput): RawFinding[] {
  const cases = indexCases(input);
  const known = bankText(input.base).toLowerCase();
  const out: RawFinding[] = [];
  for (const s of changedScripts(input)) {
    const lang = languageOf(s.file);
    if (!lang) continue;
    out.push(...indexFindings(s, bakedIndexes(s.text, lang), probeLine(s.text), cases));
    const dispatch = dispatchFinding(s, lang, cases, known);
    if (dispatch) out.push(dispatch);
  }
  return out;
}
