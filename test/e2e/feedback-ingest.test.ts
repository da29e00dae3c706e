// `skillops ingest --github` against the double: converts accepted feedback that has no case comment
// (a conversion the app lost), checks who added the label through the API, and is idempotent.
import { join } from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { startGitServer } from "../support/git-server.js";
import { addPullRoutes, gitIn, pullsOf } from "../support/github-double/pulls.js";
import { createGitHubDouble, type GitHubDouble } from "../support/github-double/index.js";
import { formBody } from "../support/github-double/feedback-form.js";
import { main } from "../../src/apps/cli/main.js";
import { parseCaseComment } from "../../src/core/feedback/triage.js";
import { collectAcceptedCases } from "../../src/apps/app/intake/accepted-sweep.js";
import { createTokenSkillRepo } from "../../src/io/github-api/token-client.js";

let double: GitHubDouble;
let token: string;
beforeEach(async () => {
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  double.state.collaborators.set("mona", "triage");
  token = "ghs_actions_installation_token";
  double.state.tokens.set(token, "acme-skills[bot]");
});
afterEach(async () => {
  double.assertClean();
  await double.close();
});

async function ingest(args: string[] = []) {
  let out = "";
  let err = "";
  const io = {
    stdout: (t: string) => void (out += t),
    stderr: (t: string) => void (err += t),
    cwd: process.cwd(),
    isTTY: false,
    env: { GITHUB_TOKEN: token, GITHUB_REPOSITORY: "acme/agent-skills", GITHUB_API_URL: double.baseUrl },
  };
  const code = await main(["ingest", "--github", ...args], io);
  return { code, out, err };
}

const form = (category = "general") =>
  formBody({ did: "Said 60 days.", expected: 'Say "30 days".', evidence: "Refund after 40 days?", category });

test("converts only what a triager accepted, once", async () => {
  const byMona = double.state.openIssue({
    title: "A",
    body: form(),
    author: "joe",
    labels: ["skillops:feedback"],
  });
  double.state.labelIssue(byMona.number, "skillops:accepted", "mona");
  const byRandy = double.state.openIssue({
    title: "B",
    body: form(),
    author: "joe",
    labels: ["skillops:feedback"],
  });
  double.state.labelIssue(byRandy.number, "skillops:accepted", "randy");
  const waiting = double.state.openIssue({
    title: "C",
    body: form(),
    author: "joe",
    labels: ["skillops:feedback"],
  });

  const first = await ingest(["--json"]);
  expect(first.code).toBe(0);
  expect(JSON.parse(first.out).items).toEqual([
    { issue: waiting.number, outcome: "not-accepted", detail: "not-requested" },
    { issue: byRandy.number, outcome: "not-accepted", detail: "insufficient-permission" },
    { issue: byMona.number, outcome: "converted", detail: "case" },
  ]);
  const [comment] = double.state.commentsOn(byMona.number);
  expect(parseCaseComment(comment!.body)).toMatchObject({
    id: `issue-${byMona.number}`,
    provenance: { acceptedBy: "mona" },
  });
  expect(double.state.commentsOn(byRandy.number)).toEqual([]);

  const cases = await collectAcceptedCases(
    createTokenSkillRepo({ owner: "acme", repo: "agent-skills", token, baseUrl: double.baseUrl }),
    "acme-skills[bot]",
  );
  expect(cases.map((c) => c.id)).toEqual([`issue-${byMona.number}`]);

  const writes = double.writes().length;
  const second = await ingest();
  expect(second.out).toContain(`#${byMona.number}\tup to date`);
  expect(double.writes().length).toBe(writes);
});

test("usage errors and an invalid config are specific", async () => {
  expect(
    await main(["ingest"], { stdout: () => {}, stderr: () => {}, cwd: ".", isTTY: false, env: {} }),
  ).toBe(2);
  double.state.setFile(".github/skillops.yml", "categories: []\n");
  const r = await ingest();
  expect(r.code).toBe(1);
  expect(r.err).toContain("`.github/skillops.yml`: `categories`");
});

test("--knowledge-pr opens the rolling knowledge PR over git with the same token", async () => {
  const server = await startGitServer({ token });
  try {
    await server.createRepo("acme/agent-skills", {
      "skill-bank/refund-policy/SKILL.md": "---\nname: refund-policy\ndescription: Refunds.\n---\nBody.\n",
    });
    const gitDir = join(server.root, "acme/agent-skills.git");
    addPullRoutes(double, gitDir);
    const advice = double.state.openIssue({
      title: "Advice",
      body: formBody({
        did: "Lectured.",
        expected: "Acknowledge frustration first.",
        evidence: "n/a",
        category: "general",
      }).replace("_No response_", "refund-policy"),
      author: "joe",
      labels: ["skillops:feedback"],
    });
    double.state.labelIssue(advice.number, "skillops:accepted", "mona");
    let out = "";
    const io = {
      stdout: (t: string) => void (out += t),
      stderr: () => {},
      cwd: process.cwd(),
      isTTY: false,
      env: {
        GITHUB_TOKEN: token,
        GITHUB_REPOSITORY: "acme/agent-skills",
        GITHUB_API_URL: double.baseUrl,
        GITHUB_SERVER_URL: server.url("").replace(/\/\.git$/, ""),
      },
    };
    expect(await main(["ingest", "--github", "--knowledge-pr", "--json"], io)).toBe(0);
    const result = JSON.parse(out);
    expect(result.items).toEqual([{ issue: advice.number, outcome: "converted", detail: "knowledge" }]);
    expect(result.knowledge).toMatchObject({ outcome: "created" });
    const [pr] = [...pullsOf(double).values()];
    expect(pr!.headRef).toBe("skillops/knowledge");
    expect(gitIn(gitDir, ["show", "skillops/knowledge:skill-bank/refund-policy/knowledge.md"])).toContain(
      "Acknowledge frustration first.",
    );
  } finally {
    await server.close();
  }
});

test("a repository that does not answer is refused before anything is read or written", async () => {
  const r = await ingest(["--repo", "acme/nope"]);
  expect(r.code).toBe(1);
  expect(r.err).toMatch(
    /^error: the repository acme\/nope does not answer at .*HTTP 404.*nothing was converted$/m,
  );
  expect(double.writes()).toEqual([]);
});
