// Check 3 (SkillEvolver Table 3): a new imperative rule with nothing behind it. A rule's content
// words (4+ letters, not stop words) must be at least half found in what supports it:
//   - with provenance for the line (the run recorded which cases motivated it): those cases' fields
//     (prompt, input files, rubric, diagnosis) and the policy clauses its skill links to;
//   - without (the CLI without --runs, a line no recorded rewrite added): the base bank and every
//     case's diagnosis, a word-overlap fallback.
import { addedLines, bankText, type AddedLine } from "./added-lines.js";
import type { AddedLineProvenance, AuditInput } from "./audit-input.js";
import type { RawFinding } from "./finding.js";
import { policyClause } from "./policy-clause.js";

const IMPERATIVE = /\b(never|always|must|required)\b/i;
const WORD = /[a-z][a-z'-]{3,}/g;
const STOP = new Set(
  "never always must required that this with from have when they them their there what which will would should about into only also than then each every other".split(
    " ",
  ),
);
/** Share of a rule's content words that must be found in what supports it. */
export const SUPPORT_SHARE = 0.5;

function contentWords(text: string): string[] {
  return [...new Set([...text.toLowerCase().matchAll(WORD)].map((m) => m[0]))].filter((w) => !STOP.has(w));
}

interface Support {
  words: Set<string>;
  /** With provenance: the words of the cases and clauses behind the line alone, and what they are. */
  traced?: { words: Set<string>; what: string };
  /** "neither the base bank nor any diagnosis", "its cases (a, b) nor …": where the words were sought. */
  where: string;
}

function fallbackSupport(input: AuditInput, base: Set<string>): Support {
  const diagnoses = input.cases.filter((c) => c.field === "diagnosis").map((c) => c.text);
  return {
    words: new Set([...base, ...contentWords(diagnoses.join("\n"))]),
    where: "neither the base bank nor any diagnosis",
  };
}

/** The provenance of an added line: every recorded entry for its skill and text, merged. */
function provenanceFor(input: AuditInput, added: AddedLine): AddedLineProvenance | undefined {
  const text = added.text.trim();
  const hits = (input.provenance ?? []).filter((p) => p.skill === added.skill && p.text.trim() === text);
  if (hits.length === 0) return undefined;
  const cases = [...new Set(hits.flatMap((p) => p.cases))].sort();
  const policy = [...new Set(hits.flatMap((p) => p.policy ?? []))].sort();
  return { skill: added.skill, text, cases, policy };
}

/** What its provenance says: the words of its cases' fields and policy clauses, plus the base bank's. */
function provenanceSupport(input: AuditInput, p: AddedLineProvenance, base: Set<string>): Support {
  const ids = new Set(p.cases);
  const texts = input.cases.filter((c) => ids.has(c.caseId)).map((c) => c.text);
  const clauses = (p.policy ?? []).map((link) => policyClause(input.policies, link) ?? "");
  const cases = p.cases.length ? `its cases (${p.cases.slice(0, 3).join(", ")})` : "a case (none recorded)";
  const policy = p.policy?.length ? `its policy clauses (${p.policy.join(", ")})` : "a linked policy clause";
  const traced = new Set(contentWords([...texts, ...clauses].join("\n")));
  return {
    words: new Set([...traced, ...base]),
    traced: { words: traced, what: `${cases} or ${policy}` },
    where: `neither ${cases} nor ${policy} nor the base bank`,
  };
}

function unsupportedEvidence(words: string[], support: Support): string | undefined {
  const unsupported = words.filter((w) => !support.words.has(w));
  if (unsupported.length / words.length > 1 - SUPPORT_SHARE)
    return `${unsupported.length} of ${words.length} words found in ${support.where} (${unsupported.slice(0, 5).join(", ")})`;
  // With provenance, the rule must also share a word with what motivated it, not only with the bank.
  const traced = support.traced;
  if (traced && !words.some((w) => traced.words.has(w)))
    return `none of its ${words.length} words in ${traced.what}`;
  return undefined;
}

export function checkUntraceableAssertions(input: AuditInput): RawFinding[] {
  const base = new Set(contentWords(bankText(input.base)));
  const fallback = fallbackSupport(input, base);
  const out: RawFinding[] = [];
  for (const added of addedLines(input.base, input.candidate)) {
    const verb = IMPERATIVE.exec(added.text);
    if (!verb) continue;
    const words = contentWords(added.text);
    if (words.length === 0) continue;
    const p = provenanceFor(input, added);
    const why = unsupportedEvidence(words, p ? provenanceSupport(input, p, base) : fallback);
    if (!why) continue;
    out.push({
      check: "untraceableAssertions",
      severity: "warning",
      skill: added.skill,
      file: added.file,
      line: added.line,
      evidence: `new "${verb[0].toLowerCase()}" rule with ${why}`,
    });
  }
  return out;
}
