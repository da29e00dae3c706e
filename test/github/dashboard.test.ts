// The dashboard: the pure rendering (golden files), checkbox parsing, and the sync against the
// double — one issue, duplicates closed, boxes ticked meanwhile kept, ticked boxes acted on with
// the permission asked of the API.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Probot } from "probot";
import {
  createGitHubDouble,
  createProbotOnDouble,
  deliver,
  issuesPayload,
  type GitHubDouble,
} from "../support/github-double/index.js";
import { createSkillopsApp, type SkillopsApp } from "../../src/apps/app/app.js";
import {
  newlyTicked,
  preserveTicks,
  readCheckboxes,
  renderDashboard,
  type DashboardState,
} from "../../src/core/render/dashboard/dashboard.js";
import { allowedCandidates, refreshDashboard } from "../../src/apps/app/dashboard/dashboard-sync.js";
import { createSkillRepo } from "../../src/io/github-api/repo.js";
import { DEFAULT_CONFIG } from "../../src/core/config/config.js";
import { INSTALLATION_ID } from "../support/github-double/webhooks.js";
import { formBody } from "../support/github-double/feedback-form.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { renderPrMarker } from "../../src/records/pr-marker.js";

const golden = (name: string) => fileURLToPath(new URL(`./golden/${name}`, import.meta.url));
function expectGolden(name: string, text: string) {
  if (process.env.UPDATE_GOLDEN) writeFileSync(golden(name), text);
  expect(text).toBe(readFileSync(golden(name), "utf8"));
}

const BUSY: DashboardState = {
  repo: "acme/agent-skills",
  updatedAt: "2026-11-30T03:14:00Z",
  problems: ["`.github/skillops.yml`: `evolve.frontierCap`: Invalid input: expected number, received string"],
  deployed: {
    operatingPoint: "balanced",
    candidate: "7f3a9c1e55d04b21",
    run: "run-412",
    pullRequest: 98,
    simulated: true,
    metrics: {
      total: { rate: 0.871, low: 0.84, high: 0.9, n: 312 },
      perCategory: {
        general: { rate: 0.9, low: 0.86, high: 0.93, n: 200 },
        hallucination: { rate: 0.82, low: 0.75, high: 0.88, n: 100 },
        special: { rate: 0.75, low: 0.47, high: 0.91, n: 12 },
      },
      cost: { input: 3120.4, output: 300.2, cached: 0 },
    },
  },
  frontier: [
    {
      number: 123,
      title: "skills: cheaper refunds",
      member: "cost",
      candidate: "a1b2c3d4e5f6",
      selected: false,
      draft: true,
    },
    {
      number: 124,
      title: "skills: balanced refunds",
      member: "balanced",
      candidate: "b2c3d4e5f6a1",
      selected: true,
      draft: false,
    },
  ],
  awaitingTriage: [
    { number: 130, title: "Agent quotes the expired | refund policy @everyone", problems: 0 },
    { number: 131, title: "Wrong timezone in booking summary", problems: 1 },
  ],
  waitingForRun: [{ number: 120, title: "Refund window is wrong", kind: "case", caseId: "issue-120" }],
  advice: [{ number: 121, title: "Be kinder to angry customers", kind: "knowledge" }],
  recentRuns: [
    {
      id: "run-412",
      url: "https://github.com/acme/agent-skills/actions/runs/1",
      conclusion: "3 frontier members",
      when: "2026-11-29T04:23:00Z",
    },
  ],
  rolledBack: [{ candidate: "44aa120b9c", pullRequest: 101, allowed: false }],
  rejected: [{ candidate: "1b2c3d4e5f", pullRequest: 110, allowed: true }],
};

