// The `skillops/gates` check on the commit an `evolve --github` run evolves from: in progress while
// the run goes (its summary the progress line, rewritten at most once a minute), then completed with
// the run's outcome. Each frontier PR still gets its own gates check with the gate's verdict.
import { isoSeconds } from "../../vocabulary/clock.js";
import { progressText } from "../render/progress-line.js";
import type { RunProgress } from "../evolve/run-progress.js";
import type { CheckRunUpdate } from "./port.js";

const FOOT =
  "This check completes when the run ends; each frontier PR it opens carries its own `skillops/gates` check with the gate's verdict.";

const sim = (simulated: boolean) => (simulated ? " (simulated)" : "");

/** Once the baseline is measured: iteration 1 is under way. */
export function baselineCheck(at: Date, simulated: boolean): CheckRunUpdate {
  return {
    title: `Evolution running${sim(simulated)}`,
    summary: `The deployed bank (the baseline) is measured; iteration 1 is running.\n\nUpdated ${isoSeconds(at)}. ${FOOT}`,
  };
}

export function runningCheck(p: RunProgress): CheckRunUpdate {
  return {
    title: `Evolution running: iteration ${p.t} of ${p.of}${sim(p.simulated)}`,
    summary: `${progressText(p)}.\n\nUpdated ${isoSeconds(new Date(p.at))}. ${FOOT}`,
  };
}

export interface RunOutcome {
  /** finished: the run ended and handed its frontier on; continues: a continuation job takes it on. */
  state: "finished" | "failed" | "continues";
  /** Why it stopped, or why it failed. */
  line: string;
  simulated: boolean;
}

const ENDING = {
  finished: { title: "Evolution finished", conclusion: "success" },
  failed: { title: "Evolution failed", conclusion: "failure" },
  continues: { title: "Evolution continues in the next job", conclusion: "neutral" },
} as const;

/** The completed check: success when the run finished, failure when it failed. */
export function finishedCheck(o: RunOutcome): CheckRunUpdate {
  const { title, conclusion } = ENDING[o.state];
  const next =
    o.state === "finished"
      ? " Each frontier PR it opened carries its own `skillops/gates` check with the gate's verdict."
      : "";
  return { title: `${title}${sim(o.simulated)}`, summary: `${o.line}${next}`, conclusion };
}
