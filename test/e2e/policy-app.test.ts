// The app's policy side end to end, on the GitHub double and a real `git http-backend`:
// `/skillops coldstart` (refusals, then ONE PR with the bank and the draft cases, simulated), and a
// policy push diffed against its `before` commit (a policy issue, a draft-case PR, "may be stale"
// on the dashboard), idempotent across a second delivery.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Probot } from "probot";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { initBare } from "../../src/io/git/repo.js";
import { createSkillopsApp, type SkillopsApp } from "../../src/apps/app/app.js";
import { COLDSTART_BRANCH } from "../../src/apps/app/policy/coldstart-pr.js";
import { refreshDashboard } from "../../src/apps/app/dashboard/dashboard-sync.js";
import { createSkillRepo } from "../../src/io/github-api/repo.js";
import { startGitServer, type GitServer } from "../support/git-server.js";
import {
  createGitHubDouble,
  createProbotOnDouble,
  deliver,
  type GitHubDouble,
} from "../support/github-double/index.js";
import { gitIn } from "../support/github-double/bare-git.js";
import { addPullRoutes, mergePull, pullsOf } from "../support/github-double/pulls.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { startOpenAIDouble } from "../support/openai-double.js";

const TOKEN = "git-token-policy";
const POLICY = readFileSync(join(import.meta.dirname, "../../examples/policy/airline.md"), "utf8");
let git: GitServer;
let double: GitHubDouble;
let gitDir: string;
let probot: Probot;
let skillops: SkillopsApp;
const scratch: string[] = [];
let clock = 1_790_000_000;

beforeAll(async () => {
  git = await startGitServer({ token: TOKEN });
  await git.createRepo("agent-skills", { "policy/airline.md": POLICY, "README.md": "skills\n" });
  gitDir = join(git.root, "agent-skills.git");
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  addPullRoutes(double, gitDir);
  double.state.collaborators.set("mona", "write");
  double.state.collaborators.set("joe", "read");
  skillops = createSkillopsApp({
    now: fixedClock("2026-12-01T10:00:00Z"),
    env: {}, // no model key: the simulated endpoint
    frontier: {
      now: () => new Date((clock += 60) * 1000),
      git: async () => {
        const gitdir = mkdtempSync(join(tmpdir(), "skillops-policy-"));
        scratch.push(gitdir);
        await initBare({ gitdir });
        return { gitdir, url: git.url("agent-skills"), token: TOKEN };
      },
    },
  });
  probot = await createProbotOnDouble(double, skillops.app);
});

afterAll(async () => {
  await double?.close();
  await git?.close();
  for (const d of scratch) rmSync(d, { recursive: true, force: true });
});

const issue = () => double.state.openIssue({ title: "Start", body: "let's go", author: "mona", labels: [] });

async function command(number: number, body: string, sender = "mona"): Promise<string> {
  const c = double.state.addComment(number, sender, body);
  const payload = {
    action: "created",
    issue: { number, labels: [] },
    comment: { id: c.id, body, user: { login: sender, type: "User" } },
    sender: { login: sender, type: "User" },
    repository: { default_branch: "main", name: "agent-skills", owner: { login: "acme" } },
    installation: { id: 4242 },
  };
  await deliver(probot, "issue_comment", payload);
  await skillops.queue.drain();
  expect(skillops.queue.failures).toEqual([]);
  return double.state
    .commentsOn(number)
    .filter((x) => x.body.includes("<!-- skillops:reply"))
    .at(-1)!.body;
}

const openPulls = (prefix: string) =>
  [...pullsOf(double).values()].filter(
    (p) => p.headRef.startsWith(prefix) && double.state.issue(p.number).state === "open",
  );
const tree = (ref: string) => gitIn(gitDir, ["ls-tree", "-r", "--name-only", ref]).trim().split("\n");

