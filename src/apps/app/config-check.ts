// The `skillops/config` check of a pull request that changes `.github/skillops.yml`: does the new
// file validate? The handler only reads (the PR's files, the file at its head) and queues the rest,
// so the webhook is answered at once; the job validates the text with the bounded reader
// (config/config-text.ts: size, line, node, depth and alias caps checked while tokenising, linear
// parse, so the largest file it accepts takes milliseconds) and writes the check, with each
// problem's line.
import { CONFIG_PATH, validateConfigText } from "./config-load.js";
import { ensureCheck, renderConfigCheck } from "./frontier/check-run.js";
import type { PullsRepo, WorkQueue } from "../../core/github/port.js";

export interface ConfigCheckInput {
  repo: PullsRepo & { readFile(path: string, ref?: string): Promise<string | null> };
  /** The pull request whose changed files are looked through for the config. */
  pullNumber: number;
  headSha: string;
  /** Where the validation runs: the work queue (keyed per PR), or now when absent. */
  enqueue?: WorkQueue["enqueue"];
  queueKey: string;
}

/** Queues the check when the PR changes the config; false when it does not. */
export async function checkConfigOnPull(input: ConfigCheckInput): Promise<boolean> {
  if (!(await input.repo.listPullFiles(input.pullNumber)).includes(CONFIG_PATH)) return false;
  const text = await input.repo.readFile(CONFIG_PATH, input.headSha);
  const job = async () => {
    const result = text === null ? { ok: true as const } : validateConfigText(text);
    await ensureCheck(input.repo, renderConfigCheck(input.headSha, result.ok ? [] : result.problems));
  };
  if (input.enqueue) input.enqueue(input.queueKey, job);
  else await job();
  return true;
}
