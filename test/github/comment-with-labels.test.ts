// A trusted author's feedback with a model's converter: "converting…" and `skillops:accepted` go in
// one GraphQL request (addComment, then addLabelsToLabelable by the label's global id read with the
// intake), so the label still follows the record. Where the label's id does not resolve, or two
// deliveries race, the outcome is the one the separate REST add gave.
import { afterEach, expect, test } from "vitest";
import type { Probot } from "probot";
import { createSkillopsApp, type SkillopsApp } from "../../src/apps/app/app.js";
import { configFromText } from "../../src/apps/app/config-load.js";
import { prefetchedRepo } from "../../src/apps/app/intake/intake-prefetch.js";
import { acceptFeedback } from "../../src/apps/app/intake/on-issue.js";
import { createWorkQueue } from "../../src/apps/app/work-queue.js";
import { createTemplateConverter } from "../../src/core/feedback/to-case.js";
import { readMarker } from "../../src/records/markers.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { formBody } from "../support/github-double/feedback-form.js";
import {
  INSTALLATION_ID,
  createGitHubDouble,
  createProbotOnDouble,
  deliver,
  issuesPayload,
  runCompletedPayload,
  type GitHubDouble,
} from "../support/github-double/index.js";

const BOT = "acme-skills[bot]";
const CONFIG = "categories: [general]\nfeedback:\n  trustedAuthors: [tia]\n";
const now = fixedClock("2026-11-30T03:00:00Z");
const modelLike = () => ({ ...createTemplateConverter(), instant: false });

let double: GitHubDouble;
afterEach(async () => {
  double.assertClean();
  await double.close();
});

/** `count` app instances (no shared memory) on one double, its label coloured, its dashboard written. */
async function start(
  count: number,
  label = { color: "0e8a16", description: "Accepted feedback" as string | null },
): Promise<Array<{ probot: Probot; skillops: SkillopsApp }>> {
  double = await createGitHubDouble({
    owner: "acme",
    repo: "agent-skills",
    appSlug: "acme-skills",
    latencyMs: 2,
  });
  double.state.setFile(".github/skillops.yml", CONFIG);
  double.state.ensureLabel("skillops:accepted", label.color, label.description);
  const apps = await Promise.all(
    Array.from({ length: count }, async () => {
      const skillops = createSkillopsApp({ now, converter: modelLike() });
      return { skillops, probot: await createProbotOnDouble(double, skillops.app) };
    }),
  );
  await deliver(apps[0]!.probot, "workflow_run", runCompletedPayload(double));
  await apps[0]!.skillops.queue.drain();
  return apps;
}

const openTrusted = () =>
  double.state.openIssue({
    title: "Refund window is wrong",
    body: formBody({
      did: "Said 60 days.",
      expected: 'Say "30 days".',
      evidence: "40 days?",
      category: "general",
    }),
    author: "tia",
    labels: ["skillops:feedback"],
  }).number;

const caseData = (n: number) =>
  double.state
    .commentsOn(n)
    .filter((c) => c.user.login === BOT)
    .map((c) => readMarker(c.body, "case")?.data)
    .filter(Boolean);
const labelEvents = (n: number) =>
  double.state.events.filter((e) => e.issueNumber === n && e.event === "labeled");
const named = (from: number) =>
  double.requests
    .slice(from)
    .map((r) =>
      `${r.method} ${r.path.replace("/repos/acme/agent-skills", "")} ${r.operationId ?? ""}`.trim(),
    );

