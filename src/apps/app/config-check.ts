// The `skillops/config` check of a pull request that changes `.github/skillops.yml`: does the new
// file validate? The handler only reads (the PR's files, the file at its head) and queues the rest,
// so the webhook is answered at once; the job validates the text with the bounded reader
// (config/config-text.ts: size, line, node, depth and alias caps checked while tokenising, linear
// parse, so the largest file it accepts takes milliseconds) and writes the check, with each
// problem's line. A file that validates but weakens containment against the default branch's
// (core/config/containment-weakening.ts) fails too, saying what it weakens, unless someone with the
// maintain or admin role approved the PR's head commit (docs/security.md "Config changes that weaken
// containment"); the check runs again when a review is submitted or dismissed.
import { Config } from "../../core/config/config.js";
import { containmentWeakening } from "../../core/config/containment-weakening.js";
import { roleAtLeast } from "../../core/github/permissions.js";
import { CONFIG_PATH, validateConfigText } from "./config-load.js";
import { ensureCheck, renderConfigCheck, type ContainmentChange } from "./frontier/check-run.js";
import type { IssuesRepo, PullsRepo, WorkQueue } from "../../core/github/port.js";

/** The role whose approval lets a config PR loosen containment. */
export const CONTAINMENT_APPROVER_ROLE = "maintain";

type CheckRepo = PullsRepo &
  Pick<IssuesRepo, "roleOf"> & { readFile(path: string, ref?: string): Promise<string | null> };

export interface ConfigCheckInput {
  repo: CheckRepo;
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
    const result = text === null ? { ok: true as const, config: Config.parse({}) } : validateConfigText(text);
    const check = result.ok
      ? renderConfigCheck(input.headSha, [], await containmentChange(input, result.config))
      : renderConfigCheck(input.headSha, result.problems);
    await ensureCheck(input.repo, check);
  };
  if (input.enqueue) input.enqueue(input.queueKey, job);
  else await job();
  return true;
}

/** The default branch's config; its defaults when it has none or it does not validate (the strictest reading). */
async function baseConfig(repo: CheckRepo): Promise<Config> {
  const text = await repo.readFile(CONFIG_PATH);
  const read = text === null ? undefined : validateConfigText(text);
  return read?.ok ? read.config : Config.parse({});
}

/** What `head` weakens against the default branch, and who with the role approved this head commit. */
async function containmentChange(
  input: ConfigCheckInput,
  head: Config,
): Promise<ContainmentChange | undefined> {
  const weakens = containmentWeakening(await baseConfig(input.repo), head);
  if (weakens.length === 0) return undefined;
  const approvals = await input.repo.listPullApprovals(input.pullNumber);
  for (const a of approvals.filter((x) => x.commitId === input.headSha))
    if (roleAtLeast(await input.repo.roleOf(a.login), CONTAINMENT_APPROVER_ROLE))
      return { weakens, approvedBy: a.login };
  return { weakens };
}
