// The double itself: it validates requests against GitHub's OpenAPI description and fails loudly
// on anything it does not expect, and SkillRepo's calls pass that validation.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createGitHubDouble,
  createProbotOnDouble,
  INSTALLATION_ID,
  type GitHubDouble,
} from "../support/github-double/index.js";
import type { SkillRepo } from "../../src/core/github/port.js";
import { createSkillRepo } from "../../src/io/github-api/repo.js";

let double: GitHubDouble;
let repo: SkillRepo;

beforeEach(async () => {
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  const probot = await createProbotOnDouble(double, () => {});
  const octokit = await probot.auth(INSTALLATION_ID);
  repo = createSkillRepo(octokit, { owner: "acme", repo: "agent-skills" });
});
afterEach(async () => {
  await double.close();
});

describe("GitHub double", () => {
  test("SkillRepo's issue, comment, label and permission calls are valid GitHub requests", async () => {
    double.state.collaborators.set("mona", "triage");
    const issue = await repo.createIssue({
      title: "Dashboard",
      body: "hello",
      labels: ["skillops:dashboard"],
    });
    await repo.addLabels(issue.number, ["skillops:accepted", "not-ours"]);
    const comment = await repo.createComment(issue.number, "first");
    await repo.updateComment(comment.id, "edited");
    await repo.reactToComment(comment.id, "eyes");
    await repo.removeLabel(issue.number, "not-ours");
    await repo.removeLabel(issue.number, "not-ours"); // already gone: tolerated
    await repo.updateIssue(issue.number, { state: "closed", stateReason: "not_planned" });
    await repo.dispatchWorkflow("evolve.yml", "main", { reason: "test" });

    expect(await repo.roleOf("mona")).toBe("triage");
    expect(await repo.roleOf("acme")).toBe("admin");
    expect(await repo.roleOf("stranger")).toBe("read");
    const got = await repo.getIssue(issue.number);
    expect(got).toMatchObject({
      state: "closed",
      labels: ["skillops:dashboard", "skillops:accepted"],
      author: "acme-skills[bot]",
      authorIsBot: true,
    });
    expect(await repo.listComments(issue.number)).toEqual([
      {
        id: comment.id,
        body: "edited",
        author: "acme-skills[bot]",
        authorIsBot: true,
        nodeId: `IC_${comment.id}`, // REST's node_id: GraphQL's id for the same comment
      },
    ]);
    // The GraphQL edit answers with the issue as REST would show it, and its comments after the edit.
    const back = await repo.updateCommentReadingIssue!({ id: comment.id, nodeId: comment.nodeId! }, "again");
    expect({ ...back.issue, updatedAt: "" }).toEqual({ ...got, updatedAt: "" });
    expect(back.comments).toEqual([
      {
        id: comment.id,
        body: "again",
        author: "acme-skills[bot]",
        authorIsBot: true,
        nodeId: `IC_${comment.id}`,
      },
    ]);
    await expect(repo.updateCommentReadingIssue!({ id: 1, nodeId: "IC_1" }, "x")).rejects.toThrow(
      /Could not resolve/,
    );
    expect(double.state.findLabel("skillops:accepted")).toMatchObject({ color: "0e8a16" });
    expect(double.state.dispatches).toEqual([
      { workflowId: "evolve.yml", ref: "main", inputs: { reason: "test" }, actor: "acme-skills[bot]" },
    ]);
    expect(double.state.reactions.map((r) => r.content)).toEqual(["eyes"]);
    double.assertClean();
  });

  test("reads files raw and paginates lists", async () => {
    double.state.setFile(".github/skillops.yml", "categories: [general]\n");
    double.state.setFile("skill-bank/bank.yml", "operatingPoint: accuracy\n");
    for (let i = 0; i < 105; i++)
      double.state.openIssue({ title: `fb ${i}`, body: "x", author: "mona", labels: ["skillops:feedback"] });
    expect(await repo.readFile(".github/skillops.yml")).toBe("categories: [general]\n");
    expect(await repo.readFile("skill-bank/bank.yml", "main")).toBe("operatingPoint: accuracy\n");
    expect(await repo.readFile("missing.yml")).toBeNull();
    expect(await repo.listIssues({ labels: ["skillops:feedback"] })).toHaveLength(105);
    expect(await repo.defaultBranch()).toBe("main");
    double.assertClean();
  });

  test("an invalid request body is rejected with 422 and recorded as a problem", async () => {
    const probot = await createProbotOnDouble(double, () => {});
    const octokit = await probot.auth(INSTALLATION_ID);
    await expect(
      octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
        owner: "acme",
        repo: "agent-skills",
        issue_number: 1,
        bdy: "x",
      } as never),
    ).rejects.toMatchObject({ status: 422 });
    await expect(
      octokit.rest.issues.update({
        owner: "acme",
        repo: "agent-skills",
        issue_number: 1,
        state: "done" as "open",
      }),
    ).rejects.toMatchObject({ status: 422 });
    expect(double.problems.join("\n")).toMatch(/must have required property 'body'/);
    expect(double.problems.join("\n")).toMatch(/state must be equal to one of the allowed values/);
    expect(() => double.assertClean()).toThrow(/2 problem/);
  });

  test("an operation the double does not implement fails loudly", async () => {
    const probot = await createProbotOnDouble(double, () => {});
    const octokit = await probot.auth(INSTALLATION_ID);
    await expect(
      octokit.rest.issues.lock({ owner: "acme", repo: "agent-skills", issue_number: 1 }),
    ).rejects.toMatchObject({ status: 501 });
    await expect(
      octokit.request("GET /repos/{owner}/{repo}/no-such-thing", { owner: "acme", repo: "agent-skills" }),
    ).rejects.toMatchObject({ status: 404 });
    expect(double.problems).toHaveLength(2);
    expect(double.problems[0]).toMatch(
      /issues\/lock is a GitHub operation, but the double does not implement it/,
    );
    expect(double.problems[1]).toMatch(/no GitHub REST path matches/);
  });

  test("route files can be added, but only for real operations and only once", () => {
    expect(() =>
      double.addRoutes([
        { method: "GET", template: "/repos/{owner}/{repo}/nonsense", handle: () => ({ status: 200 }) },
      ]),
    ).toThrow(/not an operation/);
    expect(() =>
      double.addRoutes([
        { method: "GET", template: "/repos/{owner}/{repo}/issues", handle: () => ({ status: 200 }) },
      ]),
    ).toThrow(/already has a route/);
  });

  test("another repository answers 404", async () => {
    const probot = await createProbotOnDouble(double, () => {});
    const octokit = await probot.auth(INSTALLATION_ID);
    await expect(
      octokit.rest.issues.get({ owner: "acme", repo: "other", issue_number: 1 }),
    ).rejects.toMatchObject({ status: 404 });
    double.assertClean();
  });
});
