// `evolve --github`: the `skillops/gates` check on the commit the run evolves from is in progress
// while the run goes, its summary the progress line, rewritten at most once a minute by the run's
// clock; when the run ends it is completed with the outcome. Progress is a courtesy: a write that
// fails is said once on stderr and the run goes on without the check.
import type { SkillRepo } from "../../../core/github/port.js";
import {
  finishedCheck,
  runningCheck,
  startingCheck,
  type RunOutcome,
} from "../../../core/github/run-check.js";
import { updateThrottle } from "../../../core/github/update-throttle.js";
import type { RunProgress } from "../../../core/evolve/run-progress.js";
import { describeRequestFailure } from "../../../io/github-api/request-failure.js";
import type { Clock } from "../../../vocabulary/clock.js";
import { repoFromActions } from "../../app/intake/actions-cases.js";
import { GATES_CHECK } from "../../app/frontier/check-run.js";
import type { CliIo } from "../context.js";

export interface ProgressCheck {
  /** Rewrites the check when a minute has passed since its last write. */
  show(p: RunProgress): void;
  /** Completes the check (after any write still under way). */
  finish(o: RunOutcome): Promise<void>;
}

/** The commit the workflow runs on (GITHUB_SHA), else the default branch's head. */
async function headOf(repo: SkillRepo, env: CliIo["env"]): Promise<string | undefined> {
  const sha = env.GITHUB_SHA ?? "";
  if (/^[0-9a-f]{40}$/.test(sha)) return sha;
  return repo.branchHead(await repo.defaultBranch());
}

export async function startProgressCheck(io: CliIo, now: Clock, simulated: boolean): Promise<ProgressCheck> {
  const { repo } = repoFromActions(io.env);
  let failed = false;
  const attempt = async (what: string, write: () => Promise<unknown>) => {
    if (failed) return;
    try {
      await write();
    } catch (e) {
      failed = true;
      io.stderr(
        `warning: the ${GATES_CHECK} progress check could not be ${what} (${describeRequestFailure(e)}); the run goes on without it\n`,
      );
    }
  };
  let id: number | undefined;
  await attempt("created", async () => {
    const headSha = await headOf(repo, io.env);
    if (!headSha) throw new Error("the default branch has no head commit");
    id = await repo.startCheckRun({ name: GATES_CHECK, headSha, ...startingCheck(now(), simulated) });
  });
  const throttle = updateThrottle(now);
  let writing: Promise<void> = Promise.resolve();
  return {
    show(p) {
      if (id === undefined || failed || !throttle.due()) return;
      const checkId = id;
      writing = writing.then(() => attempt("updated", () => repo.updateCheckRun(checkId, runningCheck(p))));
    },
    async finish(o) {
      await writing;
      if (id === undefined) return;
      const checkId = id;
      failed = false; // completing matters more than an update that failed: try it once more
      await attempt("completed", () => repo.updateCheckRun(checkId, finishedCheck(o)));
    },
  };
}
