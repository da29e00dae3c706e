// The world of test/e2e/rejection-nogoods.test.ts: a real `git http-backend` holding a two-skill
// bank, the GitHub double over it, and frontier PRs made as publish.ts makes them (one sealed app
// commit on main's head, the PR marker in the body), so each test controls which sections change.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ProbotOctokit, type Probot } from "probot";
import { BASELINE_MANIFEST, renderBankManifest } from "../../src/records/bank-manifest.js";
import type { Nogood } from "../../src/records/nogood.js";
import { NOGOODS_DIR } from "../../src/records/nogood-file.js";
import { commitChanges } from "../../src/io/git/edit-tree.js";
import { initBare } from "../../src/io/git/repo.js";
import { createSkillopsApp } from "../../src/apps/app/app.js";
import { botAuthor } from "../../src/io/github-api/bot-login.js";
import type { FrontierEnv, PublishGit } from "../../src/core/github/port.js";
import { renderPrMarker } from "../../src/records/pr-marker.js";
import { createIssuesRepo } from "../../src/io/github-api/repo.js";
import { createPullsRepo } from "../../src/io/github-api/repo-pulls.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { startGitServer, type GitServer } from "../support/git-server.js";
import {
  createGitHubDouble,
  createProbotOnDouble,
  deliver,
  type GitHubDouble,
} from "../support/github-double/index.js";
import { addPullRoutes, gitIn, pullPayload, refSha, showFile } from "../support/github-double/pulls.js";

export const BOT = "acme-skills[bot]";
export const APP_AUTHOR = botAuthor(BOT);
export const OWNER = "acme";
export const REPO = "agent-skills";
const TOKEN = "git-token-rejections";
const GIT_ENV = { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" };

export const refunds = (rule: string, limit: string) =>
  `---\nname: refunds\ndescription: Refund requests. Use when a customer asks for money back.\n---\n\n# Refunds\n\nHow refunds work.\n\n## Eligibility\n${rule}\n\n## Limits\n${limit}\n`;
export const baggage = (rule: string) =>
  `---\nname: baggage\ndescription: Checked bags. Use when a customer asks about bag allowances.\n---\n\n# Baggage\n\n## Allowance\n${rule}\n`;

export let git: GitServer;
export let double: GitHubDouble;
export let gitDir: string;
let clock = 1_790_000_000;
const scratch: string[] = [];
export const tmp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};

export function octokitAs(login: string): InstanceType<typeof ProbotOctokit> {
  const Octokit = ProbotOctokit.defaults({ retry: { enabled: false }, throttle: { enabled: false } });
  return new Octokit({ auth: { token: double.state.tokenFor(login) }, baseUrl: double.baseUrl });
}

function botRepo(): FrontierEnv["repo"] {
  const o = octokitAs(BOT);
  return {
    ...createPullsRepo(o, { owner: OWNER, repo: REPO }),
    ...createIssuesRepo(o, { owner: OWNER, repo: REPO }),
  };
}

export async function scratchGit(): Promise<PublishGit> {
  const gitdir = tmp("skillops-rejections-");
  await initBare({ gitdir });
  return { gitdir, url: git.url(REPO), token: TOKEN };
}

export const now = () => new Date((clock += 60) * 1000);
export const env = (): FrontierEnv => ({
  repo: botRepo(),
  botLogin: BOT,
  author: APP_AUTHOR,
  bankDir: "skill-bank",
  now,
  git: scratchGit,
});

export async function probot(): Promise<Probot> {
  const app = createSkillopsApp({
    now: fixedClock("2026-11-30T03:00:00Z"),
    frontier: { now, git: scratchGit },
  });
  return createProbotOnDouble(double, app.app);
}

/**
 * A frontier PR as publish.ts opens one: a sealed app commit on main's head, the marker in the body.
 * The commit is written straight into the served repository: the same objects and branch a push
 * would leave there, without a scratch clone's fetch and push over HTTP (how it got there is not what
 * these tests are about; test/e2e/frontier.test.ts pushes frontier branches over HTTP).
 */
