// Issue 26: the permission model, row by row and role by role. Each action of docs/github-app.md's
// table is taken the way a person takes it (a label, a command, a close) by a user of every role,
// delivered to the app on the GitHub double over a real git http-backend: at or above the role it
// has its effect; below it, it has none (a label change is undone, a close reopened) and is answered
// once, so delivering the same event again says nothing new.
import type { Probot } from "probot";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSkillopsApp, type SkillopsApp } from "../../src/apps/app/app.js";
import { REQUIRED_ROLE, roleAtLeast, type Action } from "../../src/core/github/permissions.js";
import { readMarker } from "../../src/records/markers.js";
import { ROLES_BY_RANK, type RepoRole } from "../../src/core/github/port.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { openFeedback } from "../github/triaged-app.js";
import {
  commentPayload,
  createProbotOnDouble,
  deliver,
  issuesPayload,
} from "../support/github-double/index.js";
import { pullPayload, pullsOf } from "../support/github-double/pulls.js";
import {
  BOT,
  baggage,
  double,
  gitDir,
  now,
  octokitAs,
  openFrontierPull,
  OWNER,
  REPO,
  scratchGit,
  setUp,
  tearDown,
} from "./rejection-fixture.js";

let app: SkillopsApp;
let probot: Probot;
let candidates = 0x1000;

beforeAll(async () => {
  await setUp();
  for (const role of ROLES_BY_RANK) double.state.collaborators.set(`u-${role}`, role);
  app = createSkillopsApp({ now: fixedClock("2026-11-30T03:00:00Z"), frontier: { now, git: scratchGit } });
  probot = await createProbotOnDouble(double, app.app);
});
afterAll(tearDown);

const ownComments = (n: number) => double.state.commentsOn(n).filter((c) => c.user.login === BOT);
const refusals = (n: number) => ownComments(n).filter((c) => readMarker(c.body, "refusal"));
const reply = (n: number) => ownComments(n).find((c) => readMarker(c.body, "reply"))?.body ?? "";
const labels = (n: number) => double.state.issue(n).labels;
const AT = { owner: OWNER, repo: REPO };

const feedback = (labelled: string[] = []) => openFeedback(double, undefined, labelled);

/** One of the app's frontier PRs (a sealed app commit on main, the marker), with its own candidate. */
async function frontierPull(): Promise<number> {
  const candidate = (candidates++).toString(16).padStart(8, "0").repeat(8);
  return openFrontierPull(candidate, {
    "skill-bank/baggage/SKILL.md": baggage(`Allowance ${candidate.slice(0, 8)}.`),
  });
}

async function command(login: string, body: string, on?: number) {
  const issue = on ?? double.state.openIssue({ title: "Question", body: "", author: "someone" }).number;
  const c = double.state.addComment(issue, login, body);
  return { issue, name: "issue_comment", payload: commentPayload(double, c.id) };
}

/**
 * One row: `act` takes the action as `login` and returns where it happened and its delivery;
 * `happened` says whether the action had its effect.
 */
interface Row {
  action: Action;
  /** How it is taken here. */
  way: string;
  /** The role the issue's table asks for (docs/github-app.md "Permissions"). */
  needs: RepoRole;
  act(login: string): Promise<{ issue: number; name: string; payload: Record<string, unknown> }>;
  happened(issue: number): boolean;
  /** Where a refusal is answered: an owned `refusal` comment, or the command's reply. */
  answer: "refusal" | "reply" | "acceptance";
}

