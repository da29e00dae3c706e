// Issue 12: the knowledge branch is never force-pushed over a person's work. Real webhook payloads
// through Probot on the GitHub double, real commits on a real `git http-backend`, real `git` for
// the person. (1) A person amends the bot's commit (the author stays the bot's): the branch and its
// text survive, the PR is labelled and the dashboard says so. (2) A person closes the bot's PR,
// commits to the branch and opens their own PR: its title and body stay theirs, and the advice goes
// to a fresh branch, `skillops/knowledge-2`, which the app then updates normally.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Probot } from "probot";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isSealed } from "../../src/core/github/commit-seal.js";
import { initBare } from "../../src/io/git/repo.js";
import { createSkillopsApp, type SkillopsApp } from "../../src/apps/app/app.js";
import { KNOWLEDGE_BRANCH } from "../../src/apps/app/intake/knowledge-pr.js";
import { startGitServer, type GitServer } from "../support/git-server.js";
import {
  createGitHubDouble,
  createProbotOnDouble,
  deliver,
  issuesPayload,
  type GitHubDouble,
} from "../support/github-double/index.js";
import { formBody } from "../support/github-double/feedback-form.js";
import { addPullRoutes, gitIn, openPull, pullsOf, refSha } from "../support/github-double/pulls.js";
import { fixedClock } from "../../src/vocabulary/clock.js";

const TOKEN = "git-token-knowledge-guard";
const SKILL = "---\nname: refund-policy\ndescription: Answers refund questions.\n---\nQuote the policy.\n";
const FRESH = `${KNOWLEDGE_BRANCH}-2`;
const KNOWLEDGE_MD = "skill-bank/refund-policy/knowledge.md";
let git: GitServer;
let double: GitHubDouble;
let gitDir: string;
let probot: Probot;
let skillops: SkillopsApp;
const scratch: string[] = [];
let clock = 1_790_000_000;

const tmp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};

beforeAll(async () => {
  git = await startGitServer({ token: TOKEN });
  await git.createRepo("agent-skills", {
    "skill-bank/refund-policy/SKILL.md": SKILL,
    "skill-bank/bank.yml": "operatingPoint: baseline\ncandidate: null\nrun: null\nmetrics: null\n",
  });
  gitDir = join(git.root, "agent-skills.git");
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  addPullRoutes(double, gitDir);
  double.state.collaborators.set("mona", "maintain");
  skillops = createSkillopsApp({
    now: fixedClock("2026-11-30T03:00:00Z"),
    frontier: {
      now: () => new Date((clock += 60) * 1000),
      git: async () => {
        const gitdir = tmp("skillops-knowledge-guard-");
        await initBare({ gitdir });
        return { gitdir, url: git.url("agent-skills"), token: TOKEN };
      },
    },
  });
  probot = await createProbotOnDouble(double, skillops.app);
});

afterAll(async () => {
  await double?.close();
  await git?.close();
  for (const d of scratch) rmSync(d, { recursive: true, force: true });
});

async function adviceAccepted(advice: string) {
  const issue = double.state.openIssue({
    title: `Advice: ${advice.slice(0, 30)}`,
    body: formBody({
      did: "It was curt.",
      expected: advice,
      evidence: "n/a",
      category: "general",
      skill: "refund-policy",
    }),
    author: "joe",
    labels: ["skillops:feedback"],
  });
  await deliver(probot, "issues", issuesPayload(double, "opened", issue.number));
  double.state.labelIssue(issue.number, "skillops:accepted", "mona");
  await deliver(
    probot,
    "issues",
    issuesPayload(double, "labeled", issue.number, { sender: "mona", label: "skillops:accepted" }),
  );
  await skillops.queue.drain();
  expect(skillops.queue.failures).toEqual([]);
  return issue;
}

