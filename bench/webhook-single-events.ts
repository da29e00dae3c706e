// Issue 33: feedback events handled one at a time (each delivered, then the queue drained, so no
// refresh is shared with another event), per event kind, with a backlog of open feedback issues.
// Measured twice in the same run on fresh doubles: with every dashboard refresh a full one (the app
// before incremental refreshes: `fullDashboardRefresh`) and as shipped (incremental). Handler time
// is wall time minus the double's own time (the timing proxy), as in bench/webhooks.ts.
//   standalone: npx tsx bench/webhook-single-events.ts   (EVENTS=20 BACKLOG=1000)
import { pathToFileURL } from "node:url";
import { createSkillopsApp } from "../src/apps/app/app.js";
import { fixedClock } from "../src/vocabulary/clock.js";
import {
  createGitHubDouble,
  createProbotOnDouble,
  deliver,
  runCompletedPayload,
  issuesPayload,
} from "../test/support/github-double/index.js";
import { formBody } from "../test/support/github-double/feedback-form.js";
import { covered, timingProxy } from "./timing-proxy.js";

const BOT = "skillops[bot]";
export const SINGLE_KINDS = [
  "issues.opened (feedback)",
  "issues.labeled (skillops:accepted, conversion included)",
  "issues.opened (trusted author: accepted, conversion included)",
] as const;
type Kind = (typeof SINGLE_KINDS)[number];

export interface SingleRow {
  kind: Kind;
  mode: "full" | "incremental";
  n: number;
  requests: number;
  writes: number;
  p50: number;
  p99: number;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

const form = (i: number, who: string) =>
  formBody({
    did: `It quoted a refund window of ${30 + (i % 60)} days to ${who}.`,
    expected: 'It should say "30 days".',
    evidence: `Customer ${i}: can I still get a refund after ${i % 90} days?`,
    category: "general",
  });

/** One mode on a fresh double with `backlog` open feedback issues awaiting triage. */
async function measureMode(mode: SingleRow["mode"], events: number, backlog: number): Promise<SingleRow[]> {
  const double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "skillops" });
  double.state.setFile(
    ".github/skillops.yml",
    "categories: [general]\nfeedback:\n  trustedAuthors: [trusted-tia]\n",
  );
  double.state.collaborators.set("maintainer-mo", "maintain");
  for (let i = 0; i < backlog; i++)
    double.state.openIssue({
      title: `Backlog ${i}`,
      body: form(i, "backlog"),
      author: "customer-cy",
      labels: ["skillops:feedback"],
    });
  const proxy = await timingProxy(double.baseUrl);
  const skillops = createSkillopsApp({
    botLogin: BOT,
    now: fixedClock("2026-11-30T03:00:00Z"),
    fullDashboardRefresh: mode === "full",
  });
  const probot = await createProbotOnDouble({ baseUrl: proxy.url }, skillops.app);
  // The dashboard exists before the events (one full refresh, not counted).
  const run = runCompletedPayload(double);
  await deliver(probot, "workflow_run", run);
  await skillops.queue.drain();

  const samples = new Map<Kind, Array<{ ms: number; requests: number; writes: number }>>();
  const measure = async (kind: Kind, payload: Record<string, unknown>) => {
    const [r, w] = [double.requests.length, double.writes().length];
    const t0 = performance.now();
    await deliver(probot, "issues", payload);
    await skillops.queue.drain();
    const t1 = performance.now();
    const list = samples.get(kind) ?? [];
    list.push({
      ms: t1 - t0 - covered(proxy.spans, t0, t1),
      requests: double.requests.length - r,
      writes: double.writes().length - w,
    });
    samples.set(kind, list);
  };
  for (let i = 0; i < events; i++) {
    const opened = double.state.openIssue({
      title: `New feedback ${i}`,
      body: form(i, "new"),
      author: `user-${i}`,
      labels: ["skillops:feedback"],
    });
    await measure(SINGLE_KINDS[0], issuesPayload(double, "opened", opened.number));
    double.state.labelIssue(opened.number, "skillops:accepted", "maintainer-mo");
    await measure(
      SINGLE_KINDS[1],
      issuesPayload(double, "labeled", opened.number, {
        sender: "maintainer-mo",
        label: "skillops:accepted",
      }),
    );
    const trusted = double.state.openIssue({
      title: `Trusted feedback ${i}`,
      body: form(i, "trusted"),
      author: "trusted-tia",
      labels: ["skillops:feedback"],
    });
    await measure(SINGLE_KINDS[2], issuesPayload(double, "opened", trusted.number));
  }
  if (double.problems.length)
    throw new Error(`the double saw problems: ${double.problems.slice(0, 3).join(" | ")}`);
  if (skillops.queue.failures.length)
    throw new Error(`${skillops.queue.failures.length} queued job(s) failed`);
  await proxy.close();
  await double.close();
  return [...samples].map(([kind, list]) => ({
    kind,
    mode,
    n: list.length,
    requests: list.reduce((s, x) => s + x.requests, 0) / list.length,
    writes: list.reduce((s, x) => s + x.writes, 0) / list.length,
    p50: quantile(
      list.map((x) => x.ms),
      0.5,
    ),
    p99: quantile(
      list.map((x) => x.ms),
      0.99,
    ),
  }));
}

/** Issue 33's targets for one event handled alone. */
const TARGETS: Record<Kind, number | undefined> = {
  [SINGLE_KINDS[0]]: 4,
  [SINGLE_KINDS[1]]: 6,
  [SINGLE_KINDS[2]]: undefined,
};

/** Both modes, printed side by side with the targets. */
export async function printSingleEvents(events: number, backlog: number): Promise<SingleRow[]> {
  const full = await measureMode("full", events, backlog);
  const incremental = await measureMode("incremental", events, backlog);
  console.log(
    `\none event at a time (delivered, queue drained), ${events} of each, ${backlog} open feedback issues besides (GitHub double)`,
  );
  console.log(
    `${"event".padEnd(64)}${"target".padStart(8)}${"full req".padStart(10)}${"incr req".padStart(10)}${"incr wr".padStart(9)}${"full p50".padStart(10)}${"incr p50".padStart(10)}${"full p99".padStart(10)}${"incr p99".padStart(10)}`,
  );
  const f = (v: number) => v.toFixed(1);
  for (const row of incremental) {
    const before = full.find((r) => r.kind === row.kind)!;
    const target = TARGETS[row.kind];
    const mark = target === undefined ? "–" : row.requests <= target ? "✓" : "✗";
    console.log(
      `${`${mark} ${row.kind}`.padEnd(64)}${(target === undefined ? "—" : `≤ ${target}`).padStart(8)}${f(before.requests).padStart(10)}${f(row.requests).padStart(10)}${f(row.writes).padStart(9)}${f(before.p50).padStart(10)}${f(row.p50).padStart(10)}${f(before.p99).padStart(10)}${f(row.p99).padStart(10)}`,
    );
  }
  const worst = Math.max(...incremental.map((r) => r.p99));
  console.log(
    `${worst <= 50 ? "✓" : "✗"} p99 ≤ 50 ms one at a time with ${backlog} open feedback issues: worst p99 ${worst.toFixed(1)} ms (full refresh: ${Math.max(...full.map((r) => r.p99)).toFixed(1)} ms)`,
  );
  console.log(
    "(full = every refresh a full recompute, the behaviour before issue 33; incr = as shipped; times in ms)",
  );
  return [...full, ...incremental];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href)
  await printSingleEvents(Number(process.env.EVENTS ?? 20), Number(process.env.BACKLOG ?? 1000));