const ROWS: Row[] = [
  {
    action: "accept",
    way: "label skillops:accepted",
    needs: "triage",
    act: async (login) => {
      const issue = feedback();
      await octokitAs(login).rest.issues.addLabels({
        ...AT,
        issue_number: issue,
        labels: ["skillops:accepted"],
      });
      const payload = issuesPayload(double, "labeled", issue, { sender: login, label: "skillops:accepted" });
      return { issue, name: "issues", payload };
    },
    happened: (n) =>
      labels(n).includes("skillops:accepted") && ownComments(n).some((c) => readMarker(c.body, "case")),
    answer: "acceptance",
  },
  {
    action: "reject-intake",
    way: "removing skillops:accepted",
    needs: "triage",
    act: async (login) => {
      const issue = feedback(["skillops:accepted"]);
      await octokitAs(login).rest.issues.removeLabel({
        ...AT,
        issue_number: issue,
        name: "skillops:accepted",
      });
      const payload = issuesPayload(double, "unlabeled", issue, {
        sender: login,
        label: "skillops:accepted",
      });
      return { issue, name: "issues", payload };
    },
    happened: (n) => !labels(n).includes("skillops:accepted"),
    answer: "refusal",
  },
  {
    action: "select",
    way: "label skillops:select",
    needs: "write",
    act: async (login) => {
      const issue = await frontierPull();
      await octokitAs(login).rest.issues.addLabels({
        ...AT,
        issue_number: issue,
        labels: ["skillops:select"],
      });
      const payload = pullPayload(double, gitDir, "labeled", issue, {
        sender: login,
        label: "skillops:select",
      });
      return { issue, name: "pull_request", payload };
    },
    happened: (n) => labels(n).includes("skillops:select") && !pullsOf(double).get(n)!.draft,
    answer: "refusal",
  },
  {
    action: "run",
    way: "/skillops run",
    needs: "write",
    act: (login) => command(login, "/skillops run"),
    happened: (n) => double.state.dispatches.some((d) => String(d.inputs?.reason).endsWith(`#${n}`)),
    answer: "reply",
  },
  {
    action: "rollback",
    way: "/skillops rollback",
    needs: "write",
    act: async (login) => {
      const issue = await frontierPull();
      await octokitAs("u-admin").rest.pulls.merge({ owner: OWNER, repo: REPO, pull_number: issue });
      return command(login, "/skillops rollback", issue);
    },
    happened: (n) => [...pullsOf(double).values()].some((p) => p.headRef.startsWith(`revert-${n}-`)),
    answer: "reply",
  },
  {
    action: "reject",
    way: "closing a frontier PR",
    needs: "write",
    act: async (login) => {
      const issue = await frontierPull();
      await octokitAs(login).rest.pulls.update({
        owner: OWNER,
        repo: REPO,
        pull_number: issue,
        state: "closed",
      });
      return {
        issue,
        name: "pull_request",
        payload: pullPayload(double, gitDir, "closed", issue, { sender: login }),
      };
    },
    happened: (n) =>
      double.state.issue(n).state === "closed" && ownComments(n).some((c) => readMarker(c.body, "rejection")),
    answer: "refusal",
  },
  {
    action: "allow-repropose",
    way: "label skillops:superseded on a rejected PR",
    needs: "write",
    act: async (login) => {
      const issue = await frontierPull(); // rejected: closed unmerged by someone who could merge it
      await octokitAs("u-admin").rest.pulls.update({
        owner: OWNER,
        repo: REPO,
        pull_number: issue,
        state: "closed",
      });
      await octokitAs(login).rest.issues.addLabels({
        ...AT,
        issue_number: issue,
        labels: ["skillops:superseded"],
      });
      const payload = pullPayload(double, gitDir, "labeled", issue, {
        sender: login,
        label: "skillops:superseded",
      });
      return { issue, name: "pull_request", payload };
    },
    happened: (n) => labels(n).includes("skillops:superseded"),
    answer: "refusal",
  },
  {
    action: "quiet",
    way: "/skillops quiet",
    needs: "triage",
    act: (login) => command(login, "/skillops quiet"),
    happened: (n) => labels(n).includes("skillops:quiet"),
    answer: "reply",
  },
  {
    action: "coldstart",
    way: "/skillops coldstart",
    needs: "write",
    act: (login) => command(login, "/skillops coldstart"),
    // Without `policy:` in the config it stops right after the permission check, saying why.
    happened: (n) => reply(n).includes("policy"),
    answer: "reply",
  },
];

