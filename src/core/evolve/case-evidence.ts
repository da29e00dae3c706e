// What the run saw linking each evolution case that named no skill to the bank's skills, for the run
// record's `caseLinks` (records/case-link-evidence.ts): the skills the diagnosers targeted for a batch
// holding the case, and the skills its P₀ runs loaded. The pool file written when the case is
// resolved derives its links from these (core/cases/case-links.ts).
import type { CaseLinkEvidence } from "../../records/case-link-evidence.js";
import type { CaseResult } from "../../records/eval-record.js";
import type { Iteration } from "../../records/run-record.js";
import type { Case } from "../../records/case.js";
import { compare } from "../cases/pool.js";

export function caseLinkEvidence(
  cases: readonly Case[],
  iterations: readonly Iteration[],
  baseline: readonly CaseResult[],
  bankSkills: readonly string[],
): CaseLinkEvidence[] {
  const inBank = new Set(bankSkills);
  const out: CaseLinkEvidence[] = [];
  for (const c of cases) {
    if (c.skills.length > 0) continue;
    const targeted = iterations.flatMap((it) =>
      it.proposals.filter((p) => p.batch.includes(c.id)).flatMap((p) => p.targets),
    );
    const diagnosis = sortedIn(targeted.map(skillOf), inBank);
    const trace = sortedIn(loadedBy(baseline.find((r) => r.id === c.id)), inBank);
    if (diagnosis.length + trace.length > 0) out.push({ case: c.id, diagnosis, trace });
  }
  return out;
}

/** The skills the case's failing runs loaded; when every run passed, the skills its runs loaded. */
function loadedBy(result: CaseResult | undefined): string[] {
  const runs = result?.runDetails ?? [];
  const failing = runs.filter((d) => !d.pass);
  return (failing.length > 0 ? failing : runs).flatMap((d) => d.skillsLoaded);
}

/** A target may name a tool (`<skill>/scripts/<file>`) or a section (`<skill>#<section>`): its skill. */
const skillOf = (target: string) => target.split(/[/#]/)[0]!;

const sortedIn = (names: readonly string[], inBank: ReadonlySet<string>) =>
  [...new Set(names)].filter((n) => inBank.has(n)).sort(compare);
