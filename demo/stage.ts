// The demo's stand-ins for GitHub, all on loopback: a real git server (`git http-backend`) holding a
// copy of the example repository, the local GitHub double (every request checked against GitHub's
// OpenAPI description), and the skillops Probot app wired to both. Nothing leaves the machine.
import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ProbotOctokit, type Probot } from "probot";
import { initBare } from "../src/git/repo.js";
import { readFolder } from "../src/fsio/read-folder.js";
import { createSkillopsApp, type SkillopsApp } from "../src/github/app.js";
import { botAuthor } from "../src/github/bot-login.js";
import type { PublishGit } from "../src/github/port.js";
import { createIssuesRepo } from "../src/github/repo.js";
import { createPullsRepo } from "../src/github/repo-pulls.js";
import { startGitServer, type GitServer } from "../test/support/git-server.js";
import {
  createGitHubDouble,
  createProbotOnDouble,
  type GitHubDouble,
} from "../test/support/github-double/index.js";
import { addPullRoutes, gitIn } from "../test/support/github-double/pulls.js";
import { epochSeconds, type Clock } from "../src/vocabulary/clock.js";

export const OWNER = "acme";
export const REPO = "airline-skills";
export const BOT = "skillops[bot]";
export const MAINTAINER = "maintainer-mo";
export const REPORTER = "support-lead-ana";

export interface Stage {
  git: GitServer;
  gitDir: string;
  double: GitHubDouble;
  probot: Probot;
  skillops: SkillopsApp;
  token: string;
  /** A fresh bare scratch repository with push access, as the evolve job or the app would use. */
  gitAccess(): Promise<PublishGit>;
  /** The bot's view of the repository (what `skillops evolve --github` acts through). */
  botRepo(): ReturnType<typeof createPullsRepo> & ReturnType<typeof createIssuesRepo>;
  /** An Octokit signed in as a person, for what people do in GitHub's UI (merge, comment). */
  octokitAs(login: string): InstanceType<typeof ProbotOctokit>;
  /** `git show ref:path` in the server's repository. */
  show(ref: string, path: string): string | undefined;
  /** Steps a minute on every call: commit times that order the demo's commits. */
  clock: Clock;
  close(): Promise<void>;
}

/** The files of this checkout that make the example repository: the bank, the pool, the config and the form. */
async function exampleFiles(root: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const dir of ["skill-bank", "regression-pool"]) {
    const { files: read, diagnostics } = await readFolder(join(root, dir));
    const errors = diagnostics.filter((d) => d.severity === "error");
    if (errors.length)
      throw new Error(`${dir}: ${errors[0]!.file}:${errors[0]!.line}: ${errors[0]!.message}`);
    for (const f of read) files[`${dir}/${f.path}`] = new TextDecoder().decode(f.bytes);
  }
  for (const path of [".github/skillops.yml", ".github/ISSUE_TEMPLATE/feedback.yml"])
    files[path] = await readFile(join(root, path), "utf8");
  files["README.md"] =
    "# acme/airline-skills\n\nThe skill bank of Acme's airline support agent, evolved by skillops.\n";
  return files;
}

/** The GitHub double over the server's repository, with the demo's maintainer and reporter. */
async function startDouble(
  gitDir: string,
  show: (ref: string, path: string) => string | undefined,
): Promise<GitHubDouble> {
  const double = await createGitHubDouble({
    owner: OWNER,
    repo: REPO,
    appSlug: BOT.replace(/\[bot\]$/, ""),
    readFile: async (ref, path) => show(ref, path),
  });
  addPullRoutes(double, gitDir);
  double.state.collaborators.set(MAINTAINER, "maintain");
  double.state.collaborators.set(REPORTER, "read");
  return double;
}

/** Retries and throttling off: the double answers at once, and a retry would hide a wrong request. */
function signInAs(double: GitHubDouble, login: string): InstanceType<typeof ProbotOctokit> {
  const Octokit = ProbotOctokit.defaults({ retry: { enabled: false }, throttle: { enabled: false } });
  return new Octokit({ auth: { token: double.state.tokenFor(login) }, baseUrl: double.baseUrl });
}

export async function startStage(root: string, now: Clock): Promise<Stage> {
  const scratch: string[] = [];
  const token = randomUUID();
  let seconds = epochSeconds(now());
  const clock: Clock = () => new Date((seconds += 60) * 1000);
  const git = await startGitServer({ token });
  await git.createRepo(REPO, await exampleFiles(root));
  const gitDir = join(git.root, `${REPO}.git`);
  const show = (ref: string, path: string): string | undefined => {
    try {
      return gitIn(gitDir, ["show", `${ref}:${path}`]);
    } catch {
      return undefined;
    }
  };
  const double = await startDouble(gitDir, show);

  const gitAccess = async (): Promise<PublishGit> => {
    const gitdir = await mkdtemp(join(tmpdir(), "skillops-demo-git-"));
    scratch.push(gitdir);
    await initBare({ gitdir });
    return { gitdir, url: git.url(REPO), token };
  };
  const skillops = createSkillopsApp({
    now,
    botLogin: BOT,
    frontier: { now: clock, git: () => gitAccess() },
  });
  const probot = await createProbotOnDouble(double, skillops.app);

  const octokitAs = (login: string) => signInAs(double, login);
  const botRepo = () => {
    const o = octokitAs(BOT);
    return {
      ...createPullsRepo(o, { owner: OWNER, repo: REPO }),
      ...createIssuesRepo(o, { owner: OWNER, repo: REPO }),
    };
  };
  return {
    git,
    gitDir,
    double,
    probot,
    skillops,
    token,
    gitAccess,
    botRepo,
    octokitAs,
    show,
    clock,
    async close() {
      await double.close();
      await git.close();
      await Promise.all(scratch.map((d) => rm(d, { recursive: true, force: true })));
    },
  };
}

export const APP_AUTHOR = botAuthor(BOT);
