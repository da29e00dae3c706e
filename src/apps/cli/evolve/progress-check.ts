// `evolve --github`: the `skillops/gates` check on the commit the run evolves from is in progress
// while the run goes, its summary the progress line, rewritten at most once a minute by the run's
// clock; when the run ends it is completed with the outcome. It is created once the baseline is
// measured, so a quiet week (nothing to evolve) writes nothing. Progress is a courtesy: a write that
// fails is said once on stderr and the run goes on without the check.
import type { SkillRepo } from "../../../core/github/port.js";
import {
  baselineCheck,
  finishedCheck,
  runningCheck,
  type RunOutcome,
} from "../../../core/github/run-check.js";
import { updateThrottle, type UpdateThrottle } from "../../../core/github/update-throttle.js";
import type { RunProgress } from "../../../core/evolve/run-progress.js";
import { describeRequestFailure } from "../../../io/github-api/request-failure.js";
import type { Clock } from "../../../vocabulary/clock.js";
import { repoFromActions } from "../../app/intake/actions-cases.js";
import { GATES_CHECK } from "../../app/frontier/check-run.js";
import type { CliIo } from "../context.js";

export interface ProgressCheck {
  /** The baseline is measured: creates the check, in progress. */
  begin(): void;
  /** Rewrites the check when a minute has passed since its last write. */
  show(p: RunProgress): void;
  /** Completes the check, if there is one (after any write still under way). */
  finish(o: RunOutcome): Promise<void>;
}

/** The commit the workflow runs on (GITHUB_SHA), else the default branch's head. */
async function headOf(repo: SkillRepo, env: CliIo["env"]): Promise<string> {
  const sha = env.GITHUB_SHA ?? "";
  if (/^[0-9a-f]{40}$/.test(sha)) return sha;
  const head = await repo.branchHead(await repo.defaultBranch());
  if (!head) throw new Error("the default branch has no head commit");
  return head;
}

export function progressCheck(io: CliIo, now: Clock, simulated: boolean): ProgressCheck {
  const { repo } = repoFromActions(io.env);
  let failed = false;
  let writing: Promise<void> = Promise.resolve();
  // Writes go one after another, in the order the run reports; a failure stops the later ones.
  const queue = (what: string, write: () => Promise<unknown>) => {
    writing = writing.then(async () => {
      if (failed) return;
      try {
        await write();
      } catch (e) {
        failed = true;
        io.stderr(
          `warning: the ${GATES_CHECK} progress check could not be ${what} (${describeRequestFailure(e)}); the run goes on without it\n`,
        );
      }
    });
  };
  let id: number | undefined;
  let throttle: UpdateThrottle | undefined;
  return {
    begin() {
      if (throttle) return;
      // One reading: the time the check shows is the time the throttle counts from.
      const at = now();
      throttle = updateThrottle(at);
      const check = baselineCheck(at, simulated);
      queue("created", async () => {
        id = await repo.startCheckRun({ name: GATES_CHECK, headSha: await headOf(repo, io.env), ...check });
      });
    },
    show(p) {
      if (!throttle) this.begin();
      else if (throttle.due(new Date(p.at)))
        queue("updated", async () =>
          id === undefined ? undefined : repo.updateCheckRun(id, runningCheck(p)),
        );
    },
    async finish(o) {
      if (!throttle) return;
      queue("completed", async () =>
        id === undefined ? undefined : repo.updateCheckRun(id, finishedCheck(o)),
      );
      await writing;
    },
  };
}
