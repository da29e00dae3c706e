// A frontier PR a person closed unmerged, or merged and rolled back, becomes nogoods at the level of
// its edits (docs/nogoods.md): one nogood per section edit of the candidate against the bank it was
// proposed on. A person's refusal does not say which edit was wrong, so every edit is kept on its
// own (marked not minimal); each retires as soon as its skill changes, and the dashboard's "allow it
// again" (src/core/github/plan.ts) still exempts the whole candidate by hash.
import type { SkillBank } from "../bank/skill.js";
import type { Clock } from "../../vocabulary/clock.js";
import { bankEditsOf, makeNogood } from "./nogood.js";
import { type Nogood } from "../../records/nogood.js";

export interface Rejection {
  origin: "rollback" | "closed-pr";
  /** The bank the candidate was proposed on (the PR's base) and the candidate's bank (its head). */
  base: SkillBank;
  candidate: SkillBank;
  /** The candidate's content hash. */
  candidateHash: string;
  /** Who did what, in words: `#41 rolled back by #57`, `#41 closed unmerged by @alice`. */
  reason: string;
  /** The run that proposed it, when known (the PR marker's run id). */
  runId?: string;
}

export function rejectedNogoods(r: Rejection, now: Clock): Nogood[] {
  return bankEditsOf(r.base, r.candidate).map((edit) =>
    makeNogood({
      edits: [edit],
      minimal: false,
      evidence: { cases: [], categories: [], reasons: [r.reason] },
      runId: r.runId ?? "unknown",
      origin: r.origin,
      candidate: r.candidateHash,
      createdAt: now().toISOString(),
    }),
  );
}
