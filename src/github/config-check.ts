// The `skillops/config` check of a pull request that changes `.github/skillops.yml`: does the new
// file validate? The handler only reads (the PR's files, the file at its head) and queues the rest,
// so the webhook is answered at once; the job parses the text in a worker under a time budget
// (config-parse-worker.ts) and writes the check. Running out of budget is a failed check.
import { CONFIG_PATH, validateConfig, type ConfigResult } from "./config-load.js";
import { parseYamlOffThread } from "./config-parse-worker.js";
import { ensureCheck, renderConfigCheck } from "./frontier/check-run.js";
import type { PullsRepo, WorkQueue } from "./port.js";

/** How long parsing a proposed config may take (a normal one takes milliseconds). */
export const CONFIG_CHECK_BUDGET_MS = 5_000;

/** Validates the text like `validateConfigText`, with the YAML parsed off this thread within `budgetMs`. */
export async function validateConfigOffThread(text: string, budgetMs: number): Promise<ConfigResult> {
  const parsed = await parseYamlOffThread(text, budgetMs);
  if (parsed.ok) return validateConfig(parsed.raw ?? {});
  const kb = Math.round(Buffer.byteLength(text) / 1024);
  return {
    ok: false,
    problems: [
      parsed.timedOut
        ? `\`${CONFIG_PATH}\` could not be checked within ${budgetMs / 1000} s (${kb} KB): it is too large or too complex to read; skillops would not read it either.`
        : `\`${CONFIG_PATH}\` is not valid YAML: ${parsed.error.split("\n")[0]}`,
    ],
  };
}

export interface ConfigCheckInput {
  repo: PullsRepo & { readFile(path: string, ref?: string): Promise<string | null> };
  /** The PR's changed files (one page suffices to find the config among them). */
  changedFiles: () => Promise<string[]>;
  headSha: string;
  /** Where the validation runs: the work queue (keyed per PR), or now when absent. */
  enqueue?: WorkQueue["enqueue"];
  queueKey: string;
  budgetMs?: number;
}

/** Queues the check when the PR changes the config; false when it does not. */
export async function checkConfigOnPull(input: ConfigCheckInput): Promise<boolean> {
  if (!(await input.changedFiles()).includes(CONFIG_PATH)) return false;
  const text = await input.repo.readFile(CONFIG_PATH, input.headSha);
  const job = async () => {
    const result =
      text === null
        ? { ok: true as const }
        : await validateConfigOffThread(text, input.budgetMs ?? CONFIG_CHECK_BUDGET_MS);
    await ensureCheck(input.repo, renderConfigCheck(input.headSha, result.ok ? [] : result.problems));
  };
  if (input.enqueue) input.enqueue(input.queueKey, job);
  else await job();
  return true;
}
