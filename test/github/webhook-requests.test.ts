// Issue 33: what one feedback event costs in GitHub requests, handled alone (delivered, queue
// drained), with its dashboard refresh and the conversion's own writes: the exact list, so a request
// added to the path fails here instead of going unnoticed. Target (issue 45): ≤ 4 for every event,
// a trusted author's and a model converter's included.
import { afterEach, expect, test } from "vitest";
import {
  deliver,
  issuesPayload,
  runCompletedPayload,
  type GitHubDouble,
} from "../support/github-double/index.js";
import { openFeedback, startTriagedApp, type TriagedApp } from "./triaged-app.js";
import { createSkillopsApp } from "../../src/apps/app/app.js";
import { createTemplateConverter } from "../../src/core/feedback/to-case.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { createProbotOnDouble } from "../support/github-double/index.js";
import { readMarker } from "../../src/records/markers.js";
import { FEEDBACK_EVENT_LABELS, LABELS } from "../../src/core/github/labels.js";

const REPO = "/repos/acme/agent-skills";
let app: TriagedApp;
afterEach(async () => {
  app.double.assertClean();
  await app.double.close();
});

/**
 * The app with its dashboard written once (not counted), the label existing with its colour (made by
 * a person before the dashboard, unless `madeBefore` is false: then by the dashboard's creation).
 */
async function ready(
  converter?: ReturnType<typeof createTemplateConverter>,
  madeBefore = true,
): Promise<TriagedApp> {
  const started = await startTriagedApp();
  const { double } = started;
  if (madeBefore) double.state.ensureLabel("skillops:accepted", "0e8a16", "Accepted feedback");
  double.state.setFile(".github/skillops.yml", "categories: [general]\nfeedback:\n  trustedAuthors: [tia]\n");
  const skillops = converter
    ? createSkillopsApp({ now: fixedClock("2026-11-30T03:00:00Z"), converter })
    : started.skillops;
  const probot = converter ? await createProbotOnDouble(double, skillops.app) : started.probot;
  await deliver(probot, "workflow_run", runCompletedPayload(double));
  await skillops.queue.drain();
  return { double, skillops, probot };
}

/** The requests one delivery made, queue drained: method and path, the dashboard as `#D`. */
async function requestsOf(payload: Record<string, unknown>): Promise<string[]> {
  const { double, probot, skillops } = app;
  const before = double.requests.length;
  await deliver(probot, "issues", payload);
  await skillops.queue.drain();
  const dashboard = [...double.state.issues.values()].find((i) => i.labels.includes("skillops:dashboard"))!;
  return double.requests.slice(before).map((r) => {
    const path = r.path.split("?")[0]!.replace(REPO, "").replace(`/issues/${dashboard.number}`, "/issues/#D");
    // GraphQL requests are named by their operation (the double's own: graphql:<name>).
    const operation =
      path === "/graphql" && r.operationId?.startsWith("graphql:") ? r.operationId.slice(8) : "";
    return `${r.method} ${path}${operation ? ` ${operation}` : ""}`;
  });
}

const caseKind = (double: GitHubDouble, n: number) =>
  double.state
    .commentsOn(n)
    .map((c) => readMarker(c.body, "case")?.data.kind)
    .filter(Boolean);

test("opened: 2 requests; accepted by label: 4, the case comment written once; a trusted author's: 4", async () => {
  app = await ready();
  const n = openFeedback(app.double);
  expect(await requestsOf(issuesPayload(app.double, "opened", n))).toEqual([
    // the config, the issue's comments, the sender's role and the dashboard, found by its label
    "POST /graphql skillopsIntake",
    "PATCH /issues/#D",
  ]);

  app.double.state.labelIssue(n, "skillops:accepted", "mona");
  const accepted = await requestsOf(
    issuesPayload(app.double, "labeled", n, { sender: "mona", label: "skillops:accepted" }),
  );
  expect(accepted).toEqual([
    "POST /graphql skillopsIntake", // the config, the comments, and mona's role (may mona accept?)
    // the case itself, the comments read back: a concurrent delivery's duplicate, converged
    "POST /graphql skillopsCommentCreate",
    "PATCH /issues/#D",
  ]);
  expect(accepted.length).toBeLessThanOrEqual(4);
  expect(caseKind(app.double, n)).toEqual(["case"]);

  const t = app.double.state.openIssue({
    title: "Trusted",
    body: app.double.state.issue(n).body,
    author: "tia",
    labels: ["skillops:feedback"],
  }).number;
  expect(await requestsOf(issuesPayload(app.double, "opened", t))).toEqual([
    "POST /graphql skillopsIntake",
    "POST /graphql skillopsCommentCreate",
    `POST /issues/${t}/labels`, // skillops:accepted, after the case comment that records it
    "PATCH /issues/#D",
  ]);
  expect(caseKind(app.double, t)).toEqual(["case"]);
});