describe("renderDashboard", () => {
  test("a busy repository (golden)", () => {
    expectGolden("dashboard.md", renderDashboard(BUSY));
  });

  test("an estimated deployed cost is marked as one", () => {
    const metrics = BUSY.deployed!.metrics!;
    const estimated: DashboardState = {
      ...BUSY,
      deployed: { ...BUSY.deployed!, metrics: { ...metrics, cost: { ...metrics.cost, estimated: true } } },
    };
    expect(renderDashboard(estimated)).toContain(
      "tokens per case (an estimate: early stop skipped some runs): ≈3,120 in / 300 out.",
    );
    expect(renderDashboard(BUSY)).toContain("tokens per case: 3,120 in / 300 out.");
  });

  test("a new repository (golden)", () => {
    const empty: DashboardState = {
      ...BUSY,
      problems: [],
      deployed: null,
      frontier: [],
      awaitingTriage: [],
      waitingForRun: [],
      advice: [],
      recentRuns: [],
      rolledBack: [],
      rejected: [],
    };
    expectGolden("dashboard-new.md", renderDashboard(empty));
  });

  test("a quiet week: the Run section says when evolution last looked, from the newest finished run", () => {
    const quiet: DashboardState = {
      ...BUSY,
      awaitingTriage: [],
      waitingForRun: [],
      advice: [],
      recentRuns: [
        { id: "#9 skillops evolve", conclusion: "in progress", when: "2026-03-09T04:23:05Z" },
        {
          id: "#8 skillops evolve",
          url: "https://github.com/o/r/actions/runs/8",
          conclusion: "success",
          when: "2026-03-02T04:23:41Z",
        },
      ],
    };
    const body = renderDashboard(quiet);
    expect(body).toContain(
      "## Run\n\nEvolution last looked for accepted feedback on 2026-03-02 04:23 UTC ([#8 skillops evolve](https://github.com/o/r/actions/runs/8), success).\n\n- [ ] <!-- skillops:run-now -->",
    );
  });

  test("checkboxes: parse, diff, and keep ticks made meanwhile except the handled ones", () => {
    const body = renderDashboard(BUSY);
    expect([...readCheckboxes(body).keys()]).toEqual([
      "accept=130",
      "run-now",
      "allow-repropose=44aa120b9c",
      "allow-repropose=1b2c3d4e5f",
    ]);
    expect(readCheckboxes(body).get("allow-repropose=1b2c3d4e5f")).toBe(true);
    const ticked = body
      .replace("[ ] <!-- skillops:accept=130 -->", "[x] <!-- skillops:accept=130 -->")
      .replace("[ ] <!-- skillops:run-now -->", "[x] <!-- skillops:run-now -->");
    expect(newlyTicked(body, ticked)).toEqual(["accept=130", "run-now"]);
    const kept = preserveTicks(body, ticked, new Set(["run-now"]));
    expect(readCheckboxes(kept).get("accept=130")).toBe(true);
    expect(readCheckboxes(kept).get("run-now")).toBe(false);
  });

  test("with bank.yml at the baseline, a merged-then-rolled-back revision is named, not denied", () => {
    const lastMerge = { pullRequest: 98, candidate: "7f3a9c1e55d04b21", rolledBack: true };
    const body = renderDashboard({ ...BUSY, deployed: null, lastMerge });
    expect(body).not.toContain("no evolved revision has been merged yet");
    expect(body).toContain(
      "the last evolved revision, candidate `7f3a9c1e` from [#98](../pull/98), was rolled back",
    );
  });

  test("flagged feedback is marked in triage, with or without form problems", () => {
    const body = renderDashboard({
      ...BUSY,
      awaitingTriage: [
        { number: 140, title: "Refunds", problems: 0, possibleInjection: true },
        { number: 141, title: "Seats", problems: 1, possibleInjection: true },
      ],
    });
    expect(body).toContain(
      "- [ ] <!-- skillops:accept=140 --> [#140 Refunds](../issues/140) · 🛡️ possible prompt injection: read it before accepting",
    );
    expect(body).toContain(
      "- [#141 Seats](../issues/141) · 🛡️ possible prompt injection: read it before accepting · ⚠️ the form is incomplete",
    );
    expect(renderDashboard(BUSY)).not.toContain("possible prompt injection");
  });

  test("the allowed candidates are kept in the marker", () => {
    expect(allowedCandidates(renderDashboard(BUSY))).toEqual(["1b2c3d4e5f"]);
  });
});

