// The one sentence that says how far an evolve run has come: the CLI's progress line on stderr and
// the in-progress `skillops/gates` check's summary print the same words.
import { percent } from "../../vocabulary/percent.js";
import type { RunProgress } from "../evolve/run-progress.js";

function timeLeft(p: RunProgress): string {
  if (p.t >= p.of) return "finishing";
  if (p.minutesLeft === undefined) return "time left not yet known";
  if (p.minutesLeft < 1) return "under a minute left";
  const m = Math.round(p.minutesLeft);
  return `about ${m} minute${m === 1 ? "" : "s"} left`;
}

/** "iteration 3 of 10, budget 42% used, about 5 minutes left", labelled when the run is simulated. */
export function progressText(p: RunProgress): string {
  const budget =
    p.budgetUsed === undefined ? "no token budget" : `budget ${percent(p.budgetUsed, { digits: 0 })} used`;
  return `iteration ${p.t} of ${p.of}, ${budget}, ${timeLeft(p)}${p.simulated ? " (simulated)" : ""}`;
}
