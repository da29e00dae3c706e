// Provenance per added line (Check 3): which cases motivated each line a rewrite added. A rewrite
// works under one merged plan per skill, and the plan for a skill comes from the diagnosers that
// proposed an edit to it, so every line the rewrite added to that skill is traced to the cases of
// those diagnosers' batches (written once per rewrite), and to the skill's `metadata.policy`
// back-links. docs/run-record.md.
import { addedLinesOf } from "../audit/added-lines.js";
import type { AddedLineProvenance } from "../audit/audit-input.js";
import type { SkillBank } from "../bank/skill.js";
import { splitList } from "../bank/validate.js";
import type { Iteration, LineProvenance, ProposalRecord } from "../../records/run-record.js";

/** Case ids of the batches whose diagnosers planned an edit to `skill` (sorted, unique). */
export function casesBehind(proposals: readonly ProposalRecord[], skill: string): string[] {
  const ids = proposals
    .filter((p) => p.failure === undefined && p.plans.some((x) => x.skill === skill))
    .flatMap((p) => p.batch);
  return [...new Set(ids)].sort();
}

/** Sets `provenance` on each rewritten skill of the iteration: the child's added lines vs the parent. */
export function recordProvenance(record: Iteration, parent: SkillBank, child: SkillBank): void {
  for (const rewrite of record.rewrites) {
    if (rewrite.status !== "rewritten") continue;
    const after = child.skills.find((s) => s.name === rewrite.skill);
    if (!after) continue;
    const before = parent.skills.find((s) => s.name === rewrite.skill)?.source ?? "";
    const policy = splitList(after.frontmatter.metadata?.policy);
    // Every line shares the cases, so they are written once: per line they made the record grow
    // with lines × cases (19 MB at 384 simulated rules).
    rewrite.provenanceCases = casesBehind(record.proposals, rewrite.skill);
    rewrite.provenance = addedLinesOf(before, after.source)
      .filter((a) => a.text.trim() !== "")
      .map((a): LineProvenance => ({
        line: a.line,
        text: a.text,
        ...(policy.length > 0 ? { policy } : {}),
      }));
  }
}

/** Every line provenance a run recorded, for the audit (which compares with E₀, so earlier edits count). */
export function provenanceOf(iterations: readonly Iteration[]): AddedLineProvenance[] {
  return iterations.flatMap((it) =>
    it.rewrites.flatMap((r) =>
      (r.provenance ?? []).map((p) => ({
        skill: r.skill,
        text: p.text,
        cases: p.cases ?? r.provenanceCases ?? [],
        ...(p.policy ? { policy: p.policy } : {}),
      })),
    ),
  );
}