test("with a converter that is not instant (a model's): 4 requests, the acceptance on record first and the case written with the issue read back", async () => {
  app = await ready({ ...createTemplateConverter(), instant: false });
  const n = openFeedback(app.double);
  await requestsOf(issuesPayload(app.double, "opened", n));
  app.double.state.labelIssue(n, "skillops:accepted", "mona");
  const made = await requestsOf(
    issuesPayload(app.double, "labeled", n, { sender: "mona", label: "skillops:accepted" }),
  );
  // The conversion and the dashboard's refresh are two queued jobs: their requests interleave.
  expect(made.sort()).toEqual(
    [
      "POST /graphql skillopsIntake", // mona's role with the config, the comments and the dashboard
      // "converting…": the acceptance on record before the model runs; its convergence is the job's read-back
      "POST /graphql skillopsCommentCreate",
      // the case written into it, the issue and its comments read back in the same request
      "POST /graphql skillopsCommentReadback",
      "PATCH /issues/#D",
    ].sort(),
  );
  expect(made.length).toBeLessThanOrEqual(4);
  expect(caseKind(app.double, n)).toEqual(["case"]);
});

/** A trusted author's (tia's) feedback issue, the same report as `openFeedback`'s. */
function openTrusted(double: GitHubDouble): number {
  const body = double.state.issue(openFeedback(double, "Reference")).body;
  return double.state.openIssue({ title: "Trusted", body, author: "tia", labels: ["skillops:feedback"] })
    .number;
}

/** What the dashboard says under "Accepted, waiting for a run". */
const waitingOnDashboard = (double: GitHubDouble) => {
  const dashboard = [...double.state.issues.values()].find((i) => i.labels.includes("skillops:dashboard"))!;
  const body = dashboard.body ?? "";
  return body.slice(body.indexOf("Accepted, waiting for a run"), body.indexOf("Advice for knowledge.md"));
};

test("a trusted author's issue with a converter that is not instant: 4 requests, the label added in the same request as 'converting…', after it", async () => {
  app = await ready({ ...createTemplateConverter(), instant: false });
  const t = openTrusted(app.double);
  const made = await requestsOf(issuesPayload(app.double, "opened", t));
  // The conversion and the dashboard's refresh are two queued jobs: their requests interleave.
  expect(made.sort()).toEqual(
    [
      "POST /graphql skillopsIntake", // with skillops:accepted's global id
      // "converting…", then skillops:accepted (by its id), in that order: the label never precedes the record
      "POST /graphql skillopsCommentCreateLabelling",
      "POST /graphql skillopsCommentReadback", // the case written into it, the issue read back
      "PATCH /issues/#D",
    ].sort(),
  );
  expect(made.length).toBeLessThanOrEqual(4);
  expect(caseKind(app.double, t)).toEqual(["case"]);
  const issue = app.double.state.issue(t);
  expect(issue.labels).toContain("skillops:accepted");
  const labelled = app.double.state.events.filter((e) => e.issueNumber === t && e.event === "labeled");
  expect(labelled.map((e) => [e.label?.name, e.actor.login])).toEqual([
    ["skillops:accepted", "acme-skills[bot]"],
  ]);
  // The record came first: the case comment is older than the label's event.
  const record = app.double.state.commentsOn(t).find((c) => readMarker(c.body, "case"))!;
  expect(record.id).toBeLessThan(labelled[0]!.id);
  // The dashboard's refresh saw the label the request added (it read no issue again).
  expect(waitingOnDashboard(app.double)).toContain(`#${t}`);
});

test("the labels feedback events add are created with the dashboard, coloured: the first trusted author's issue in the repository costs 4 too", async () => {
  app = await ready({ ...createTemplateConverter(), instant: false }, false);
  const colours = (d: GitHubDouble) => FEEDBACK_EVENT_LABELS.map((n) => d.state.findLabel(n)?.color);
  expect(colours(app.double)).toEqual(FEEDBACK_EVENT_LABELS.map((n) => LABELS[n].color));
  const t = openTrusted(app.double);
  const made = await requestsOf(issuesPayload(app.double, "opened", t));
  expect(made.sort()).toEqual(
    [
      "POST /graphql skillopsIntake",
      "POST /graphql skillopsCommentCreateLabelling", // no REST add creating it grey, no colour to give
      "POST /graphql skillopsCommentReadback",
      "PATCH /issues/#D",
    ].sort(),
  );
  expect(app.double.state.issue(t).labels).toContain("skillops:accepted");
});

test("no skillops:accepted label in the repository (deleted since the dashboard made it): 'converting…' alone, then the REST add (which creates the label, given its colour); the next issue's label rides on its comment", async () => {
  app = await ready({ ...createTemplateConverter(), instant: false });
  app.double.state.labels.delete("skillops:accepted");
  const t = openTrusted(app.double);
  const first = await requestsOf(issuesPayload(app.double, "opened", t));
  expect(first.sort()).toEqual(
    [
      "POST /graphql skillopsIntake", // no label by that name: no global id
      "POST /graphql skillopsCommentCreate",
      `POST /issues/${t}/labels`, // after the record, as before the fused request
      "PATCH /labels/skillops%3Aaccepted", // the created label's colour, once in a repository
      "POST /graphql skillopsCommentReadback",
      "PATCH /issues/#D",
    ].sort(),
  );
  expect(caseKind(app.double, t)).toEqual(["case"]);
  expect(app.double.state.issue(t).labels).toContain("skillops:accepted");
  expect(app.double.state.findLabel("skillops:accepted")).toMatchObject({ color: "0e8a16" });
  expect(waitingOnDashboard(app.double)).toContain(`#${t}`);
  const next = openTrusted(app.double);
  const made = await requestsOf(issuesPayload(app.double, "opened", next));
  expect(made).toContain("POST /graphql skillopsCommentCreateLabelling");
  expect(made).toHaveLength(4);
  expect(app.double.state.issue(next).labels).toContain("skillops:accepted");
});
