// Issue 26: a merged frontier PR whose deploy steps failed half-way (503s from the API) is finished
// by GitHub's "Redeliver" (the same delivery id), or by any later delivery of the event: every fixed
// issue closed, exactly one "Shipped" comment each, each sibling superseded once. The same for a
// rollback's reopened issues. The production path: the Probot app on the GitHub double over a real
// git http-backend (test/e2e/rejection-fixture.ts).
import type { Probot } from "probot";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSkillopsApp, type SkillopsApp } from "../../src/apps/app/app.js";
import { frontierCommands } from "../../src/apps/app/deploy/on-pull-request.js";
import { readMarker } from "../../src/records/markers.js";
import { parsePrMarker, renderPrMarker } from "../../src/records/pr-marker.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { createProbotOnDouble, deliver } from "../support/github-double/index.js";
import { pullPayload, pullsOf } from "../support/github-double/pulls.js";
import {
  BOT,
  baggage,
  double,
  env,
  gitDir,
  octokitAs,
  openFrontierPull,
  OWNER,
  now,
  REPO,
  scratchGit,
  setUp,
  tearDown,
} from "./rejection-fixture.js";

beforeAll(setUp);
afterAll(tearDown);

/** One app instance (its own delivery memory and queue) on the double. */
async function instance(): Promise<{ app: SkillopsApp; probot: Probot }> {
  const app = createSkillopsApp({
    now: fixedClock("2026-11-30T03:00:00Z"),
    frontier: { now, git: scratchGit },
  });
  return { app, probot: await createProbotOnDouble(double, app.app) };
}

/** `count` open, accepted feedback issues. */
function feedbackIssues(count: number): number[] {
  return Array.from(
    { length: count },
    (_, i) =>
      double.state.openIssue({
        title: `Feedback ${i}`,
        body: "the form",
        author: "customer-cy",
        labels: ["skillops:feedback", "skillops:accepted"],
      }).number,
  );
}

/** A frontier PR (run-7) whose marker lists `fixed`, as publish.ts writes it. */
async function frontierPullFixing(candidate: string, fixed: number[], allowance: string): Promise<number> {
  const number = await openFrontierPull(candidate, { "skill-bank/baggage/SKILL.md": baggage(allowance) });
  const issue = double.state.issue(number);
  const marker = parsePrMarker(issue.body)!;
  issue.body = `A frontier member.\n\n${renderPrMarker({ ...marker, fixed })}`;
  return number;
}

/** Requests among the last `n` that the queued dashboard refresh made while the delivery ran. */
const configReads = (n: number) =>
  double.requests.slice(-n).filter((r) => r.path.includes("skillops.yml") || r.path.includes("dashboard"))
    .length;

const own = (n: number, kind: string) =>
  double.state.commentsOn(n).filter((c) => c.user.login === BOT && readMarker(c.body, kind));

async function merge(number: number) {
  await octokitAs("maintainer-mo").rest.pulls.merge({ owner: OWNER, repo: REPO, pull_number: number });
  return pullPayload(double, gitDir, "closed", number, { sender: "maintainer-mo" });
}

/** Delivers; the number of GitHub requests it made, and whether the handler failed. */
async function delivered(probot: Probot, payload: Record<string, unknown>, id: string) {
  const before = double.requests.length;
  const failed = await deliver(probot, "pull_request", payload, id).then(
    () => false,
    () => true,
  );
  return { failed, requests: double.requests.length - before };
}