describe("dashboard sync", () => {
  let double: GitHubDouble;
  let probot: Probot;
  let skillops: SkillopsApp;
  beforeEach(async () => {
    double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
    double.state.collaborators.set("mona", "triage");
    double.state.collaborators.set("wendy", "write");
    skillops = createSkillopsApp({ now: fixedClock("2026-11-30T03:00:00Z") });
    probot = await createProbotOnDouble(double, skillops.app);
  });
  afterEach(async () => {
    expect(skillops.queue.failures).toEqual([]);
    double.assertClean();
    await double.close();
  });

  const env = async () => ({
    repo: createSkillRepo(await probot.auth(INSTALLATION_ID), { owner: "acme", repo: "agent-skills" }),
    config: { ok: true as const, config: DEFAULT_CONFIG },
    now: fixedClock("2026-11-30T03:00:00Z"),
    botLogin: "acme-skills[bot]",
  });
  const dashboards = () =>
    [...double.state.issues.values()].filter((i) => i.labels.includes("skillops:dashboard"));

  test("one dashboard: created once, unchanged state writes nothing, duplicates closed", async () => {
    const e = await env();
    expect(await refreshDashboard(e)).toBe("created");
    const writes = double.writes().length;
    expect(await refreshDashboard(e)).toBe("unchanged");
    expect(double.writes().length).toBe(writes);
    // A second dashboard (e.g. from a race between two instances) is closed as a duplicate.
    double.state.openIssue({
      title: "Skill Evolution Dashboard",
      body: dashboards()[0]!.body,
      author: "acme-skills[bot]",
      labels: ["skillops:dashboard"],
    });
    await refreshDashboard(e);
    expect(dashboards().map((d) => d.state)).toEqual(["open", "closed"]);
    // A person's copy with the marker is not ours and is left alone.
    double.state.openIssue({
      title: "Skill Evolution Dashboard",
      body: dashboards()[0]!.body,
      author: "mallory",
      labels: ["skillops:dashboard"],
    });
    await refreshDashboard(e);
    expect(dashboards().map((d) => d.state)).toEqual(["open", "closed", "open"]);
  });

  test("ticking accept (triage) converts the feedback; run-now needs write; a box ticked meanwhile survives", async () => {
    const fb = double.state.openIssue({
      title: "Refund window",
      body: formBody({
        did: "Said 60 days.",
        expected: 'Say "30 days".',
        evidence: "Can I get a refund after 40 days?",
        category: "general",
      }),
      author: "joe",
      labels: ["skillops:feedback"],
    });
    await refreshDashboard(await env());
    const dash = dashboards()[0]!;
    const before = dash.body!;
    dash.body = before
      .replace(`[ ] <!-- skillops:accept=${fb.number} -->`, `[x] <!-- skillops:accept=${fb.number} -->`)
      .replace("[ ] <!-- skillops:run-now -->", "[x] <!-- skillops:run-now -->");
    await deliver(
      probot,
      "issues",
      issuesPayload(double, "edited", dash.number, { sender: "mona", changes: { body: { from: before } } }),
    );
    await skillops.queue.drain();
    expect(double.state.issue(fb.number).labels).toContain("skillops:accepted");
    expect(double.state.commentsOn(fb.number).some((c) => c.body.includes("```yaml"))).toBe(true);
    expect(double.state.dispatches).toEqual([]); // mona is triage: run-now needs write
    const after = double.state.issue(dash.number).body!;
    expect(after).toContain("@mona, ticking “run-now” needs the **write** role or more");
    expect(readCheckboxes(after).get("run-now")).toBe(false);

    // wendy (write) ticks run-now.
    const prev = after;
    double.state.issue(dash.number).body = prev.replace(
      "[ ] <!-- skillops:run-now -->",
      "[x] <!-- skillops:run-now -->",
    );
    await deliver(
      probot,
      "issues",
      issuesPayload(double, "edited", dash.number, { sender: "wendy", changes: { body: { from: prev } } }),
    );
    await skillops.queue.drain();
    expect(double.state.dispatches).toMatchObject([{ workflowId: "evolve.yml", ref: "main" }]);
    expect(readCheckboxes(double.state.issue(dash.number).body!).get("run-now")).toBe(false);
    // The dispatched run shows under "Recent runs" (from the Actions API).
    expect(double.state.issue(dash.number).body).toMatch(
      /## Recent runs[\s\S]*\[#1 dashboard "run now" by @\u200bwendy\]\(https:\/\/github\.com\/acme\/agent-skills\/actions\/runs\/\d+\) · queued/,
    );
  });
});