describe("/skillops coldstart", () => {
  test("refused without policy: paths, and for a reader; nothing written", async () => {
    const n = issue().number;
    double.state.setFile(".github/skillops.yml", "categories: [general]\n");
    expect(await command(n, "/skillops coldstart")).toContain("names no policy documents; add `policy:`");
    expect(await command(n, "/skillops coldstart", "joe")).toContain("needs the **write** role");
    expect(await command(n, "/skillops coldstart --fast")).toContain(
      "does not take `--fast`, so nothing was done",
    );
    expect(openPulls(COLDSTART_BRANCH)).toEqual([]);
    expect(gitIn(gitDir, ["branch", "--list", "skillops/*"]).trim()).toBe("");
  });

  test("opens one PR with the bank and the draft cases (simulated), then refuses a second", async () => {
    double.state.setFile(".github/skillops.yml", "categories: [general]\npolicy: [policy]\n");
    const n = issue().number;
    const reply = await command(n, "/skillops coldstart");
    expect(reply).toMatch(/Opened #\d+: 5 skill\(s\) and 1 draft case\(s\) for review\. .*\*\*simulated\*\*/);
    const [pr] = openPulls(COLDSTART_BRANCH);
    expect(pr).toBeDefined();
    const files = tree(COLDSTART_BRANCH);
    expect(files.filter((f) => f.endsWith("SKILL.md")).sort()).toEqual(
      ["book-flight", "cancel-flight", "domain-basic", "modify-flight", "refunds-and-compensation"].map(
        (s) => `skill-bank/${s}/SKILL.md`,
      ),
    );
    const caseFile = files.find((f) => f.startsWith("regression-pool/"))!;
    const text = gitIn(gitDir, ["show", `${COLDSTART_BRANCH}:${caseFile}`]);
    expect(text).toContain("channel: policy");
    expect(text).toContain("draft: true");
    expect(text).toContain("policy: policy/airline.md#airline-agent-policy");
    const cancel = gitIn(gitDir, ["show", `${COLDSTART_BRANCH}:skill-bank/cancel-flight/SKILL.md`]);
    expect(cancel).toContain("policy: policy/airline.md#cancel-flight");
    expect(gitIn(gitDir, ["log", "-1", "--format=%B", COLDSTART_BRANCH])).toContain("Skillops-Seal");
    expect(double.state.issue(pr!.number).body).toContain("**Simulated**");
    expect(await command(n, "/skillops coldstart")).toContain(`#${pr!.number} is still open`);
    expect(openPulls(COLDSTART_BRANCH)).toHaveLength(1);
    double.assertClean();
  });

  test("after the merge, a non-empty bank is refused without --force", async () => {
    const [pr] = openPulls(COLDSTART_BRANCH);
    expect(mergePull(double, gitDir, pr!, double.state.user("acme"))).not.toBeTypeOf("string");
    double.state.issue(pr!.number).state = "closed";
    expect(await command(issue().number, "/skillops coldstart")).toContain(
      "`skill-bank/` already holds 5 skill(s); `/skillops coldstart --force`",
    );
  });
});

/** Commits an edited policy on main and returns the push payload GitHub would send. */
function pushPolicy(edit: (text: string) => string) {
  const work = mkdtempSync(join(tmpdir(), "skillops-policy-work-"));
  scratch.push(work);
  const inWork = (args: string[]) => execFileSync("git", args, { cwd: work }).toString("utf8");
  inWork(["clone", "-q", gitDir, "."]);
  const before = inWork(["rev-parse", "HEAD"]).trim();
  writeFileSync(join(work, "policy/airline.md"), edit(readFileSync(join(work, "policy/airline.md"), "utf8")));
  inWork(["-c", "user.name=Mona", "-c", "user.email=mona@example.com", "commit", "-qam", "policy: pets"]);
  inWork(["push", "-q", "origin", "HEAD:main"]);
  const after = inWork(["rev-parse", "HEAD"]).trim();
  return {
    ref: "refs/heads/main",
    before,
    after,
    commits: [{ id: after, added: [], modified: ["policy/airline.md"], removed: [] }],
    repository: { default_branch: "main", name: "agent-skills", owner: { login: "acme", name: "acme" } },
    installation: { id: 4242 },
  };
}

describe("the policy channel on push", () => {
  test("a changed, an added and a removed section: one policy issue, one draft-case PR, 'may be stale' on the dashboard", async () => {
    // One section changed, one added, one removed (the last one, Refunds and Compensation).
    const payload = pushPolicy((t) =>
      t
        .slice(0, t.indexOf("## Refunds and Compensation"))
        .replace("## Cancel flight\n", "## Cancel flight\n\nCancellations need the booking code.\n")
        .concat("## Pets\n\n- Pets travel in the cabin only under 8 kg.\n"),
    );
    await deliver(probot, "push", payload, "push-1");
    await skillops.queue.drain();
    expect(skillops.queue.failures).toEqual([]);
    const policyIssues = () =>
      [...double.state.issues.values()].filter((i) => i.labels.includes("skillops:policy"));
    expect(policyIssues()).toHaveLength(1);
    const body = policyIssues()[0]!.body;
    expect(body).toContain("**changed**: `#cancel-flight`");
    expect(body).toContain("**added**: `#pets`");
    expect(body).toContain("**removed**: `#refunds-and-compensation`");
    expect(body).toContain(
      "- ❌ `refunds-and-compensation`: back-link `policy/airline.md#refunds-and-compensation` names a heading that was removed",
    );
    expect(body).toMatch(/### May be stale \(1\)\n\n- `cancel-flight`/);
    const [pr] = openPulls("skillops/policy/");
    expect(pr!.headRef).toBe(`skillops/policy/${payload.after.slice(0, 8)}`);
    const cases = tree(pr!.headRef).filter((f) => f.startsWith("regression-pool/pets/"));
    expect(cases).toEqual(["regression-pool/pets/policy-airline-pets.yml"]);
    // A redelivery (new delivery id, same push) changes nothing.
    const writes = double.writes().length;
    await deliver(probot, "push", payload, "push-2");
    await skillops.queue.drain();
    expect(policyIssues()).toHaveLength(1);
    expect(openPulls("skillops/policy/")).toHaveLength(1);
    expect(double.writes().length).toBe(writes);
    double.assertClean();
  });

  test("the dashboard lists the stale skill from the open policy issue", async () => {
    const repo = createSkillRepo((await probot.auth(4242)) as never, { owner: "acme", repo: "agent-skills" });
    await refreshDashboard({
      repo,
      config: {
        ok: true,
        config: (await import("../../src/core/config/config.js")).Config.parse({ policy: ["policy"] }),
      },
      now: fixedClock("2026-12-01T11:00:00Z"),
      botLogin: "acme-skills[bot]",
    } as never);
    const dash = [...double.state.issues.values()].find((i) => i.labels.includes("skillops:dashboard"))!;
    expect(dash.body).toMatch(/## May be stale \(1\)[\s\S]*- `cancel-flight` · policy change #\d+/);
  });
});

describe("/skillops coldstart on a configured model that fails", () => {
  test("the reply names the failing role; no branch, no PR", async () => {
    const openai = await startOpenAIDouble(() => ({ completion: { content: "this is not JSON" } }));
    try {
      double.state.setFile(
        ".github/skillops.yml",
        `categories: [general]\npolicy: [policy/airline.md]\nmodels:\n  baseURL: ${openai.baseURL}\n  maxRetries: 0\n`,
      );
      const keyed = createSkillopsApp({
        env: { OPENAI_API_KEY: "sk-test" },
        frontier: {
          now: () => new Date((clock += 60) * 1000),
          git: async () => {
            const gitdir = mkdtempSync(join(tmpdir(), "skillops-policy-"));
            scratch.push(gitdir);
            await initBare({ gitdir });
            return { gitdir, url: git.url("agent-skills"), token: TOKEN };
          },
        },
      });
      const keyedProbot = await createProbotOnDouble(double, keyed.app);
      const headBefore = gitIn(gitDir, ["rev-parse", COLDSTART_BRANCH]);
      const n = issue().number;
      const c = double.state.addComment(n, "mona", "/skillops coldstart --force");
      await deliver(keyedProbot, "issue_comment", {
        action: "created",
        issue: { number: n, labels: [] },
        comment: { id: c.id, body: c.body, user: { login: "mona", type: "User" } },
        sender: { login: "mona", type: "User" },
        repository: { default_branch: "main", name: "agent-skills", owner: { login: "acme" } },
        installation: { id: 4242 },
      });
      await keyed.queue.drain();
      const reply = double.state.commentsOn(n).find((x) => x.body.includes("<!-- skillops:reply"))!.body;
      expect(reply).toContain(
        "Cold start not started: the model failed: the segmenter on policy/airline.md: no usable answer",
      );
      expect(openai.requests.length).toBeGreaterThan(0);
      expect(openPulls(COLDSTART_BRANCH)).toEqual([]);
      // Only the merged PR's branch, at the head it had: nothing was pushed.
      expect(gitIn(gitDir, ["branch", "--list", "skillops/coldstart*"]).trim()).toBe("skillops/coldstart");
      expect(gitIn(gitDir, ["rev-parse", COLDSTART_BRANCH])).toBe(headBefore);
    } finally {
      await openai.close();
    }
  });
});
