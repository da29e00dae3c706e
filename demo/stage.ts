// The demo's stand-ins, all on loopback: a real git server (`git http-backend`) holding a copy of the
// example repository, the local GitHub double (every request checked against GitHub's OpenAPI
// description), the simulated world as an OpenAI-compatible endpoint, and the skillops Probot app
// wired to all three the way a hosted installation is. Nothing leaves the machine.
import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ProbotOctokit, type Probot } from "probot";
import { initBare } from "../src/io/git/repo.js";
import { readFolder } from "../src/io/fsio/read-folder.js";
import { createSkillopsApp, type SkillopsApp } from "../src/apps/app/app.js";
import { botAuthor } from "../src/io/github-api/bot-login.js";
import type { PublishGit } from "../src/core/github/port.js";
import { createIssuesRepo } from "../src/io/github-api/repo.js";
import { createPullsRepo } from "../src/io/github-api/repo-pulls.js";
import { startGitServer, type GitServer } from "../test/support/git-server.js";
import {
  createGitHubDouble,
  createProbotOnDouble,
  type GitHubDouble,
} from "../test/support/github-double/index.js";
import { addPullRoutes, gitIn } from "../test/support/github-double/pulls.js";
import { gitShow } from "../test/support/github-double/bare-git.js";
import { epochSeconds, type Clock } from "../src/vocabulary/clock.js";
import { hostedAppOptions } from "../src/apps/app/app-options.js";
import { createLedger, type UsageLedger } from "../src/core/llm/ledger.js";
import { startSimEndpoint, type SimEndpoint } from "../src/sim/endpoint/server.js";

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
  /** The simulated world behind the OpenAI API: the model every role of the demo calls. */
  endpoint: SimEndpoint;
  /** The environment the app and the evolve job run with: only the (placeholder) API key. */
  env: Record<string, string>;
  /** One ledger for every model call of the demo (converter in the app, every role of the run). */
  ledger: UsageLedger;
  close(): Promise<void>;
}

/**
 * The example's .github/skillops.yml, pointed at the simulated endpoint: `provider: openai` with its
 * baseURL, so every model call goes through the real OpenAI client exactly as for a user.
 */
export function pointConfigAt(configText: string, baseURL: string): string {
  const line = /^ {2}provider: sim$/m;
  if (!line.test(configText))
    throw new Error(
      ".github/skillops.yml has no `  provider: sim` line under models: to point at the endpoint",
    );
  return configText.replace(
    line,
    `  # The demo points the real OpenAI client at the simulated world (src/sim/endpoint).\n  provider: openai\n  baseURL: ${baseURL}`,
  );
}

/** The files of this checkout that make the example repository: the bank, the pool, the config and the form. */
async function exampleFiles(root: string, baseURL: string): Promise<Record<string, string>> {
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
  files[".github/skillops.yml"] = pointConfigAt(files[".github/skillops.yml"]!, baseURL);
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
    listFiles: async (ref, dir) => listIn(gitDir, ref, dir),
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

/** The paths under `dir` on `ref`, relative to it (the double's GraphQL folder reads). */
function listIn(gitDir: string, ref: string, dir: string): string[] {
  try {
    const out = gitIn(gitDir, ["ls-tree", "-r", "--name-only", ref, "--", `${dir}/`]);
    return out
      .split("\n")
      .filter(Boolean)
      .map((p) => p.slice(dir.length + 1));
  } catch {
    return [];
  }
}

/** `git show ref:path` in a bare repository; undefined when the path is absent. */
function showIn(gitDir: string): (ref: string, path: string) => string | undefined {
  return (ref, path) => {
    try {
      return gitShow(gitDir, ref, path);
    } catch {
      return undefined;
    }
  };
}

/** The bot's view of the repository, as `skillops evolve --github` acts through it. */
function botRepoOn(double: GitHubDouble): ReturnType<Stage["botRepo"]> {
  const o = signInAs(double, BOT);
  return {
    ...createPullsRepo(o, { owner: OWNER, repo: REPO }),
    ...createIssuesRepo(o, { owner: OWNER, repo: REPO }),
  };
}

export async function startStage(root: string, now: Clock): Promise<Stage> {
  const scratch: string[] = [];
  const token = randomUUID();
  let seconds = epochSeconds(now());
  const clock: Clock = () => new Date((seconds += 60) * 1000);
  // No world yet: the classifier and converter answer from the feedback alone; the evolve job loads
  // the world it builds from the accepted cases (useWorld).
  const endpoint = await startSimEndpoint({ clock: now });
  const env = { OPENAI_API_KEY: "simulated-no-key-needed" };
  const ledger = createLedger();
  const git = await startGitServer({ token });
  await git.createRepo(REPO, await exampleFiles(root, endpoint.baseURL));
  const gitDir = join(git.root, `${REPO}.git`);
  const show = showIn(gitDir);
  const double = await startDouble(gitDir, show);

  const gitAccess = async (): Promise<PublishGit> => {
    const gitdir = await mkdtemp(join(tmpdir(), "skillops-demo-git-"));
    scratch.push(gitdir);
    await initBare({ gitdir });
    return { gitdir, url: git.url(REPO), token };
  };
  // The converter a hosted installation picks from the repository's config (app-options.ts).
  const { converter } = hostedAppOptions(env, { ledger });
  const skillops = createSkillopsApp({
    now,
    botLogin: BOT,
    env,
    ...(converter ? { converter } : {}),
    frontier: { now: clock, git: () => gitAccess() },
  });
  const probot = await createProbotOnDouble(double, skillops.app);

  const octokitAs = (login: string) => signInAs(double, login);
  const botRepo = () => botRepoOn(double);
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
    endpoint,
    env,
    ledger,
    async close() {
      await endpoint.close();
      await double.close();
      await git.close();
      await Promise.all(scratch.map((d) => rm(d, { recursive: true, force: true })));
    },
  };
}

export const APP_AUTHOR = botAuthor(BOT);