export async function openFrontierPull(candidate: string, files: Record<string, string>): Promise<number> {
  const base = refSha(gitDir, "main")!;
  const branch = `skillops/frontier/${candidate.slice(0, 8)}`;
  const manifest = {
    operatingPoint: "balanced",
    candidate,
    run: "run-7",
    pullRequest: null,
    simulated: false,
    metrics: null,
  } as const;
  const writes = Object.entries({ ...files, "skill-bank/bank.yml": renderBankManifest(manifest) }).map(
    ([path, text]) => ({ path, bytes: new TextEncoder().encode(text) }),
  );
  await commitChanges({
    gitdir: gitDir,
    parent: base,
    branch,
    writes,
    message: `skillops: ${candidate.slice(0, 8)}`,
    author: APP_AUTHOR,
    timestamp: clock++,
    seal: true,
  });
  const pull = await botRepo().createPull({
    title: `skillops: balanced skill bank ${candidate.slice(0, 8)}`,
    body: `A frontier member.\n\n${renderPrMarker({ v: 1, run: "run-7", candidate, base, op: "balanced" })}`,
    head: branch,
    base: "main",
    draft: true,
  });
  return pull.number;
}

export const show = (ref: string, path: string) => showFile(gitDir, ref, path);
export const nogoodNames = (ref = "main") => {
  try {
    return gitIn(gitDir, ["ls-tree", "--name-only", `${ref}:${NOGOODS_DIR}`])
      .split("\n")
      .filter(Boolean);
  } catch {
    return [];
  }
};
export const nogoodsOn = (ref = "main"): Nogood[] =>
  nogoodNames(ref).map((n) => JSON.parse(show(ref, `${NOGOODS_DIR}/${n}`)) as Nogood);
/** Comment bodies, an owned comment's marker line left off (owned-comment.ts). */
export const commentsOn = (n: number) =>
  double.state.commentsOn(n).map((c) => c.body.replace(/^<!-- skillops:[^\n]* -->\n/, ""));

/** A maintainer closes the PR unmerged; returns the webhook payload, not yet delivered. */
export async function closePull(number: number) {
  await octokitAs("maintainer-mo").rest.pulls.update({
    owner: OWNER,
    repo: REPO,
    pull_number: number,
    state: "closed",
  });
  return pullPayload(double, gitDir, "closed", number, { sender: "maintainer-mo" });
}

/** closePull, then the close delivered to the app. */
export async function closeUnmerged(number: number) {
  const payload = await closePull(number);
  await deliver(await probot(), "pull_request", payload);
  return payload;
}

/** A person's commit on `branch` (cloned, committed and pushed with real git). */
export function personCommits(branch: string, script: string) {
  const work = tmp("skillops-person-");
  execFileSync(
    "sh",
    [
      "-c",
      `git clone -q --branch ${branch} ${gitDir} . && ${script} && git -c user.name='Mona' -c user.email=mona@example.com commit -qam 'by hand' && git push -q origin ${branch}`,
    ],
    { cwd: work, env: GIT_ENV },
  );
}

export function hook(script: string | null) {
  const path = join(gitDir, "hooks", "pre-receive");
  if (script === null) return rmSync(path, { force: true });
  writeFileSync(path, `#!/bin/sh\n${script}\n`);
  chmodSync(path, 0o755);
}

export async function setUp(): Promise<void> {
  git = await startGitServer({ token: TOKEN });
  await git.createRepo(REPO, {
    "skill-bank/bank.yml": renderBankManifest(BASELINE_MANIFEST),
    "skill-bank/refunds/SKILL.md": refunds(
      "Refund within 24 hours of booking.",
      "At most one refund per booking.",
    ),
    "skill-bank/baggage/SKILL.md": baggage("One free checked bag in economy."),
  });
  gitDir = join(git.root, `${REPO}.git`);
  double = await createGitHubDouble({
    owner: OWNER,
    repo: REPO,
    appSlug: "acme-skills",
    readFile: async (ref, path) => {
      try {
        return show(ref, path);
      } catch {
        return undefined;
      }
    },
  });
  addPullRoutes(double, gitDir);
  double.state.collaborators.set("maintainer-mo", "maintain");
}

export async function tearDown(): Promise<void> {
  await double?.close();
  await git?.close();
  for (const d of scratch) rmSync(d, { recursive: true, force: true });
}
