// The cold-start bank against the hand-written example bank, matched by back-linked heading (the
// slug after `#`, so a bank generated from examples/policy/airline.md compares with skill-bank/,
// whose links name tau2-airline/policy.md under the same headings): for each generated skill the
// hand-written skills that link one of its headings, and the clauses each bank leaves uncovered.
import { readClauses, uncoveredClauses, type CoveringSkill } from "../src/core/coldstart/coverage.js";
import type { PolicyDocument } from "../src/core/coldstart/policy-document.js";

export interface BankComparison {
  matches: { generated: string; handWritten: string[]; headings: string[] }[];
  /** Hand-written skills that share no heading with any generated skill. */
  unmatched: string[];
  clauses: number;
  uncoveredGenerated: string[];
  uncoveredHandWritten: string[];
}

const slugs = (s: CoveringSkill) => s.policy.map((l) => l.slice(l.indexOf("#") + 1));

/** The hand-written links, re-pointed at `doc.file`, so coverage is computed on one document. */
const repoint = (doc: PolicyDocument, skills: readonly CoveringSkill[]): CoveringSkill[] =>
  skills.map((s) => ({ name: s.name, policy: slugs(s).map((slug) => `${doc.file}#${slug}`) }));

export function compareBanks(
  doc: PolicyDocument,
  generated: readonly CoveringSkill[],
  handWritten: readonly CoveringSkill[],
): BankComparison {
  const hand = repoint(doc, handWritten);
  const byName = [...generated].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const matches = byName.map((g) => {
    const mine = new Set(slugs(g));
    const others = hand.filter((h) => slugs(h).some((x) => mine.has(x)));
    return { generated: g.name, handWritten: others.map((h) => h.name).sort(), headings: [...mine] };
  });
  const matched = new Set(matches.flatMap((m) => m.handWritten));
  const slugOf = (c: { heading: { slug: string } }) => c.heading.slug;
  return {
    matches,
    unmatched: hand.filter((h) => !matched.has(h.name)).map((h) => h.name),
    clauses: readClauses(doc).length,
    uncoveredGenerated: uncoveredClauses([doc], generated).map(slugOf),
    uncoveredHandWritten: uncoveredClauses([doc], hand).map(slugOf),
  };
}
