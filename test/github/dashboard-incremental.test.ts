// Issue 33: one feedback event's dashboard refresh starts from the dashboard's snapshot and reads only
// the event's issue. Consistency: over seeded random sequences of feedback changes (opened, accepted,
// advice, failed, shipped, closed, reopened, retitled, flagged), each applied incrementally in the
// GitHub double, the dashboard shows exactly what a full recompute of the same repository renders;
// also across a full first page of open feedback. Fallbacks: a missing, invalid or stale snapshot
// gives a full refresh.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Probot } from "probot";
import {
  createGitHubDouble,
  createProbotOnDouble,
  deliver,
  runCompletedPayload,
  issuesPayload,
  type GitHubDouble,
} from "../support/github-double/index.js";
import { openFeedback, startTriagedApp } from "./triaged-app.js";
import { createSkillopsApp } from "../../src/apps/app/app.js";
import { gatherDashboardState, refreshDashboard } from "../../src/apps/app/dashboard/dashboard-sync.js";
import { renderDashboard } from "../../src/core/render/dashboard/dashboard.js";
import { FEEDBACK_LABELS } from "../../src/core/render/dashboard/feedback-window.js";
import { readSnapshot } from "../../src/core/render/dashboard/dashboard-snapshot.js";
import { createSkillRepo } from "../../src/io/github-api/repo.js";
import { DEFAULT_CONFIG } from "../../src/core/config/config.js";
import { INSTALLATION_ID } from "../support/github-double/webhooks.js";
import { fixedClock, type Clock } from "../../src/vocabulary/clock.js";
import { stripMarkers } from "../../src/records/markers.js";
import { createRng, type Rng } from "../../src/vocabulary/rng.js";
import type { SkillRepo } from "../../src/core/github/port.js";

const BOT = "acme-skills[bot]";
const LABELS = FEEDBACK_LABELS.filter((l) => l !== "skillops:feedback");

let double: GitHubDouble;
let probot: Probot;
beforeEach(async () => {
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  probot = await createProbotOnDouble(
    double,
    createSkillopsApp({ now: fixedClock("2026-11-30T03:00:00Z") }).app,
  );
});
afterEach(async () => {
  double.assertClean();
  await double.close();
});

const repo = async (): Promise<SkillRepo> =>
  createSkillRepo(await probot.auth(INSTALLATION_ID), { owner: "acme", repo: "agent-skills" });
const envAt = async (now: Clock = fixedClock("2026-11-30T03:00:00Z")) => ({
  repo: await repo(),
  config: { ok: true as const, config: DEFAULT_CONFIG },
  now,
  botLogin: BOT,
});
const dashboard = () =>
  [...double.state.issues.values()].find((i) => i.labels.includes("skillops:dashboard"))!;
/** What a person sees: no marker, no time. */
const visible = (body: string) => stripMarkers(body).replace(/Last updated [^.]*\./, "");

/** What a full recompute renders now, without writing. */
async function fullRendering(noModel = false): Promise<string> {
  const { state } = await gatherDashboardState({ ...(await envAt()), ...(noModel ? { noModel } : {}) });
  return renderDashboard(state);
}

const feedback = (title: string, labels: string[] = []) =>
  double.state.openIssue({
    title,
    body: "form",
    author: "customer-joe",
    labels: ["skillops:feedback", ...labels],
  }).number;

/** One random change to a feedback issue (a new one a third of the time); its number. */
function change(rng: Rng, step: number): number {
  const numbers = [...double.state.issues.values()]
    .filter((i) => i.labels.includes("skillops:feedback"))
    .map((i) => i.number);
  if (numbers.length === 0 || rng.chance(0.3))
    return feedback(
      `Feedback ${step} [about | pipes] @someone`,
      rng.chance(0.3) ? ["skillops:accepted"] : [],
    );
  const issue = double.state.issue(numbers[rng.int(numbers.length)]!);
  const what = rng.int(4);
  if (what === 0) issue.state = issue.state === "open" ? "closed" : "open";
  else if (what === 1) issue.title = `Retitled at step ${step}`;
  else {
    const label = LABELS[rng.int(LABELS.length)]!;
    issue.labels = issue.labels.includes(label)
      ? issue.labels.filter((l) => l !== label)
      : [...issue.labels, double.state.ensureLabel(label).name];
  }
  return issue.number;
}

/** Requests that only a full refresh makes (listing the feedback). */
const fullListings = (from: number) =>
  double.requests
    .slice(from)
    .filter((r) => r.method === "GET" && /\/issues\?.*labels=skillops(%3A|:)feedback/i.test(r.path)).length;

