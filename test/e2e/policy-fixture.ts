// The world of the app's policy tests (policy-app.test.ts, no-model.test.ts): a real
// `git http-backend` holding the example airline policy, the GitHub double over it, and the app with
// git access; helpers to comment a command, push a policy edit and list the app's pull requests.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Probot } from "probot";
import { expect } from "vitest";
import { createSkillopsApp, type SkillopsApp } from "../../src/apps/app/app.js";
import type { AppEnv } from "../../src/apps/app/policy/app-model.js";
import type { PublishGit } from "../../src/core/github/port.js";
import { initBare } from "../../src/io/git/repo.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { startGitServer, type GitServer } from "../support/git-server.js";
import { gitIn } from "../support/github-double/bare-git.js";
import {
  createGitHubDouble,
  createProbotOnDouble,
  deliver,
  type GitHubDouble,
} from "../support/github-double/index.js";
import { addPullRoutes, pullsOf } from "../support/github-double/pulls.js";

const TOKEN = "git-token-policy";
const POLICY = readFileSync(join(import.meta.dirname, "../../examples/policy/airline.md"), "utf8");

export interface PolicyStage {
  git: GitServer;
  double: GitHubDouble;
  gitDir: string;
  probot: Probot;
  skillops: SkillopsApp;
  /** Git access as the app gets it for an event: a scratch bare repository and the clone URL. */
  gitAccess: () => Promise<PublishGit>;
  /** The app's clock for its commits: a minute later on every call. */
  tick: () => Date;
  close: () => Promise<void>;
}

/** The repository (policy/airline.md and a README), the double with mona (write) and joe (read), the app. */
export async function startPolicyStage(env: AppEnv): Promise<PolicyStage> {
  const scratch: string[] = [];
  let clock = 1_790_000_000;
  const git = await startGitServer({ token: TOKEN });
  await git.createRepo("agent-skills", { "policy/airline.md": POLICY, "README.md": "skills\n" });
  const gitDir = join(git.root, "agent-skills.git");
  const double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  addPullRoutes(double, gitDir);
  double.state.collaborators.set("mona", "write");
  double.state.collaborators.set("joe", "read");
  const gitAccess = async (): Promise<PublishGit> => {
    const gitdir = mkdtempSync(join(tmpdir(), "skillops-policy-"));
    scratch.push(gitdir);
    await initBare({ gitdir });
    return { gitdir, url: git.url("agent-skills"), token: TOKEN };
  };
  const tick = () => new Date((clock += 60) * 1000);
  const skillops = createSkillopsApp({
    now: fixedClock("2026-12-01T10:00:00Z"),
    env,
    frontier: { now: tick, git: gitAccess },
  });
  const probot = await createProbotOnDouble(double, skillops.app);
  const close = async () => {
    await double.close();
    await git.close();
    for (const d of scratch) rmSync(d, { recursive: true, force: true });
  };
  return { git, double, gitDir, probot, skillops, gitAccess, tick, close };
}

export const openIssue = (s: PolicyStage) =>
  s.double.state.openIssue({ title: "Start", body: "let's go", author: "mona", labels: [] });

/** Comments `body` on issue `number` as `sender` and returns the app's reply. */
export async function command(
  s: PolicyStage,
  number: number,
  body: string,
  sender = "mona",
): Promise<string> {
  const c = s.double.state.addComment(number, sender, body);
  const payload = {
    action: "created",
    issue: { number, labels: [] },
    comment: { id: c.id, body, user: { login: sender, type: "User" } },
    sender: { login: sender, type: "User" },
    repository: { default_branch: "main", name: "agent-skills", owner: { login: "acme" } },
    installation: { id: 4242 },
  };
  await deliver(s.probot, "issue_comment", payload);
  await s.skillops.queue.drain();
  expect(s.skillops.queue.failures).toEqual([]);
  return s.double.state
    .commentsOn(number)
    .filter((x) => x.body.includes("<!-- skillops:reply"))
    .at(-1)!.body;
}

/** The app's open pull requests whose branch starts with `prefix`. */
export const openPulls = (s: PolicyStage, prefix: string) =>
  [...pullsOf(s.double).values()].filter(
    (p) => p.headRef.startsWith(prefix) && s.double.state.issue(p.number).state === "open",
  );

/** Commits an edited policy on main and returns the push payload GitHub would send. */
export function pushPolicy(s: PolicyStage, edit: (text: string) => string) {
  const work = mkdtempSync(join(tmpdir(), "skillops-policy-work-"));
  try {
    const inWork = (args: string[]) => execFileSync("git", args, { cwd: work }).toString("utf8");
    inWork(["clone", "-q", s.gitDir, "."]);
    const before = inWork(["rev-parse", "HEAD"]).trim();
    writeFileSync(
      join(work, "policy/airline.md"),
      edit(readFileSync(join(work, "policy/airline.md"), "utf8")),
    );
    inWork(["-c", "user.name=Mona", "-c", "user.email=mona@example.com", "commit", "-qam", "policy: pets"]);
    inWork(["push", "-q", "origin", "HEAD:main"]);
    const after = inWork(["rev-parse", "HEAD"]).trim();
    return {
      ref: "refs/heads/main",
      before,
      after,
      commits: [{ id: after, added: [], modified: ["policy/airline.md"], removed: [] }],
      repository: { default_branch: "main", name: "agent-skills", owner: { login: "acme", name: "acme" } },
      installation: { id: 4242 },
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The `skillops/*` branches of the repository. */
export const appBranches = (s: PolicyStage) => gitIn(s.gitDir, ["branch", "--list", "skillops/*"]).trim();