/** A person's shell in a clone of `branch`; the bot's identity is never configured here. */
function asMona(branch: string, script: string): void {
  const work = tmp("skillops-mona-");
  const env = { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" };
  execFileSync("git", ["clone", "-q", "--branch", branch, gitDir, work], { env });
  execFileSync(
    "sh",
    ["-c", `git config user.name 'Mona Reviewer' && git config user.email mona@example.com && ${script}`],
    { cwd: work, env },
  );
}

/**
 * The dashboard as it stands once the queue drained, with no further event: the knowledge job runs
 * after its event's own refresh, so only the refresh it asks for when it ends can show its labels.
 */
const dashboard = () =>
  [...double.state.issues.values()].find((i) => i.labels.includes("skillops:dashboard"))!;

const pullsOn = (branch: string) => [...pullsOf(double).values()].filter((p) => p.headRef === branch);
const headCommit = (ref: string) => {
  const sha = refSha(gitDir, ref)!;
  const tree = gitIn(gitDir, ["rev-parse", `${sha}^{tree}`]).trim();
  const parents = gitIn(gitDir, ["rev-list", "--parents", "-n", "1", sha]).trim().split(" ").slice(1);
  const message = gitIn(gitDir, ["cat-file", "commit", sha]).split("\n\n").slice(1).join("\n\n");
  return { sha, tree, parents, message };
};

describe("the knowledge branch holds a person's work", () => {
  test("an amended bot commit is never force-pushed; the PR is left alone and the dashboard says so", async () => {
    await adviceAccepted("Acknowledge the frustration first.");
    const [pr] = pullsOn(KNOWLEDGE_BRANCH);
    expect(isSealed(headCommit(KNOWLEDGE_BRANCH))).toBe(true); // the app's own push carries its seal
    // `git commit --amend` keeps the bot as the author: author fields alone cannot tell.
    asMona(
      KNOWLEDGE_BRANCH,
      `printf '\\nMona: also offer a callback.\\n' >> ${KNOWLEDGE_MD} && git commit -qa --amend --no-edit && git push -qf origin ${KNOWLEDGE_BRANCH}`,
    );
    const amended = refSha(gitDir, KNOWLEDGE_BRANCH);
    expect(gitIn(gitDir, ["log", "-1", "--format=%ae", KNOWLEDGE_BRANCH]).trim()).toBe(
      "acme-skills[bot]@users.noreply.github.com",
    );
    const body = double.state.issue(pr!.number).body;
    await adviceAccepted("Never promise refunds outside the window.");
    expect(refSha(gitDir, KNOWLEDGE_BRANCH)).toBe(amended);
    expect(gitIn(gitDir, ["show", `${KNOWLEDGE_BRANCH}:${KNOWLEDGE_MD}`])).toContain(
      "Mona: also offer a callback.",
    );
    expect(double.state.issue(pr!.number).body).toBe(body);
    expect(double.state.issue(pr!.number).labels).toContain("skillops:left-alone");
    const board = dashboard().body!;
    expect(board).toContain("## Branches left alone");
    expect(board).toContain(`[#${pr!.number}]`);
    double.assertClean();
  });

  test("a person's own PR on the branch keeps its title, body and commits; the advice moves to a fresh branch", async () => {
    const [botPr] = pullsOn(KNOWLEDGE_BRANCH);
    double.state.issue(botPr!.number).state = "closed";
    asMona(
      KNOWLEDGE_BRANCH,
      `printf '\\nMona: keep it short.\\n' >> ${KNOWLEDGE_MD} && git commit -qam 'My own knowledge edits' && git push -q origin ${KNOWLEDGE_BRANCH}`,
    );
    const monaHead = refSha(gitDir, KNOWLEDGE_BRANCH);
    const mine = openPull(double, gitDir, {
      title: "Mona's knowledge edits",
      body: "Written by hand.",
      head: KNOWLEDGE_BRANCH,
      base: "main",
      draft: false,
      author: double.state.user("mona"),
    });
    if (typeof mine === "string") throw new Error(mine);
    const later = await adviceAccepted("Ask for the booking reference first.");
    expect(refSha(gitDir, KNOWLEDGE_BRANCH)).toBe(monaHead);
    expect(double.state.issue(mine.number)).toMatchObject({
      title: "Mona's knowledge edits",
      body: "Written by hand.",
    });
    expect(double.state.issue(mine.number).labels).not.toContain("skillops:left-alone");
    const [fresh] = pullsOn(FRESH);
    expect(fresh).toBeDefined();
    expect(double.state.issue(fresh!.number).body).toContain(`from #${later.number}`);
    expect(double.state.issue(fresh!.number).body).toContain(`proposes this on \`${FRESH}\` instead`);
    expect(double.state.issue(fresh!.number).labels).toContain("skillops:left-alone");
    expect(gitIn(gitDir, ["show", `${FRESH}:${KNOWLEDGE_MD}`])).toContain(
      "Ask for the booking reference first.",
    );
    expect(dashboard().body).toContain(`[#${fresh!.number}]`);
    double.assertClean();
  });

  test("the app's own fresh branch is still updated in place when more advice arrives", async () => {
    const [fresh] = pullsOn(FRESH);
    const before = refSha(gitDir, FRESH);
    await adviceAccepted("Thank the customer for their patience.");
    expect(pullsOn(FRESH).map((p) => p.number)).toEqual([fresh!.number]);
    expect(refSha(gitDir, FRESH)).not.toBe(before);
    expect(isSealed(headCommit(FRESH))).toBe(true);
    expect(gitIn(gitDir, ["show", `${FRESH}:${KNOWLEDGE_MD}`])).toContain(
      "Thank the customer for their patience.",
    );
    double.assertClean();
  });
});