describe("an incremental refresh renders what a full recompute renders", () => {
  test.each([1, 2, 3])("seed %i: 40 random feedback changes, one refresh each", async (seed) => {
    const rng = createRng(seed);
    await refreshDashboard(await envAt()); // the dashboard, with its snapshot
    let incremental = 0;
    for (let step = 0; step < 40; step++) {
      const known = double.state.issues.size;
      const number = change(rng, step);
      // A new issue is given whole, as an issues.opened payload gives it; others are read again.
      const given = double.state.issues.size > known ? await (await repo()).getIssue(number) : number;
      const before = double.requests.length;
      await refreshDashboard(await envAt(), { issues: [given] });
      if (fullListings(before) === 0) incremental++;
      expect(visible(dashboard().body!), `seed ${seed}, step ${step}, issue #${number}`).toBe(
        visible(await fullRendering()),
      );
    }
    expect(incremental).toBe(40); // a page never filled: every refresh was incremental
  });

  test("a full first page: new issues push the oldest off; one leaving the page needs a full refresh", async () => {
    for (let i = 0; i < 105; i++) feedback(`Old ${i}`, i % 3 === 0 ? ["skillops:accepted"] : []);
    await refreshDashboard(await envAt());
    const rng = createRng(7);
    let incremental = 0;
    for (let step = 0; step < 30; step++) {
      const number = change(rng, step);
      const before = double.requests.length;
      await refreshDashboard(await envAt(), { issues: [number] });
      if (fullListings(before) === 0) incremental++;
      expect(visible(dashboard().body!), `step ${step}, issue #${number}`).toBe(
        visible(await fullRendering()),
      );
    }
    expect(dashboard().body).toContain("Only the newest feedback is listed here");
    expect(incremental).toBeGreaterThan(0);
    expect(incremental).toBeLessThan(30); // some changes took an issue off a full page
  });
});

describe("when a refresh is a full one", () => {
  test("an incremental refresh reads the dashboard and the issue, and writes once", async () => {
    await refreshDashboard(await envAt());
    const n = feedback("New feedback");
    const before = double.requests.length;
    expect(await refreshDashboard(await envAt(), { issues: [n] })).toBe("updated");
    expect(double.requests.slice(before).map((r) => `${r.method} ${r.path.split("?")[0]}`)).toEqual([
      "GET /repos/acme/agent-skills/issues",
      `GET /repos/acme/agent-skills/issues/${n}`,
      `PATCH /repos/acme/agent-skills/issues/${dashboard().number}`,
    ]);
    expect(await refreshDashboard(await envAt(), { issues: [n] })).toBe("unchanged"); // nothing new: no write
  });

  test("a missing or malformed snapshot: a full refresh, which writes a valid one", async () => {
    await refreshDashboard(await envAt());
    const d = dashboard();
    d.body = d.body!.replace(/"snap":\{"v":1/, '"snap":{"v":"one"');
    expect(readSnapshot(d.body)).toBeUndefined();
    const n = feedback("New feedback");
    const before = double.requests.length;
    await refreshDashboard(await envAt(), { issues: [n] });
    expect(fullListings(before)).toBe(1);
    expect(readSnapshot(dashboard().body!)).toBeDefined();
    expect(visible(dashboard().body!)).toBe(visible(await fullRendering()));
  });

  test("a snapshot an hour old: a full refresh, which writes even when nothing changed", async () => {
    await refreshDashboard(await envAt());
    const later = fixedClock("2026-11-30T04:00:00Z");
    const body = dashboard().body;
    const before = double.requests.length;
    expect(
      await refreshDashboard(await envAt(later), { issues: [feedback("x", ["skillops:shipped"])] }),
    ).toBe("updated");
    expect(fullListings(before)).toBe(1);
    expect(visible(dashboard().body!)).toBe(visible(body!));
    expect(readSnapshot(dashboard().body!)!.at).toBe("2026-11-30T04:00:00Z");
  });
});

describe("through the app, one event at a time", () => {
  test("feedback opened costs 2 requests with its refresh; accepted by label takes the issue from its payload", async () => {
    await double.close();
    const app = await startTriagedApp();
    double = app.double;
    probot = app.probot;
    const run = runCompletedPayload(double);
    await deliver(app.probot, "workflow_run", run); // the dashboard, with its snapshot
    await app.skillops.queue.drain();
    const n = openFeedback(double, "Refund window is wrong");
    let before = double.requests.length;
    await deliver(app.probot, "issues", issuesPayload(double, "opened", n));
    await app.skillops.queue.drain();
    const opened = double.requests.slice(before).map((r) => `${r.method} ${r.path.split("?")[0]}`);
    // The config with the issue's comments and the dashboard list (one GraphQL query), and the write: the payload is current.
    expect(opened).toHaveLength(2);
    expect(opened).not.toContain(`GET /repos/acme/agent-skills/issues/${n}`);
    expect(dashboard().body).toContain(`[#${n} Refund window is wrong]`);

    double.state.labelIssue(n, "skillops:accepted", "mona");
    before = double.requests.length;
    await deliver(
      app.probot,
      "issues",
      issuesPayload(double, "labeled", n, { sender: "mona", label: "skillops:accepted" }),
    );
    await app.skillops.queue.drain();
    expect(fullListings(before)).toBe(0);
    expect(visible(dashboard().body!)).toBe(visible(await fullRendering(true))); // the app has no model
    expect(dashboard().body).toContain("Accepted, waiting for a run (1)");
  });
});