describe("a merged frontier PR whose deploy failed half-way", () => {
  let app: SkillopsApp;
  let probot: Probot;
  let issues: number[];
  let merged: number;
  let sibling: number;
  let payload: Record<string, unknown>;

  test("503s while superseding a sibling, then while shipping the 7th of 13 issues: each delivery fails", async () => {
    ({ app, probot } = await instance());
    issues = feedbackIssues(13);
    merged = await frontierPullFixing("f1".repeat(32), issues, "Two free checked bags.");
    sibling = await frontierPullFixing("f2".repeat(32), [], "Three free checked bags.");
    payload = await merge(merged);

    double.failNext({ method: "PATCH", path: new RegExp(`/pulls/${sibling}$`) }); // closing the sibling
    expect((await delivered(probot, payload, "merge-1")).failed).toBe(true);
    expect(double.state.issue(sibling).state).toBe("open");
    expect(double.state.issue(sibling).labels).toContain("skillops:superseded");

    double.failNext({ method: "PATCH", path: new RegExp(`/issues/${issues[6]}$`) }); // shipping the 7th
    expect((await delivered(probot, payload, "merge-1")).failed).toBe(true); // "Redeliver": the same id
    expect(issues.map((n) => double.state.issue(n).state)).toEqual([
      ...Array<string>(6).fill("closed"),
      ...Array<string>(7).fill("open"),
    ]);
    expect(own(issues[6]!, "shipped")).toHaveLength(1); // its comment was posted, its PATCH failed
    double.assertClean();
  });

  test("redelivering the same id finishes: all 13 closed and shipped, one Shipped comment each, one superseded comment", async () => {
    await app.queue.drain();
    const { failed, requests } = await delivered(probot, payload, "merge-1");
    expect(failed).toBe(false);
    for (const n of issues) {
      expect(double.state.issue(n)).toMatchObject({ state: "closed" });
      expect(double.state.issue(n).labels).toContain("skillops:shipped");
      expect(own(n, "shipped")).toHaveLength(1);
      expect(own(n, "shipped")[0]!.body).toContain(`Shipped in #${merged}`);
    }
    expect(double.state.issue(sibling).state).toBe("closed");
    expect(own(sibling, "superseded")).toHaveLength(1);
    expect(double.state.issue(merged).labels).toContain("skillops:shipped");
    // getPull, the open frontier PRs, 6 done issues read, the 7th (read, comments, PATCH), 6 more
    // (read, comments, comment, PATCH), the PR's label: 36, and the labels' existence checks of
    // this process's first label PATCH; the queued dashboard refresh is not counted.
    expect(requests - configReads(requests)).toBe(39);
    double.assertClean();
  });

  test("a later delivery of the event with a new id costs one read and writes nothing", async () => {
    await app.queue.drain();
    const writes = double.writes().length;
    const { failed, requests } = await delivered(probot, payload, "merge-2");
    expect(failed).toBe(false);
    expect(requests).toBe(1);
    expect(double.writes().length).toBe(writes);
    for (const n of issues) expect(own(n, "shipped")).toHaveLength(1);
    double.assertClean();
  });
});

describe("a rollback whose reopening failed half-way", () => {
  test("redelivering it reopens every issue once, and the PR says rolled back once", async () => {
    const { probot } = await instance();
    const issues = feedbackIssues(3);
    const merged = await frontierPullFixing("a7".repeat(32), issues, "No free checked bags.");
    await deliver(probot, "pull_request", await merge(merged));
    expect(issues.map((n) => double.state.issue(n).state)).toEqual(["closed", "closed", "closed"]);

    expect(await frontierCommands.rollback(env(), { pullRequest: merged, sender: "maintainer-mo" })).toMatch(
      /^Opened #\d+/,
    );
    const revert = [...pullsOf(double).values()].find((p) => p.headRef.startsWith(`revert-${merged}-`))!;
    const payload = await merge(revert.number);
    double.failNext({ method: "PATCH", path: new RegExp(`/issues/${issues[1]}$`) });
    expect((await delivered(probot, payload, "revert-1")).failed).toBe(true);
    expect((await delivered(probot, payload, "revert-1")).failed).toBe(false);

    for (const n of issues) {
      expect(double.state.issue(n).state).toBe("open");
      expect(double.state.issue(n).labels).not.toContain("skillops:shipped");
      expect(own(n, "reopened")).toHaveLength(1);
    }
    expect(own(merged, "rolled-back")).toHaveLength(1);
    expect(double.state.issue(merged).labels).toContain("skillops:rolled-back");
    double.assertClean();
  });
});
