// SkillEvolver's whole-trajectory contrast in the diagnoser prompt: the best and the worst run's
// steps aligned (`=` both runs, `+` the best run only, `-` the worst run only), the point where they
// part named first. Quoted as data and bounded: the aligned lines shown are those from just before
// the divergence on, at most MAX_ALIGNED_LINES, with a marker for what was left out.

export interface AlignedStep {
  /** `both`: the two runs took this step at this point; else only the best or only the worst run did. */
  side: "both" | "best" | "worst";
  step: string;
}

export interface AlignedTrajectory {
  steps: AlignedStep[];
  /** Index in `steps` of the first step the runs do not share; absent when they never part. */
  divergence?: number;
}

export const TRAJECTORY_LABEL = "Trajectories of the best and worst run of";
export const MAX_ALIGNED_LINES = 30;
/** Shared steps shown before the divergence, for context. */
const LEAD_IN = 3;

const MARK = { both: "=", best: "+", worst: "-" } as const;

function divergenceLine(t: AlignedTrajectory): string {
  if (t.divergence === undefined) return "The runs take the same steps.";
  const at = t.steps.slice(0, t.divergence).filter((s) => s.side === "both").length;
  const next = (side: "best" | "worst") =>
    t.steps.slice(t.divergence).find((s) => s.side === side)?.step ?? "(nothing more)";
  return `They part after shared step ${at}: the best run next took \`${next("best")}\`, the worst run \`${next("worst")}\`.`;
}

export function renderTrajectory(t: AlignedTrajectory): string {
  const from = t.divergence === undefined ? 0 : Math.max(0, t.divergence - LEAD_IN);
  const shown = t.steps.slice(from, from + MAX_ALIGNED_LINES);
  const after = t.steps.length - from - shown.length;
  return [
    divergenceLine(t),
    "(= both runs, + the best run only, - the worst run only)",
    ...(from > 0 ? [`… ${from} shared step(s) before`] : []),
    ...shown.map((s) => `${MARK[s.side]} ${s.step}`),
    ...(after > 0 ? [`… ${after} more aligned step(s) left out (truncated)`] : []),
  ].join("\n");
}
