// The intake query (src/io/github-api/intake-read.ts) gives the handler what REST would: a bot's
// comments owned under its REST login, and where GraphQL cannot answer — no config file in the
// repository (Probot looks further), `_extends`, more than one page of comments, GraphQL down — the
// REST read instead, with the same outcome.
import { afterEach, beforeEach, expect, test } from "vitest";
import { deliver, issuesPayload } from "../support/github-double/index.js";
import { BOT, openFeedback, startTriagedApp, type TriagedApp } from "./triaged-app.js";
import { readMarker } from "../../src/records/markers.js";

let app: TriagedApp;
beforeEach(async () => {
  app = await startTriagedApp();
});
afterEach(async () => {
  app.double.assertClean();
  await app.double.close();
});

/** Delivers mona's acceptance of a new feedback issue; returns the issue and the requests it made. */
async function accept(): Promise<{ n: number; made: string[] }> {
  const { double, probot, skillops } = app;
  const n = openFeedback(double);
  double.state.labelIssue(n, "skillops:accepted", "mona");
  const before = double.requests.length;
  await deliver(
    probot,
    "issues",
    issuesPayload(double, "labeled", n, { sender: "mona", label: "skillops:accepted" }),
  );
  await skillops.queue.drain();
  return { n, made: double.requests.slice(before).map((r) => `${r.method} ${r.path.split("?")[0]}`) };
}

const cases = (n: number) =>
  app.double.state.commentsOn(n).filter((c) => readMarker(c.body, "case")?.data.kind === "case");

test("the app's own comments, read by GraphQL, are its own: a redelivery writes nothing", async () => {
  const { n } = await accept();
  expect(cases(n)).toHaveLength(1);
  expect(cases(n)[0]!.user.login).toBe(BOT);
  const before = app.double.writes().length;
  await deliver(
    app.probot,
    "issues",
    issuesPayload(app.double, "labeled", n, { sender: "mona", label: "skillops:accepted" }),
    "another-id",
  );
  await app.skillops.queue.drain();
  expect(app.double.writes().length).toBe(before); // the case comment was found, unchanged
  expect(cases(n)).toHaveLength(1);
});

test("no config file in the repository: Probot's own read (its org fallback) decides, as before", async () => {
  app.double.state.files.get(app.double.state.defaultBranch)!.delete(".github/skillops.yml");
  const { n, made } = await accept();
  expect(made.filter((r) => r.includes("contents/.github"))).not.toHaveLength(0);
  expect(cases(n)).toHaveLength(1);
});

test("a config with _extends is read by Probot, which merges it", async () => {
  app.double.state.setFile(".github/skillops.yml", "_extends: .github\ncategories: [general]\n");
  const { made } = await accept();
  expect(made.filter((r) => r.includes("contents/.github%2Fskillops.yml")).length).toBeGreaterThan(0);
});

test("more comments than one GraphQL page: they are listed the REST way, and the case is still one", async () => {
  const { double } = app;
  const n = openFeedback(double);
  for (let i = 0; i < 101; i++) double.state.addComment(n, "customer-joe", `me too ${i}`);
  double.state.labelIssue(n, "skillops:accepted", "mona");
  const before = double.requests.length;
  await deliver(
    app.probot,
    "issues",
    issuesPayload(double, "labeled", n, { sender: "mona", label: "skillops:accepted" }),
  );
  await app.skillops.queue.drain();
  const lists = double.requests
    .slice(before)
    .filter((r) => r.method === "GET" && r.path.includes(`/issues/${n}/comments`));
  expect(lists.length).toBeGreaterThanOrEqual(2); // the handler's own listing, then the convergence's
  expect(cases(n)).toHaveLength(1);
});

test("GraphQL failing: the config and the comments are read the REST way", async () => {
  app.double.failNext({ method: "POST", path: /\/graphql$/ });
  const { n, made } = await accept();
  const from = made.indexOf("POST /graphql");
  expect(made.slice(from, from + 4)).toEqual([
    "POST /graphql",
    "GET /repos/acme/agent-skills/contents/.github%2Fskillops.yml",
    `GET /repos/acme/agent-skills/issues/${n}/comments`,
    "GET /repos/acme/agent-skills/collaborators/mona/permission",
  ]);
  expect(cases(n)).toHaveLength(1);
});
