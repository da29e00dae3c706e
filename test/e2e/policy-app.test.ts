// The app's policy side end to end, on the GitHub double and a real `git http-backend`:
// `/skillops coldstart` (refusals, then ONE PR with the bank and the draft cases), and a policy push
// diffed against its `before` commit (a policy issue, a draft-case PR, "may be stale" on the
// dashboard), idempotent across a second delivery. The model is the simulated endpoint, named in the
// config as any OpenAI-compatible endpoint is (no-model.test.ts: the same app without a model).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSkillopsApp } from "../../src/apps/app/app.js";
import { COLDSTART_BRANCH } from "../../src/apps/app/policy/coldstart-pr.js";
import { refreshDashboard } from "../../src/apps/app/dashboard/dashboard-sync.js";
import { createSkillRepo } from "../../src/io/github-api/repo.js";
import { createProbotOnDouble, deliver } from "../support/github-double/index.js";
import { gitIn } from "../support/github-double/bare-git.js";
import { mergePull } from "../support/github-double/pulls.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { startOpenAIDouble } from "../support/openai-double.js";
import { startSimEndpoint, type SimEndpoint } from "../../src/sim/endpoint/server.js";
import {
  appBranches,
  command as commandOn,
  openIssue,
  openPulls as openPullsOn,
  pushPolicy as pushPolicyOn,
  startPolicyStage,
  type PolicyStage,
} from "./policy-fixture.js";

let stage: PolicyStage;
let endpoint: SimEndpoint;
/** The config's `models:`, naming the simulated endpoint. */
let models = "";

beforeAll(async () => {
  endpoint = await startSimEndpoint({});
  models = `models:\n  baseURL: ${endpoint.baseURL}\n  maxRetries: 0\n`;
  stage = await startPolicyStage({ OPENAI_API_KEY: "simulated" });
});

afterAll(async () => {
  await endpoint?.close();
  await stage?.close();
});

const issue = () => openIssue(stage);
const command = (number: number, body: string, sender?: string) => commandOn(stage, number, body, sender);
const openPulls = (prefix: string) => openPullsOn(stage, prefix);
const pushPolicy = (edit: (text: string) => string) => pushPolicyOn(stage, edit);
const tree = (ref: string) => gitIn(stage.gitDir, ["ls-tree", "-r", "--name-only", ref]).trim().split("\n");

