// Draft cases: written by a channel (backlog, traces, policy) and not yet accepted by a maintainer.
// Evaluation and evolution run only accepted cases, so a draft can never steer the bank.
import type { Case } from "../../records/case.js";

export const isDraft = (c: Case): boolean => c.provenance.draft === true;

/** The accepted cases, and one line naming the drafts that were skipped (undefined when none). */
export function withoutDrafts(cases: readonly Case[]): { cases: Case[]; skipped?: string } {
  const drafts = cases.filter(isDraft);
  if (drafts.length === 0) return { cases: [...cases] };
  const names = drafts
    .slice(0, 5)
    .map((c) => c.id)
    .join(", ");
  return {
    cases: cases.filter((c) => !isDraft(c)),
    skipped:
      `skipped ${drafts.length} draft case(s) not yet accepted by a maintainer (${names}${drafts.length > 5 ? ", …" : ""}); ` +
      "to accept one, review it and delete its `draft: true` line (or re-run the ingest with --accept)",
  };
}
