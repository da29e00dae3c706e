// skillops' namespaced labels. Each is created on first use with its colour and description, so a
// maintainer browsing the label list can tell what each one means without reading our docs.
export interface LabelSpec {
  name: string;
  color: string;
  description: string;
}

const spec = (name: string, color: string, description: string): LabelSpec => ({ name, color, description });

export const LABELS = {
  "skillops:feedback": spec(
    "skillops:feedback",
    "d4c5f9",
    "Feedback on an agent skill, waiting for a maintainer to accept it",
  ),
  "skillops:accepted": spec(
    "skillops:accepted",
    "0e8a16",
    "Accepted feedback: becomes a test case for the next evolution run",
  ),
  "skillops:conversion-failed": spec(
    "skillops:conversion-failed",
    "d93f0b",
    "Accepted, but skillops could not turn it into a test case; the case comment says why",
  ),
  "skillops:needs-info": spec(
    "skillops:needs-info",
    "fbca04",
    "The feedback form is missing something skillops needs",
  ),
  "skillops:possible-injection": spec(
    "skillops:possible-injection",
    "b60205",
    "Feedback whose text looks like instructions to a model; read it before accepting",
  ),
  "skillops:knowledge": spec(
    "skillops:knowledge",
    "c5def5",
    "Experiential advice: goes into the skill's knowledge.md, not the test pool",
  ),
  "skillops:frontier": spec(
    "skillops:frontier",
    "1d76db",
    "A frontier member: one alternative skill-bank revision; merge at most one",
  ),
  "skillops:select": spec(
    "skillops:select",
    "5319e7",
    "Select this frontier member's operating point (needs write permission)",
  ),
  "skillops:shipped": spec(
    "skillops:shipped",
    "0e8a16",
    "Resolved by a merged skill-bank revision (on that frontier PR: its feedback is shipped)",
  ),
  "skillops:rolled-back": spec(
    "skillops:rolled-back",
    "b60205",
    "This revision was reverted; it will not be proposed again automatically",
  ),
  "skillops:superseded": spec(
    "skillops:superseded",
    "cfd3d7",
    "Closed because a sibling frontier member was merged or it left the frontier",
  ),
  "skillops:quiet": spec(
    "skillops:quiet",
    "ededed",
    "skillops posts no new comments here (it still edits its own)",
  ),
  "skillops:left-alone": spec(
    "skillops:left-alone",
    "e99695",
    "A branch for this PR holds commits skillops did not make; skillops leaves that branch alone",
  ),
  "skillops:policy": spec(
    "skillops:policy",
    "fef2c0",
    "A policy change: skills that may be stale and draft cases for uncovered clauses",
  ),
  "skillops:trace": spec(
    "skillops:trace",
    "bfd4f2",
    "Feedback drafted from an agent trace (the trajectory channel); accept it like any feedback",
  ),
  "skillops:dashboard": spec(
    "skillops:dashboard",
    "bfdadc",
    "The Skill Evolution Dashboard (one per repository)",
  ),
} as const satisfies Record<string, LabelSpec>;

export type LabelName = keyof typeof LABELS;

/**
 * The labels a feedback event adds itself. They are created with the dashboard, with their colours
 * (dashboard-sync.ts), so the event that first adds one does not create it grey and pay a second
 * request to colour it; where one is missing all the same, that add still does both.
 */
export const FEEDBACK_EVENT_LABELS = [
  "skillops:accepted",
  "skillops:needs-info",
  "skillops:possible-injection",
  "skillops:conversion-failed",
  "skillops:knowledge",
] as const satisfies readonly LabelName[];

export function isSkillopsLabel(name: string): name is LabelName {
  return Object.hasOwn(LABELS, name);
}

/** Case-insensitive, as GitHub treats label names. */
export function hasLabel(labels: readonly string[], name: LabelName): boolean {
  return labels.some((l) => l.toLowerCase() === name.toLowerCase());
}

/** The labels with `name` added once (case-insensitively), for setting them in one `PATCH` of the issue. */
export function withLabel(labels: readonly string[], name: LabelName): string[] {
  return hasLabel(labels, name) ? [...labels] : [...labels, name];
}