describe("/skillops coldstart", () => {
  test("refused without policy: paths, and for a reader; nothing written", async () => {
    const n = issue().number;
    stage.double.state.setFile(".github/skillops.yml", "categories: [general]\n");
    expect(await command(n, "/skillops coldstart")).toContain("names no policy documents; add `policy:`");
    expect(await command(n, "/skillops coldstart", "joe")).toContain("needs the **write** role");
    expect(await command(n, "/skillops coldstart --fast")).toContain(
      "does not take `--fast`, so nothing was done",
    );
    expect(openPulls(COLDSTART_BRANCH)).toEqual([]);
    expect(appBranches(stage)).toBe("");
  });

  test("opens one PR with the bank and the draft cases, then refuses a second", async () => {
    stage.double.state.setFile(".github/skillops.yml", `categories: [general]\npolicy: [policy]\n${models}`);
    const n = issue().number;
    const reply = await command(n, "/skillops coldstart");
    expect(reply).toMatch(/Opened #\d+: 5 skill\(s\) and 1 draft case\(s\) for review\.$/);
    const [pr] = openPulls(COLDSTART_BRANCH);
    expect(pr).toBeDefined();
    const files = tree(COLDSTART_BRANCH);
    expect(files.filter((f) => f.endsWith("SKILL.md")).sort()).toEqual(
      ["book-flight", "cancel-flight", "domain-basic", "modify-flight", "refunds-and-compensation"].map(
        (s) => `skill-bank/${s}/SKILL.md`,
      ),
    );
    const caseFile = files.find((f) => f.startsWith("regression-pool/"))!;
    const text = gitIn(stage.gitDir, ["show", `${COLDSTART_BRANCH}:${caseFile}`]);
    expect(text).toContain("channel: policy");
    expect(text).toContain("draft: true");
    expect(text).toContain("policy: policy/airline.md#airline-agent-policy");
    const cancel = gitIn(stage.gitDir, ["show", `${COLDSTART_BRANCH}:skill-bank/cancel-flight/SKILL.md`]);
    expect(cancel).toContain("policy: policy/airline.md#cancel-flight");
    expect(gitIn(stage.gitDir, ["log", "-1", "--format=%B", COLDSTART_BRANCH])).toContain("Skillops-Seal");
    expect(stage.double.state.issue(pr!.number).body).toContain("Written by the model gpt-4o-mini from");
    expect(await command(n, "/skillops coldstart")).toContain(`#${pr!.number} is still open`);
    expect(openPulls(COLDSTART_BRANCH)).toHaveLength(1);
    stage.double.assertClean();
  });

  test("after the merge, a non-empty bank is refused without --force", async () => {
    const [pr] = openPulls(COLDSTART_BRANCH);
    expect(mergePull(stage.double, stage.gitDir, pr!, stage.double.state.user("acme"))).not.toBeTypeOf(
      "string",
    );
    stage.double.state.issue(pr!.number).state = "closed";
    expect(await command(issue().number, "/skillops coldstart")).toContain(
      "`skill-bank/` already holds 5 skill(s); `/skillops coldstart --force`",
    );
  });
});

describe("the policy channel on push", () => {
  test("a changed, an added and a removed section: one policy issue, one draft-case PR, 'may be stale' on the dashboard", async () => {
    // One section changed, one added, one removed (the last one, Refunds and Compensation).
    const payload = pushPolicy((t) =>
      t
        .slice(0, t.indexOf("## Refunds and Compensation"))
        .replace("## Cancel flight\n", "## Cancel flight\n\nCancellations need the booking code.\n")
        .concat("## Pets\n\n- Pets travel in the cabin only under 8 kg.\n"),
    );
    await deliver(stage.probot, "push", payload, "push-1");
    await stage.skillops.queue.drain();
    expect(stage.skillops.queue.failures).toEqual([]);
    const policyIssues = () =>
      [...stage.double.state.issues.values()].filter((i) => i.labels.includes("skillops:policy"));
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
    const writes = stage.double.writes().length;
    await deliver(stage.probot, "push", payload, "push-2");
    await stage.skillops.queue.drain();
    expect(policyIssues()).toHaveLength(1);
    expect(openPulls("skillops/policy/")).toHaveLength(1);
    expect(stage.double.writes().length).toBe(writes);
    stage.double.assertClean();
  });

  test("the dashboard lists the stale skill from the open policy issue", async () => {
    const repo = createSkillRepo((await stage.probot.auth(4242)) as never, {
      owner: "acme",
      repo: "agent-skills",
    });
    await refreshDashboard({
      repo,
      config: {
        ok: true,
        config: (await import("../../src/core/config/config.js")).Config.parse({ policy: ["policy"] }),
      },
      now: fixedClock("2026-12-01T11:00:00Z"),
      botLogin: "acme-skills[bot]",
    } as never);
    const dash = [...stage.double.state.issues.values()].find((i) =>
      i.labels.includes("skillops:dashboard"),
    )!;
    expect(dash.body).toMatch(/## May be stale \(1\)[\s\S]*- `cancel-flight` · policy change #\d+/);
  });
});

describe("/skillops coldstart on a configured model that fails", () => {
  test("the reply names the failing role; no branch, no PR", async () => {
    const openai = await startOpenAIDouble(() => ({ completion: { content: "this is not JSON" } }));
    try {
      stage.double.state.setFile(
        ".github/skillops.yml",
        `categories: [general]\npolicy: [policy/airline.md]\nmodels:\n  baseURL: ${openai.baseURL}\n  maxRetries: 0\n`,
      );
      const keyed = createSkillopsApp({
        env: { OPENAI_API_KEY: "sk-test" },
        frontier: { now: stage.tick, git: stage.gitAccess },
      });
      const keyedProbot = await createProbotOnDouble(stage.double, keyed.app);
      const headBefore = gitIn(stage.gitDir, ["rev-parse", COLDSTART_BRANCH]);
      const n = issue().number;
      const c = stage.double.state.addComment(n, "mona", "/skillops coldstart --force");
      await deliver(keyedProbot, "issue_comment", {
        action: "created",
        issue: { number: n, labels: [] },
        comment: { id: c.id, body: c.body, user: { login: "mona", type: "User" } },
        sender: { login: "mona", type: "User" },
        repository: { default_branch: "main", name: "agent-skills", owner: { login: "acme" } },
        installation: { id: 4242 },
      });
      await keyed.queue.drain();
      const reply = stage.double.state
        .commentsOn(n)
        .find((x) => x.body.includes("<!-- skillops:reply"))!.body;
      expect(reply).toContain(
        "Cold start not started: the model failed: the segmenter on policy/airline.md: no usable answer",
      );
      expect(openai.requests.length).toBeGreaterThan(0);
      expect(openPulls(COLDSTART_BRANCH)).toEqual([]);
      // Only the merged PR's branch, at the head it had: nothing was pushed.
      expect(gitIn(stage.gitDir, ["branch", "--list", "skillops/coldstart*"]).trim()).toBe(
        "skillops/coldstart",
      );
      expect(gitIn(stage.gitDir, ["rev-parse", COLDSTART_BRANCH])).toBe(headBefore);
    } finally {
      await openai.close();
    }
  });
});
