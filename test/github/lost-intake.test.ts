// Issue 26: what a lost delivery left undone on accepted feedback is swept up by the dashboard
// refresh, without waiting for an evolve job: an acceptance whose delivery never succeeded, and a
// conversion lost with its process. Bounded: a few comment lists a refresh, and an issue found
// settled is remembered in the dashboard marker and never read again.
import type { Probot } from "probot";
import { afterEach, beforeEach, expect, test } from "vitest";
import type { SkillopsApp } from "../../src/apps/app/app.js";
import { BOT, openFeedback, startTriagedApp } from "./triaged-app.js";
import { readMarker, renderMarker } from "../../src/records/markers.js";
import {
  deliver,
  runCompletedPayload,
  issuesPayload,
  type GitHubDouble,
} from "../support/github-double/index.js";

let double: GitHubDouble;
let skillops: SkillopsApp;
let probot: Probot;

beforeEach(async () => {
  ({ double, skillops, probot } = await startTriagedApp());
});
afterEach(async () => {
  expect(skillops.queue.failures).toEqual([]);
  double.assertClean();
  await double.close();
});

const feedback = (title: string) => openFeedback(double, title);

/**
 * New feedback filed (awaiting triage: an incremental refresh, which reads only that issue), then an
 * evolution run finishing: a full refresh, which lists the accepted feedback and sweeps.
 */
async function somethingHappens(): Promise<void> {
  await deliver(probot, "issues", issuesPayload(double, "opened", feedback("Unrelated feedback")));
  await skillops.queue.drain();
  const run = runCompletedPayload(double);
  await deliver(probot, "workflow_run", run);
  await skillops.queue.drain();
}

const caseKind = (n: number) =>
  double.state
    .commentsOn(n)
    .filter((c) => c.user.login === BOT)
    .map((c) => readMarker(c.body, "case")?.data.kind)
    .find((k) => k !== undefined);
const commentReads = (n: number) =>
  double.requests.filter(
    (r) => r.path.startsWith(`/repos/acme/agent-skills/issues/${n}/comments`) && r.method === "GET",
  ).length;

test("an acceptance whose delivery was lost is recorded and converted by the next dashboard refresh", async () => {
  const lost = feedback("Refund window is wrong");
  double.state.labelIssue(lost, "skillops:accepted", "mona"); // its issues.labeled never arrived
  const unentitled = feedback("Baggage rule is wrong");
  double.state.labelIssue(unentitled, "skillops:accepted", "randy"); // read role: no acceptance
  await somethingHappens();
  expect(caseKind(lost)).toBe("case");
  const comments = double.state.commentsOn(lost).filter((c) => c.user.login === BOT);
  expect(comments).toHaveLength(1);
  expect(readMarker(comments[0]!.body, "case")!.data.acceptedBy).toBe("mona");
  expect(caseKind(unentitled)).toBeUndefined(); // replayed as its delivery would have run: the label goes
  expect(double.state.issue(unentitled).labels).not.toContain("skillops:accepted");
});

test("a conversion still 'converting…' long after its acceptance was lost and is queued again; a recent one is left", async () => {
  const pending = (at: string) => {
    const n = feedback(`Accepted at ${at}`);
    double.state.labelIssue(n, "skillops:accepted", "mona");
    const marker = renderMarker("case", { v: 1, kind: "pending", acceptedBy: "mona", at });
    double.state.addComment(n, BOT, `${marker}\n### ⏳ Accepted by @mona\n\nConverting…`);
    return n;
  };
  const old = pending("2026-11-30T02:30:00Z");
  const recent = pending("2026-11-30T02:58:00Z");
  await somethingHappens();
  expect(caseKind(old)).toBe("case");
  expect(caseKind(recent)).toBe("pending");
});

test("bounded: at most 3 issues a refresh, and a settled issue is never read again", async () => {
  const settled = Array.from({ length: 7 }, (_, i) => {
    const n = feedback(`Converted ${i}`);
    double.state.labelIssue(n, "skillops:accepted", "mona");
    const marker = renderMarker("case", { v: 1, kind: "case", acceptedBy: "mona" });
    double.state.addComment(n, BOT, `${marker}\nthe case`);
    return n;
  });
  const reads = () => settled.map(commentReads);
  await somethingHappens(); // two full refreshes: the one creating the dashboard, and the run's
  expect(reads()).toEqual([1, 1, 1, 1, 1, 1, 0]); // oldest first
  await somethingHappens();
  expect(reads()).toEqual([1, 1, 1, 1, 1, 1, 1]);
  const writes = double.writes().length;
  const before = double.requests.length;
  await somethingHappens();
  expect(reads()).toEqual([1, 1, 1, 1, 1, 1, 1]); // remembered in the dashboard's marker
  const dashboard = [...double.state.issues.values()].find((i) => i.labels.includes("skillops:dashboard"))!;
  expect(readMarker(dashboard.body, "dashboard")!.data.swept).toEqual(settled);
  expect(double.requests.length - before).toBeLessThan(20); // the new issue, its refresh, and a full one
  expect(double.writes().length - writes).toBe(1); // the dashboard lists the new issue
});
