// GitHub's secondary rate limit (403 with `retry-after`) in front of the double: the app's client
// (SkillopsOctokit) waits and retries, so the write lands; Probot's default client gives up.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, expect, test } from "vitest";
import { Probot, ProbotOctokit } from "probot";
import { createGitHubDouble, testPrivateKey, type GitHubDouble } from "../support/github-double/index.js";
import { INSTALLATION_ID } from "../support/github-double/webhooks.js";
import { createSkillRepo } from "../../src/io/github-api/repo.js";
import { SkillopsOctokit } from "../../src/io/github-api/rest-client.js";

/** Passes requests to the double, except the first comment write, which hits the secondary limit. */
async function limitingProxy(target: string): Promise<{ url: string; limited: number; close: () => void }> {
  const t = new URL(target);
  const out = { url: "", limited: 0, close: () => server.close() };
  const server: Server = createServer((req, res) => {
    if (req.method === "POST" && /\/comments$/.test(req.url ?? "") && out.limited === 0) {
      out.limited++;
      req.resume();
      res.writeHead(403, { "content-type": "application/json", "retry-after": "1" });
      res.end(
        JSON.stringify({ message: "You have exceeded a secondary rate limit. Please wait a few minutes." }),
      );
      return;
    }
    const upstream = httpRequest(
      { host: t.hostname, port: t.port, path: req.url, method: req.method, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  out.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return out;
}

let double: GitHubDouble;
let proxy: Awaited<ReturnType<typeof limitingProxy>>;
beforeEach(async () => {
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  proxy = await limitingProxy(double.baseUrl);
});
afterEach(async () => {
  proxy.close();
  double.assertClean();
  await double.close();
});

const repoThrough = async (Octokit: typeof ProbotOctokit) => {
  const probot = new Probot({
    appId: 1,
    privateKey: testPrivateKey(),
    baseUrl: proxy.url,
    logLevel: "fatal",
    Octokit,
  });
  return createSkillRepo(await probot.auth(INSTALLATION_ID), { owner: "acme", repo: "agent-skills" });
};

test("a secondary rate limit is waited out and retried by the app's client", async () => {
  const issue = double.state.openIssue({ title: "Feedback", body: "x", author: "joe" });
  const repo = await repoThrough(SkillopsOctokit);
  await repo.createComment(issue.number, "hello");
  expect(proxy.limited).toBe(1);
  expect(double.state.commentsOn(issue.number).map((c) => c.body)).toEqual(["hello"]);
});

test("Probot's default client gives up on a secondary rate limit", async () => {
  const issue = double.state.openIssue({ title: "Feedback", body: "x", author: "joe" });
  const repo = await repoThrough(ProbotOctokit);
  await expect(repo.createComment(issue.number, "hello")).rejects.toMatchObject({ status: 403 });
  expect(double.state.commentsOn(issue.number)).toEqual([]);
});
