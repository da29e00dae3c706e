// What a person watching `skillops evolve` sees while it runs: the step lines (evolve-progress.ts)
// and the progress line on stderr (status-line.ts), and with --github the in-progress
// `skillops/gates` check (progress-check.ts). The core reports a RunProgress; this renders it.
import type { ProgressEvent } from "../../../core/evolve/run.js";
import type { RunOutcome } from "../../../core/github/run-check.js";
import { progressText } from "../../../core/render/progress-line.js";
import { systemClock } from "../../../vocabulary/clock.js";
import type { CliIo } from "../context.js";
import type { EvolveFlags } from "./evolve-flags.js";
import { progressLines, type ProgressStyle } from "./evolve-progress.js";
import type { ProgressCheck } from "./progress-check.js";
import { statusLine, type StatusLine } from "./status-line.js";

export interface RunWatch {
  status: StatusLine;
  onProgress(e: ProgressEvent): void;
  /** Completes the gates check, once; later calls do nothing. */
  end(o: Omit<RunOutcome, "simulated">): Promise<void>;
}

export const styleOf = (io: CliIo, simulated: boolean): ProgressStyle => ({
  simulated,
  actions: io.env.GITHUB_ACTIONS === "true",
});

/** --github without --dry-run gets the check; a dry run writes nothing to GitHub. */
export async function watchRun(io: CliIo, f: EvolveFlags, simulated: boolean): Promise<RunWatch> {
  const status = statusLine(io);
  // Loaded only with --github: a run without it does not keep the GitHub client in its heap.
  const check: ProgressCheck | undefined =
    f.github && !f.dryRun
      ? (await import("./progress-check.js")).progressCheck(io, io.now ?? systemClock, simulated)
      : undefined;
  let ended = false;
  return {
    status,
    onProgress(e) {
      status.lines(progressLines(e, styleOf(io, simulated)));
      if (e.type !== "iteration") return check?.begin();
      status.show(progressText(e.progress));
      check?.show(e.progress);
    },
    async end(o) {
      if (ended) return;
      ended = true;
      status.done();
      await check?.finish({ ...o, simulated });
    },
  };
}
