// The signed-webhook path through Probot's HTTP middleware on loopback: a delivery signed with the
// app's secret is handled (it reaches the double); a bad signature is answered 400 and does nothing.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, expect, test } from "vitest";
import { createNodeMiddleware } from "probot";
import { sign } from "@octokit/webhooks-methods";
import {
  WEBHOOK_SECRET,
  commentPayload,
  createGitHubDouble,
  createProbotOnDouble,
  type GitHubDouble,
} from "../support/github-double/index.js";
import { createSkillopsApp, type SkillopsApp } from "../../src/apps/app/app.js";

let double: GitHubDouble;
let server: Server;
let url: string;
let skillops: SkillopsApp;

beforeEach(async () => {
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  skillops = createSkillopsApp();
  const probot = await createProbotOnDouble(double, () => {});
  const middleware = await createNodeMiddleware(skillops.app, { probot });
  server = createServer((req, res) => void middleware(req, res, () => res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/github/webhooks`;
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  double.assertClean();
  await double.close();
});

async function post(body: string, signature: string, id: string) {
  return fetch(url, {
    method: "POST",
    body,
    headers: {
      "content-type": "application/json",
      "x-github-event": "issue_comment",
      "x-github-delivery": id,
      "x-hub-signature-256": signature,
    },
  });
}

test("a correctly signed delivery is handled; a bad signature gets 400 and no effect", async () => {
  const issue = double.state.openIssue({ title: "Q", body: "", author: "joe" });
  const comment = double.state.addComment(issue.number, "joe", "/skillops help");
  const body = JSON.stringify(commentPayload(double, comment.id));

  const bad = await post(body, await sign("not-the-secret", body), "bad-1");
  expect(bad.status).toBe(400);
  // Only what loading the app sent (GET /app, its bot login); the bad delivery added nothing.
  expect(double.requests.map((r) => r.operationId)).toEqual(["apps/get-authenticated"]);

  const good = await post(body, await sign(WEBHOOK_SECRET, body), "good-1");
  expect(good.status).toBe(200);
  await skillops.queue.drain();
  expect(double.state.reactions.map((r) => r.content)).toEqual(["eyes"]);
  expect(
    double.state.commentsOn(issue.number).filter((c) => c.user.login === "acme-skills[bot]"),
  ).toHaveLength(1);
});
