// `/skillops select` in a frontier PR's conversation goes through the intake app's command handler
// to the frontier side: 👀, then the select itself (label, ready for review, dashboard refreshed).
import { join } from "node:path";
import type { Probot } from "probot";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createSkillopsApp, type SkillopsApp } from "../../src/apps/app/app.js";
import { frontierBranch } from "../../src/core/github/branch-name.js";
import { readMarker } from "../../src/records/markers.js";
import { startGitServer, type GitServer } from "../support/git-server.js";
import {
  commentPayload,
  createGitHubDouble,
  createProbotOnDouble,
  deliver,
  type GitHubDouble,
} from "../support/github-double/index.js";
import { addPullRoutes, gitIn, openPull, pullsOf } from "../support/github-double/pulls.js";
import { fixedClock } from "../../src/vocabulary/clock.js";

let git: GitServer;
let double: GitHubDouble;
let probot: Probot;
let skillops: SkillopsApp;
let pr: number;

beforeAll(async () => {
  git = await startGitServer({ token: "t" });
  await git.createRepo("agent-skills", {
    "skill-bank/bank.yml": "operatingPoint: baseline\ncandidate: null\nrun: null\nmetrics: null\n",
  });
  const gitDir = join(git.root, "agent-skills.git");
  const branch = frontierBranch("ab".repeat(32));
  gitIn(gitDir, ["branch", branch, "main"]);
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  addPullRoutes(double, gitDir);
  double.state.collaborators.set("wendy", "write");
  const pull = openPull(double, gitDir, {
    title: "skills: balanced",
    body: "frontier member",
    head: branch,
    base: "main",
    draft: true,
    author: double.state.user("acme-skills[bot]"),
  });
  if (typeof pull === "string") throw new Error(pull);
  pr = pull.number;
  skillops = createSkillopsApp({ now: fixedClock("2026-11-30T03:00:00Z") });
  probot = await createProbotOnDouble(double, skillops.app);
}, 60_000);

afterAll(async () => {
  await double?.close();
  await git?.close();
});

const replies = () =>
  double.state
    .commentsOn(pr)
    .filter((c) => c.user.login === "acme-skills[bot]" && readMarker(c.body, "reply"));

test("select by a reader is refused; by a writer it selects the frontier PR", async () => {
  const denied = double.state.addComment(pr, "randy", "/skillops select");
  await deliver(probot, "issue_comment", commentPayload(double, denied.id));
  await skillops.queue.drain();
  expect(double.state.issue(pr).labels).toEqual([]);
  expect(replies()[0]!.body).toContain("needs the **write** role");

  const ok = double.state.addComment(pr, "wendy", "/skillops select");
  await deliver(probot, "issue_comment", commentPayload(double, ok.id));
  await skillops.queue.drain();
  expect(double.state.reactions.filter((r) => r.subject.id === ok.id).map((r) => r.content)).toEqual([
    "eyes",
  ]);
  expect(double.state.issue(pr).labels).toEqual(["skillops:select"]);
  expect(pullsOf(double).get(pr)!.draft).toBe(false);
  expect(replies()).toHaveLength(1);
  expect(replies()[0]!.body).toContain(`Selected #${pr}'s operating point`);
  expect([...double.state.issues.values()].some((i) => i.labels.includes("skillops:dashboard"))).toBe(true);
  double.assertClean();
});
