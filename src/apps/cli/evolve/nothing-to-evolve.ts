// A quiet week: `evolve --github` with no accepted feedback (for the whole bank, or for the scope it
// was given) has nothing to evolve from. That is the job done, not a failure: evolve says so in one
// line, `nothing to evolve: <why>; <what would change it>`, and exits 0. The Action reads the line
// back for its job summary (src/apps/action/outputs.ts), so a green run that did nothing says why.
import { LABELS } from "../../../core/github/labels.js";

export const NOTHING_TO_EVOLVE = "nothing to evolve: ";

/** Thrown before the loop starts; runEvolve prints the line and exits 0. */
export class NothingToEvolve extends Error {
  constructor(
    readonly why: string,
    readonly fix: string,
  ) {
    super(`${why}; ${fix}`);
  }
}

const ACCEPTED = LABELS["skillops:accepted"].name;

/** No accepted feedback issue at all. */
export const noAcceptedFeedback = (): NothingToEvolve =>
  new NothingToEvolve(
    "0 accepted feedback issues",
    `accept one with the label ${ACCEPTED} (or tick its box on the Skill Evolution Dashboard)`,
  );

/** Accepted feedback, none of it in this job's scope. */
export const noneInScope = (scope: string, accepted: number): NothingToEvolve =>
  new NothingToEvolve(
    `0 of the ${accepted} accepted feedback case(s) belong to scope ${scope}`,
    `accept feedback on a skill of this scope with the label ${ACCEPTED}`,
  );

/** The line evolve prints. */
export const nothingLine = (e: NothingToEvolve): string => `${NOTHING_TO_EVOLVE}${e.message}`;

/** The reason in a `nothing to evolve:` line evolve printed, if it printed one. */
export function nothingToEvolveIn(stderr: string): string | undefined {
  const line = stderr.split("\n").find((l) => l.startsWith(NOTHING_TO_EVOLVE));
  return line?.slice(NOTHING_TO_EVOLVE.length);
}