/** The other ways to take some of those actions: each asks `authorize` for the same action. */
const OTHER_WAYS: Row[] = [
  {
    action: "reject-intake",
    way: "closing accepted feedback",
    needs: "triage",
    act: async (login) => {
      const issue = feedback(["skillops:accepted"]);
      await octokitAs(login).rest.issues.update({ ...AT, issue_number: issue, state: "closed" });
      return { issue, name: "issues", payload: issuesPayload(double, "closed", issue, { sender: login }) };
    },
    happened: (n) => double.state.issue(n).state === "closed",
    answer: "refusal",
  },
  {
    action: "reject",
    way: "removing skillops:superseded from a closed frontier PR",
    needs: "write",
    act: async (login) => {
      const issue = await frontierPull();
      await octokitAs(BOT).rest.pulls.update({ ...AT, pull_number: issue, state: "closed" });
      double.state.labelIssue(issue, "skillops:superseded", BOT);
      await octokitAs(login).rest.issues.removeLabel({
        ...AT,
        issue_number: issue,
        name: "skillops:superseded",
      });
      const payload = pullPayload(double, gitDir, "unlabeled", issue, {
        sender: login,
        label: "skillops:superseded",
      });
      return { issue, name: "pull_request", payload };
    },
    happened: (n) => !labels(n).includes("skillops:superseded"),
    answer: "refusal",
  },
  {
    action: "allow-repropose",
    way: "reopening a rejected frontier PR",
    needs: "write",
    act: async (login) => {
      const issue = await frontierPull();
      await octokitAs("u-admin").rest.pulls.update({ ...AT, pull_number: issue, state: "closed" });
      await octokitAs(login).rest.pulls.update({ ...AT, pull_number: issue, state: "open" });
      return {
        issue,
        name: "pull_request",
        payload: pullPayload(double, gitDir, "reopened", issue, { sender: login }),
      };
    },
    happened: (n) => double.state.issue(n).state === "open",
    answer: "refusal",
  },
  {
    action: "allow-repropose",
    way: "removing skillops:rolled-back",
    needs: "write",
    act: async (login) => {
      const issue = await frontierPull();
      await octokitAs("u-admin").rest.pulls.merge({ ...AT, pull_number: issue });
      double.state.labelIssue(issue, "skillops:rolled-back", BOT);
      await octokitAs(login).rest.issues.removeLabel({
        ...AT,
        issue_number: issue,
        name: "skillops:rolled-back",
      });
      const payload = pullPayload(double, gitDir, "unlabeled", issue, {
        sender: login,
        label: "skillops:rolled-back",
      });
      return { issue, name: "pull_request", payload };
    },
    happened: (n) => !labels(n).includes("skillops:rolled-back"),
    answer: "refusal",
  },
  {
    action: "quiet",
    way: "label skillops:quiet",
    needs: "triage",
    act: async (login) => {
      const issue = double.state.openIssue({ title: "Question", body: "", author: "someone" }).number;
      await octokitAs(login).rest.issues.addLabels({
        ...AT,
        issue_number: issue,
        labels: ["skillops:quiet"],
      });
      const payload = issuesPayload(double, "labeled", issue, { sender: login, label: "skillops:quiet" });
      return { issue, name: "issues", payload };
    },
    happened: (n) => labels(n).includes("skillops:quiet"),
    answer: "refusal",
  },
];

test("a close GitHub cannot undo (the branch is gone) is labelled skillops:superseded: no rejection", async () => {
  const issue = await frontierPull();
  await octokitAs("u-triage").rest.pulls.update({ ...AT, pull_number: issue, state: "closed" });
  double.failNext({ method: "PATCH", path: new RegExp(`/pulls/${issue}$`), status: 422 });
  await deliver(probot, "pull_request", pullPayload(double, gitDir, "closed", issue, { sender: "u-triage" }));
  await app.queue.drain();
  expect(double.state.issue(issue).state).toBe("closed");
  expect(labels(issue)).toContain("skillops:superseded");
  expect(refusals(issue)[0]!.body).toContain("GitHub could not reopen it");
  expect(ownComments(issue).some((c) => readMarker(c.body, "rejection"))).toBe(false);
  double.assertClean();
});

describe.each([...ROWS, ...OTHER_WAYS])("$action: $way", (row) => {
  test.each(ROLES_BY_RANK)("by a user with the %s role", async (role) => {
    const login = `u-${role}`;
    const { issue, name, payload } = await row.act(login);
    await deliver(probot, name, payload);
    await app.queue.drain();
    expect(REQUIRED_ROLE[row.action]).toBe(row.needs);
    const allowed = roleAtLeast(role, row.needs);
    expect(row.happened(issue)).toBe(allowed);
    const answered = ownComments(issue).map((c) => c.body);
    if (!allowed) {
      const needs = `needs the **${row.needs}** role or more on this repository; yours is **${role}**`;
      if (row.answer === "refusal")
        expect(refusals(issue).map((c) => c.body.split("\n")[1])).toEqual([expect.stringContaining(needs)]);
      else if (row.answer === "reply") expect(reply(issue)).toContain(needs);
      else expect(answered.join("\n")).toContain("needs the **triage** role or more");
    } else expect(refusals(issue)).toEqual([]);
    // The same event again (GitHub's redelivery, or another instance's copy): nothing new is said.
    await deliver(probot, name, payload);
    await app.queue.drain();
    expect(ownComments(issue).map((c) => c.body)).toEqual(answered);
    expect(row.happened(issue)).toBe(allowed);
    expect(app.queue.failures).toEqual([]);
    double.assertClean();
  });
});
