// Issue 45: the delivery's first GraphQL read also answers the sender's role and the dashboard
// listing, and an owned comment is created with its issue's comments read back. What it cannot
// answer as REST would is asked the REST way: a sender who is no collaborator (REST says `read`),
// and the dashboard once a refresh of this process has ended since the read (it may have written).
import { afterEach, beforeEach, expect, test } from "vitest";
import {
  INSTALLATION_ID,
  deliver,
  issuesPayload,
  runCompletedPayload,
} from "../support/github-double/index.js";
import { openFeedback, startTriagedApp, type TriagedApp } from "./triaged-app.js";
import { createDashboardEpoch } from "../../src/apps/app/dashboard/dashboard-epoch.js";
import { prefetchIntake, prefetchedRepo } from "../../src/apps/app/intake/intake-prefetch.js";
import type { RestClient } from "../../src/io/github-api/rest-client.js";

let app: TriagedApp;
beforeEach(async () => {
  app = await startTriagedApp();
  await deliver(app.probot, "workflow_run", runCompletedPayload(app.double)); // the dashboard exists
  await app.skillops.queue.drain();
});
afterEach(async () => {
  app.double.assertClean();
  await app.double.close();
});

const made = (from: number) =>
  app.double.requests
    .slice(from)
    .map((r) => `${r.method} ${r.path.split("?")[0]!.replace(/.*agent-skills/, "")}`);

async function label(n: number, sender: string): Promise<string[]> {
  app.double.state.labelIssue(n, "skillops:accepted", sender);
  const before = app.double.requests.length;
  await deliver(
    app.probot,
    "issues",
    issuesPayload(app.double, "labeled", n, { sender, label: "skillops:accepted" }),
  );
  await app.skillops.queue.drain();
  return made(before);
}

test("a collaborator's role comes with the first read; a stranger's is asked of REST, and the refusal names it", async () => {
  const accepted = await label(openFeedback(app.double), "mona");
  expect(accepted.filter((r) => r.includes("/collaborators/"))).toEqual([]);

  const n = openFeedback(app.double, "Another report");
  const refused = await label(n, "stranger-sam");
  expect(refused).toContain("GET /collaborators/stranger-sam/permission");
  const said = app.double.state
    .commentsOn(n)
    .map((c) => c.body)
    .join("\n");
  expect(said).toContain("whose role on this repository is **read**");
});

test("the dashboard read with the intake is used only while no refresh of this process has ended since", async () => {
  const n = openFeedback(app.double);
  const octokit = (await app.probot.auth(INSTALLATION_ID)) as unknown as RestClient;
  const coords = { owner: "acme", repo: "agent-skills" };
  const epoch = createDashboardEpoch();
  const load = () => Promise.reject(new Error("the config is in the GraphQL answer"));
  const query = { labels: ["skillops:dashboard"], state: "all" as const };

  const fresh = prefetchedRepo(
    octokit,
    coords,
    n,
    await prefetchIntake(octokit, coords, n, "mona", load, epoch),
  );
  let before = app.double.requests.length;
  const listed = await fresh.listIssues(query);
  expect(made(before)).toEqual([]);
  expect(listed.map((i) => i.labels)).toEqual([["skillops:dashboard"]]);
  expect(listed).toEqual(await fresh.listIssues(query)); // a second listing asks GitHub, and agrees

  const stale = prefetchedRepo(
    octokit,
    coords,
    n,
    await prefetchIntake(octokit, coords, n, "mona", load, epoch),
  );
  epoch.bump("acme/agent-skills"); // a refresh ended: it may have written the dashboard
  before = app.double.requests.length;
  expect(await stale.listIssues(query)).toEqual(listed);
  expect(made(before)).toEqual(["GET /issues"]);
});