test("a label id GitHub no longer resolves (deleted since the read): the comment is written, the label refused in that request, then added the REST way", async () => {
  const [app] = await start(1);
  const t = openTrusted();
  const octokit = await app!.probot.auth(INSTALLATION_ID);
  const config = configFromText(CONFIG)!;
  const coords = { owner: "acme", repo: "agent-skills" };
  const issue = double.state.issue(t);
  // What the intake would have read before the label was deleted and made again (a new id).
  const stale = new Map([["skillops:accepted", `LA_${double.state.findLabel("skillops:accepted")!.id}`]]);
  double.state.labels.delete("skillops:accepted");
  double.state.ensureLabel("skillops:accepted", "0e8a16", "Accepted feedback");
  const repo = prefetchedRepo(octokit, coords, t, {
    config,
    comments: [],
    issueNodeId: `I_${issue.id}`,
    labelIds: stale,
  });
  const queue = createWorkQueue();
  const env = { repo, config, converter: modelLike(), queue, now, botLogin: BOT };
  const from = double.requests.length;
  await acceptFeedback(env, config.ok ? config.config : ({} as never), await repo.getIssue(t), "tia");
  await queue.drain();
  expect(queue.failures).toEqual([]);
  expect(named(from)).toEqual([
    `GET /issues/${t} issues/get`,
    "POST /graphql graphql:skillopsCommentCreateLabelling",
    `POST /issues/${t}/labels issues/add-labels`,
    "POST /graphql graphql:skillopsCommentReadback",
  ]);
  // GitHub's answer: the comment, and for the labels null with the id it could not resolve.
  const answer = double.requests[from + 1]!.answer as { data: Record<string, unknown>; errors: unknown[] };
  expect(answer.data.addLabelsToLabelable).toBeNull();
  expect(answer.data.addComment).not.toBeNull();
  expect(answer.errors).toEqual([
    expect.objectContaining({
      type: "NOT_FOUND",
      path: ["addLabelsToLabelable"],
      message: expect.stringContaining(stale.get("skillops:accepted")!),
    }),
  ]);
  expect(caseData(t)).toEqual([expect.objectContaining({ kind: "case", acceptedBy: "tia" })]);
  expect(double.state.issue(t).labels).toContain("skillops:accepted");
  expect(labelEvents(t)).toHaveLength(1);
});

test("a trusted author's issue delivered to two instances at once: each adds the label with its 'converting…', the read-back converges to one case", async () => {
  const apps = await start(2);
  const t = openTrusted();
  const from = double.requests.length;
  await Promise.all(apps.map((a) => deliver(a.probot, "issues", issuesPayload(double, "opened", t))));
  await Promise.all(apps.map((a) => a.skillops.queue.drain()));
  for (const a of apps) expect(a.skillops.queue.failures).toEqual([]);
  const made = named(from);
  expect(made.filter((r) => r.includes("skillopsCommentCreateLabelling"))).toHaveLength(2);
  expect(made.filter((r) => r.includes(`/issues/${t}/labels`))).toEqual([]);
  expect(caseData(t)).toEqual([expect.objectContaining({ kind: "case", acceptedBy: "tia" })]);
  // Adding a label the issue has is no change: one event, by the app.
  expect(labelEvents(t).map((e) => [e.label?.name, e.actor.login])).toEqual([["skillops:accepted", BOT]]);
});

test("skillops:accepted left grey by an earlier add (GitHub's default colour, no description): added the REST way, which gives it its colour; then with 'converting…'", async () => {
  const [app] = await start(1, { color: "ededed", description: null });
  const t = openTrusted();
  const from = double.requests.length;
  await deliver(app!.probot, "issues", issuesPayload(double, "opened", t));
  await app!.skillops.queue.drain();
  const made = named(from);
  expect(made.filter((r) => r.includes("Labelling"))).toEqual([]);
  expect(made).toContain(`POST /issues/${t}/labels issues/add-labels`);
  expect(made).toContain("PATCH /labels/skillops%3Aaccepted issues/update-label");
  expect(double.state.findLabel("skillops:accepted")).toMatchObject({ color: "0e8a16" });
  const next = openTrusted();
  const after = double.requests.length;
  await deliver(app!.probot, "issues", issuesPayload(double, "opened", next));
  await app!.skillops.queue.drain();
  expect(named(after).filter((r) => r.includes("Labelling") || r.includes("/labels"))).toEqual([
    "POST /graphql graphql:skillopsCommentCreateLabelling",
  ]);
  expect(caseData(next)).toEqual([expect.objectContaining({ kind: "case", acceptedBy: "tia" })]);
});