describe("dashboard cost and state", () => {
  let double: GitHubDouble;
  let probot: Probot;
  let skillops: SkillopsApp;
  let release: () => void;
  beforeEach(async () => {
    double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
    const timer = new Promise<void>((resolve) => (release = resolve));
    // The refresh's timer fires only when the test says so: the burst arrives while it waits.
    skillops = createSkillopsApp({
      now: fixedClock("2026-11-30T03:00:00Z"),
      dashboard: { delayMs: 1000, wait: () => timer },
    });
    probot = await createProbotOnDouble(double, skillops.app);
  });
  afterEach(async () => {
    expect(skillops.queue.failures).toEqual([]);
    double.assertClean();
    await double.close();
  });

  const env = async () => ({
    repo: createSkillRepo(await probot.auth(INSTALLATION_ID), { owner: "acme", repo: "agent-skills" }),
    config: { ok: true as const, config: DEFAULT_CONFIG },
    now: fixedClock("2026-11-30T03:00:00Z"),
    botLogin: "acme-skills[bot]",
  });
  const feedback = (title: string, labels: string[] = []) =>
    double.state.openIssue({
      title,
      body: formBody({
        did: "Said 60 days.",
        expected: 'Say "30".',
        evidence: "Refund?",
        category: "general",
      }),
      author: "joe",
      labels: ["skillops:feedback", ...labels],
    });
  /** Requests of one refresh that has something new to write. */
  const refreshCost = async () => {
    feedback(`new ${double.requests.length}`);
    const before = double.requests.length;
    expect(await refreshDashboard(await env())).toBe("updated");
    return double.requests.length - before;
  };

  test("a refresh costs the same number of requests with 5 or 50 accepted issues", async () => {
    for (let i = 0; i < 5; i++) feedback(`accepted ${i}`, ["skillops:accepted"]);
    await refreshDashboard(await env());
    const withFive = await refreshCost();
    for (let i = 5; i < 50; i++) feedback(`accepted ${i}`, ["skillops:accepted"]);
    const withFifty = await refreshCost();
    expect(withFifty).toBe(withFive);
    const body = [...double.state.issues.values()].find((i) => i.labels.includes("skillops:dashboard"))!.body;
    expect(body).toContain("## Accepted, waiting for a run (50)");
  });

  test("a burst of feedback issues is shown by one refresh", async () => {
    const opened = [];
    for (let i = 0; i < 20; i++) {
      const issue = feedback(`burst ${i}`);
      opened.push(issue.number);
      await deliver(probot, "issues", issuesPayload(double, "opened", issue.number));
    }
    release();
    await skillops.queue.drain();
    const dashboard = [...double.state.issues.values()].find((i) => i.labels.includes("skillops:dashboard"))!;
    // One refresh: one write of the dashboard (created here, or edited).
    const dashboardWrites = double.requests.filter(
      (r) =>
        r.operationId === "issues/create" ||
        (r.method === "PATCH" && r.path.endsWith(`/issues/${dashboard.number}`)),
    );
    expect(dashboardWrites).toHaveLength(1);
    const body = dashboard.body!;
    for (const n of opened) expect(body).toContain(`skillops:accept=${n} -->`); // none was left off
  });

  test("after a merge and a rollback, and with advice accepted, the dashboard says what happened", async () => {
    const advice = feedback("Be kinder to angry customers", ["skillops:accepted", "skillops:knowledge"]);
    const pr = double.state.openIssue({
      title: "skills: balanced refunds",
      body: renderPrMarker({ v: 1, run: "run-1", candidate: "c0e96fb9aa11", base: "abc", op: "balanced" }),
      author: "acme-skills[bot]",
      labels: ["skillops:frontier", "skillops:rolled-back"],
    });
    Object.assign(pr, { isPullRequest: true, state: "closed" });
    double.state.pulls.set(pr.number, { merged_at: "2026-11-29T10:00:00Z" });
    release();
    await refreshDashboard(await env());
    const body = [...double.state.issues.values()].find((i) =>
      i.labels.includes("skillops:dashboard"),
    )!.body!;
    expect(body).not.toContain("no evolved revision has been merged yet");
    expect(body).toContain(
      `candidate \`c0e96fb9\` from [#${pr.number}](../pull/${pr.number}), was rolled back`,
    );
    expect(body).toMatch(
      new RegExp(`## Advice for knowledge\\.md \\(1\\)[\\s\\S]*#${advice.number} Be kinder`),
    );
    expect(body).not.toContain("waiting for a run");
  });
});
