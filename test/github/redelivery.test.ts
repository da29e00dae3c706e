// A delivery counts as handled only once its handler succeeded: GitHub never retries a failed
// webhook, and its "Redeliver" button sends the same delivery id. A handler that fails half-way (a
// 503 from the API) leaves the id redeliverable, and the webhook's answer is a 5xx so the
// Deliveries page shows the failure; the redelivery finishes the work and repeats nothing.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sign } from "@octokit/webhooks-methods";
import { createNodeMiddleware, type Probot } from "probot";
import { afterEach, beforeEach, expect, test } from "vitest";
import type { SkillopsApp } from "../../src/apps/app/app.js";
import { BOT, openFeedback, startTriagedApp } from "./triaged-app.js";
import { readMarker } from "../../src/records/markers.js";
import { WEBHOOK_SECRET, deliver, issuesPayload, type GitHubDouble } from "../support/github-double/index.js";

let double: GitHubDouble;
let skillops: SkillopsApp;
let probot: Probot;

beforeEach(async () => {
  ({ double, skillops, probot } = await startTriagedApp());
});
afterEach(async () => {
  double.assertClean();
  await double.close();
});

/** A feedback issue that mona labelled `skillops:accepted`, and that label's delivery. */
function acceptedFeedback() {
  const number = openFeedback(double);
  double.state.labelIssue(number, "skillops:accepted", "mona");
  return {
    number,
    payload: issuesPayload(double, "labeled", number, { sender: "mona", label: "skillops:accepted" }),
  };
}

const caseComments = (n: number) =>
  double.state.commentsOn(n).filter((c) => c.user.login === BOT && readMarker(c.body, "case"));

test("an acceptance whose comment failed (503) is finished by redelivering the same id", async () => {
  const { number, payload } = acceptedFeedback();
  // The case comment's write (GraphQL's addComment, after the intake query) fails.
  double.failNext({ method: "POST", path: /^\/graphql$/, skip: 1 });
  await expect(deliver(probot, "issues", payload, "delivery-1")).rejects.toThrow();
  await skillops.queue.drain();
  expect(caseComments(number)).toEqual([]);

  await deliver(probot, "issues", payload, "delivery-1"); // GitHub's "Redeliver": the same id
  await skillops.queue.drain();
  expect(caseComments(number)).toHaveLength(1);
  expect(readMarker(caseComments(number)[0]!.body, "case")!.data).toMatchObject({
    kind: "case",
    acceptedBy: "mona",
  });
  expect(skillops.queue.failures).toEqual([]);

  // Once it succeeded, the same id again costs nothing.
  const before = double.requests.length;
  await deliver(probot, "issues", payload, "delivery-1");
  await skillops.queue.drain();
  expect(double.requests.length).toBe(before);
});

test("a failed handler answers the webhook with a 5xx, even when the API's answer was a 4xx", async () => {
  const middleware = await createNodeMiddleware(skillops.app, { probot });
  const server: Server = createServer(
    (req, res) => void middleware(req, res, () => res.writeHead(404).end()),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/github/webhooks`;
    const { number, payload } = acceptedFeedback();
    const body = JSON.stringify(payload);
    const post = async () =>
      fetch(url, {
        method: "POST",
        body,
        headers: {
          "content-type": "application/json",
          "x-github-event": "issues",
          "x-github-delivery": "delivery-2",
          "x-hub-signature-256": await sign(WEBHOOK_SECRET, body),
        },
      });
    // The case comment's write (after the intake query) answered with a 4xx.
    double.failNext({ method: "POST", path: /^\/graphql$/, skip: 1, status: 404 });
    expect((await post()).status).toBe(500);
    expect((await post()).status).toBe(200); // redelivered: handled now
    await skillops.queue.drain();
    expect(caseComments(number)).toHaveLength(1);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
