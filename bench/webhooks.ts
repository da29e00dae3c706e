// Webhook handler cost: time per event (p50 / p99) with the GitHub double's own latency (and the
// dashboard's debounce wait) taken out, and GitHub requests per event type, each beside its target
// (issue 12); a burst of 1,000 feedback issues, amortised; a merged frontier PR at two backlog
// sizes; and idempotency — what a
// re-delivered event and a re-published run cost (naive: write everything again; skillops: compare
// first, write nothing), and (issue 26) a merge delivery that fails half-way on a 503, redelivered. Runs the real app against the GitHub double and a real git http-backend.
// Then (issue 33) feedback events one at a time, per kind, with every refresh full (before) and
// incremental (now): bench/webhook-single-events.ts.
//   npm run bench:webhooks            (CYCLES=20 BURST=1000 SINGLE=20 BACKLOG=1000 by default)
import fs from "node:fs";
import * as isogit from "isomorphic-git";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ProbotOctokit } from "probot";
import type { BankFile } from "../src/core/bank/skill.js";
import type { Case } from "../src/records/case.js";
import { EvolveConfig } from "../src/core/config/config.js";
import { runConfigOf } from "../src/core/evolve/run.js";
import type { RunRecord } from "../src/records/run-record.js";
import { initBare } from "../src/io/git/repo.js";
import { createSkillopsApp } from "../src/apps/app/app.js";
import { BASELINE_MANIFEST, renderBankManifest } from "../src/records/bank-manifest.js";
import { botAuthor } from "../src/io/github-api/bot-login.js";
import { publishRun } from "../src/apps/app/frontier/publish.js";
import { parsePrMarker } from "../src/records/pr-marker.js";
import { readMarker } from "../src/records/markers.js";
import { createSkillRepo } from "../src/io/github-api/repo.js";
import { generateWorld } from "../src/sim/generate.js";
import { worldBankFiles } from "../src/sim/world-inputs.js";
import { runSimulatedEvolution } from "../test/support/sim-roles/run.js";
import { withMembers } from "./synthetic-members.js";
import { requireCorpus } from "../test/support/corpora.js";
import { startGitServer } from "../test/support/git-server.js";
import {
  commentPayload,
  createGitHubDouble,
  createProbotOnDouble,
  deliver,
  example,
  issuesPayload,
  runCompletedPayload,
  toRepository,
  type GitHubDouble,
} from "../test/support/github-double/index.js";
import { addPullRoutes, pullPayload, pullsOf, refSha } from "../test/support/github-double/pulls.js";
import { fixedClock } from "../src/vocabulary/clock.js";
import { covered, timingProxy } from "./timing-proxy.js";
import { printTargets } from "./webhook-targets.js";
import { HOSTED_REFRESH_DELAY_MS } from "../src/apps/app/dashboard/refresh-coalescer.js";
import { printSingleEvents } from "./webhook-single-events.js";

const CYCLES = Number(process.env.CYCLES ?? 20);
const BURST = Number(process.env.BURST ?? 1000);
const BOT = "skillops[bot]";
const OWNER = "acme";
const REPO = "agent-skills";
const TOKEN = "bench-git-token";

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN;
};

interface Sample {
  ms: number;
  requests: number;
  writes: number;
}
const samples = new Map<string, Sample[]>();

function formBody(i: number): string {
  return [
    "### What the agent did",
    "",
    `It quoted a refund window of ${30 + (i % 60)} days.`,
    "",
    "### What it should have done",
    "",
    'It should say "30 days".',
    "",
    "### Input or evidence",
    "",
    `Customer ${i}: can I still get a refund after ${i % 90} days?`,
    "",
    "### Category",
    "",
    ["general", "hallucination", "special"][i % 3]!,
    "",
    "### Skill (optional)",
    "",
    "_No response_",
  ].join("\n");
}

async function main() {
  // The documented figures are over the Agent Skills corpus: stop, naming it, when it is absent.
  const corpus = requireCorpus("agent-skills");
  const skills = readdirSync(corpus)
    .filter((d) => existsSync(join(corpus, d, "SKILL.md")))
    .map((name) => ({ name, source: readFileSync(join(corpus, name, "SKILL.md"), "utf8") }));
  const world = generateWorld({ seed: 1, bank: { origin: corpus, skills }, rules: 8 });
  const ran = await runSimulatedEvolution(
    world,
    { ...runConfigOf(EvolveConfig.parse({ maxIterations: 6, seed: 1 })), bootstrap: 200 },
    { now: () => new Date("2026-11-30T00:00:00Z") },
  );
  // A run that admitted no child gets two labelled synthetic members, so the PR rows are measured.
  const { sim, synthetic } = withMembers(
    ran,
    ran.inputs.cases.map((c) => c.id),
  );

  const git = await startGitServer({ token: TOKEN });
  const seed: Record<string, string> = {
    "skill-bank/bank.yml": renderBankManifest(BASELINE_MANIFEST),
    ".github/skillops.yml": "categories: [general, hallucination, special]\n",
  };
  for (const f of worldBankFiles(world)) seed[`skill-bank/${f.path}`] = new TextDecoder().decode(f.bytes);
  await git.createRepo(REPO, seed);
  const gitDir = join(git.root, `${REPO}.git`);
  const double: GitHubDouble = await createGitHubDouble({
    owner: OWNER,
    repo: REPO,
    appSlug: BOT.replace(/\[bot\]$/, ""),
    // In-process and without a child process per file: spawning `git show` for each file the
    // double serves stalled the app's event loop (one process) far outside the double's request spans.
    readFile: async (ref, path) => {
      try {
        const oid = await isogit.resolveRef({ fs, gitdir: gitDir, ref });
        const { blob } = await isogit.readBlob({ fs, gitdir: gitDir, oid, filepath: path });
        return new TextDecoder().decode(blob);
      } catch {
        return undefined;
      }
    },
  });
  addPullRoutes(double, gitDir);
  double.state.collaborators.set("maintainer-mo", "maintain");
  const proxy = await timingProxy(double.baseUrl);
  const scratch: string[] = [];
  const gitAccess = async () => {
    const gitdir = mkdtempSync(join(tmpdir(), "skillops-bench-"));
    scratch.push(gitdir);
    await initBare({ gitdir });
    return { gitdir, url: git.url(REPO), token: TOKEN };
  };
  let clock = 1_790_000_000;
  // The hosted server's debounce, on a real timer whose waiting is not handler time.
  const waits: Array<[number, number]> = [];
  const wait = async (ms: number) => {
    const start = performance.now();
    await new Promise((r) => setTimeout(r, ms));
    waits.push([start, performance.now()]);
  };
  const skillops = createSkillopsApp({
    botLogin: BOT,
    now: fixedClock("2026-11-30T03:00:00Z"),
    dashboard: { delayMs: HOSTED_REFRESH_DELAY_MS, wait },
    frontier: { now: () => new Date((clock += 60) * 1000), git: async () => gitAccess() },
  });
  // The probot talks to the timing proxy in front of the double (handler time excludes the double's).
  const probot = await createProbotOnDouble({ baseUrl: proxy.url }, skillops.app);
  const Octokit = ProbotOctokit.defaults({ retry: { enabled: false }, throttle: { enabled: false } });
  const as = (login: string) =>
    new Octokit({ auth: { token: double.state.tokenFor(login) }, baseUrl: double.baseUrl });

  const measure = async (
    event: string,
    name: string,
    payload: Record<string, unknown>,
    id?: string,
    fails = false,
  ) => {
    const before = double.requests.length;
    const writesBefore = double.writes().length;
    const t0 = performance.now();
    const failed = await deliver(probot, name, payload, id).then(
      () => false,
      () => true,
    );
    if (failed !== fails) throw new Error(`${event}: the delivery ${failed ? "failed" : "succeeded"}`);
    await skillops.queue.drain();
    const t1 = performance.now();
    const list = samples.get(event) ?? [];
    list.push({
      ms: t1 - t0 - covered([...proxy.spans, ...waits], t0, t1),
      requests: double.requests.length - before,
      writes: double.writes().length - writesBefore,
    });
    samples.set(event, list);
  };

  // Feedback issues linked to the run's cases.
  const cases: Case[] = sim.inputs.cases.map((c) => {
    const issue = double.state.openIssue({
      title: `Feedback: ${c.diagnosis.slice(0, 60)}`,
      body: c.diagnosis,
      author: "customer-cy",
      labels: ["skillops:feedback", "skillops:accepted"],
    });
    return { ...c, provenance: { ...c.provenance, channel: "issue" as const, issue: issue.number } };
  });

  // The dashboard's lost-intake sweep reads each accepted issue's comments once (at most 3 a refresh),
  // then remembers it. Issues accepted here by pushing labels (no deliveries, no case comments) are
  // all unsettled: refresh until the sweep has read them, and report that one-off cost on its own.
  const sweepSettling: string[] = [];
  const settleSweep = async (why: string) => {
    const [r, w] = [double.requests.length, double.writes().length];
    const swept = () => {
      const dashboard = [...double.state.issues.values()].find((i) =>
        i.labels.includes("skillops:dashboard"),
      );
      const list = readMarker(dashboard?.body, "dashboard")?.data.swept;
      return Array.isArray(list) ? list.length : 0;
    };
    let refreshes = 0;
    for (let quiet = 0; quiet < 2 && refreshes < 200; refreshes++) {
      const before = swept();
      const run = runCompletedPayload(double);
      await deliver(probot, "workflow_run", run);
      await skillops.queue.drain();
      quiet = swept() === before ? quiet + 1 : 0;
    }
    sweepSettling.push(
      `${why}: ${double.requests.length - r} requests (${double.writes().length - w} writes) over ${refreshes} refreshes`,
    );
  };

  const publishTotals = { first: { requests: 0, writes: 0 }, rerun: { requests: 0, writes: 0 } };
  // Every outcome a cycle can meet is counted: published (and published again), and whether a
  // frontier PR was there to select, merge and roll back.
  const cycles = { published: 0, withoutPull: [] as number[] };
  const runCycle = async (cycle: number, backlog: string, failHalfWay = false) => {
    // Fresh candidates each cycle (a new run over the same world), so every cycle opens new PRs.
    const rename = (c: string) => `${cycle.toString(16).padStart(2, "0")}${c.slice(2)}`;
    const frontier = sim.record.frontier.map((m) =>
      m.born > 0 ? { ...m, candidate: rename(m.candidate) } : m,
    );
    const record: RunRecord = { ...sim.record, runId: `bench-${cycle}`, frontier };
    const banks = new Map<string, BankFile[]>([...sim.banks].map(([k, b]) => [rename(k), b.files]));
    const publish = async () =>
      publishRun({
        repo: createSkillRepo(as(BOT), { owner: OWNER, repo: REPO }),
        git: await gitAccess(),
        record,
        banks,
        cases,
        bankDir: "skill-bank",
        poolDir: "regression-pool",
        botLogin: BOT,
        author: botAuthor(BOT),
        version: "bench",
        now: () => new Date((clock += 60) * 1000),
      });
    for (const phase of ["first", "rerun"] as const) {
      const [r, w] = [double.requests.length, double.writes().length];
      await publish();
      publishTotals[phase].requests += double.requests.length - r;
      publishTotals[phase].writes += double.writes().length - w;
    }
    cycles.published++;
    const open = [...pullsOf(double).values()].filter(
      (p) => p.headRef.startsWith("skillops/frontier/") && double.state.issue(p.number).state === "open",
    );
    const chosen = open.at(-1);
    if (!chosen) {
      // The run's frontier held no member to publish (only the baseline): nothing to select.
      cycles.withoutPull.push(cycle);
      return;
    }
    double.state.labelIssue(chosen.number, "skillops:select");
    await measure(
      "pull_request.labeled (select)",
      "pull_request",
      pullPayload(double, gitDir, "labeled", chosen.number, {
        sender: "maintainer-mo",
        label: "skillops:select",
      }),
    );
    await as("maintainer-mo").rest.pulls.merge({ owner: OWNER, repo: REPO, pull_number: chosen.number });
    const mergedPayload = pullPayload(double, gitDir, "closed", chosen.number, { sender: "maintainer-mo" });
    const deliveryId = `merge-${cycle}`;
    if (failHalfWay) {
      // Issue 26: a 503 on the middle fixed issue's PATCH; GitHub's "Redeliver" (the same id)
      // finishes the rest, and a new delivery of the event after that costs one read.
      const fixed = parsePrMarker(double.state.issue(chosen.number).body)?.fixed ?? [];
      const middle = fixed[Math.floor(fixed.length / 2)]!;
      double.failNext({ method: "PATCH", path: new RegExp(`/issues/${middle}$`) });
      const at = `${fixed.indexOf(middle) + 1} of ${fixed.length} issues`;
      await measure(
        `pull_request.closed (merged, 503 on ${at})`,
        "pull_request",
        mergedPayload,
        deliveryId,
        true,
      );
      await measure(
        "pull_request.closed (redelivered after the 503)",
        "pull_request",
        mergedPayload,
        deliveryId,
      );
      await measure("pull_request.closed (new delivery id after that)", "pull_request", mergedPayload);
      return;
    }
    await measure(
      `pull_request.closed (merged frontier PR${backlog})`,
      "pull_request",
      mergedPayload,
      deliveryId,
    );
    await measure("pull_request.closed (same delivery again)", "pull_request", mergedPayload, deliveryId);
    const push = example("push");
    Object.assign(push, {
      ref: "refs/heads/main",
      after: refSha(gitDir, "main"),
      installation: { id: 4242 },
      repository: { ...push.repository, ...toRepository(double.state) },
    });
    await measure("push (default branch)", "push", push);
    const comment = double.state.addComment(chosen.number, "maintainer-mo", "/skillops rollback");
    await measure(
      "issue_comment.created (/skillops rollback)",
      "issue_comment",
      commentPayload(double, comment.id),
    );
    const revert = [...pullsOf(double).values()].find((p) =>
      p.headRef.startsWith(`revert-${chosen.number}-`),
    );
    if (!revert)
      throw new Error(`cycle ${cycle}: /skillops rollback opened no revert PR of #${chosen.number}`);
    await as("maintainer-mo").rest.pulls.merge({ owner: OWNER, repo: REPO, pull_number: revert.number });
    await measure(
      `pull_request.closed (merged revert${backlog})`,
      "pull_request",
      pullPayload(double, gitDir, "closed", revert.number, { sender: "maintainer-mo" }),
    );
  };
  await settleSweep(`the run's ${cases.length} accepted issues, labelled without deliveries`);
  for (let cycle = 0; cycle < CYCLES; cycle++) await runCycle(cycle, `, backlog ${cases.length}`);

  // A burst of feedback: 1,000 issues filed, each delivered as issues.opened as they come (no drain
  // in between, as on a server); handler time is the delivery's, requests are the burst's / BURST.
  const burstStart = performance.now();
  const [burstRequests, burstWrites] = [double.requests.length, double.writes().length];
  const spanStart = proxy.spans.length;
  const burstMsEach: number[] = [];
  for (let i = 0; i < BURST; i++) {
    const issue = double.state.openIssue({
      title: `Burst feedback ${i}`,
      body: formBody(i),
      author: `user-${i % 37}`,
      labels: ["skillops:feedback"],
    });
    const t0 = performance.now();
    await deliver(probot, "issues", issuesPayload(double, "opened", issue.number));
    const t1 = performance.now();
    burstMsEach.push(t1 - t0 - covered(proxy.spans, t0, t1));
  }
  await skillops.queue.drain();
  const burstMs = performance.now() - burstStart;
  const burstTotal = double.requests.length - burstRequests;
  const writesEach = (double.writes().length - burstWrites) / BURST;
  samples.set(
    "issues.opened (feedback, burst)",
    burstMsEach.map((ms) => ({ ms, requests: burstTotal / BURST, writes: writesEach })),
  );
  const burstDoubleMs = proxy.spans.slice(spanStart).reduce((s, [a, b]) => s + (b - a), 0);
  // A bigger backlog: the burst accepted, then two more merge cycles beside the first ones.
  for (const issue of double.state.issues.values())
    if (issue.title.startsWith("Burst feedback")) issue.labels.push("skillops:accepted");
  const backlog = [...double.state.issues.values()].filter(
    (i) => i.state === "open" && i.labels.includes("skillops:accepted"),
  ).length;
  await settleSweep(`accepting ${backlog - cases.length} issues without their deliveries`);
  for (let cycle = CYCLES; cycle < CYCLES + 2; cycle++) await runCycle(cycle, `, backlog ${backlog}`);
  await runCycle(CYCLES + 2, "", true);

  const rows = [...samples].map(([event, list]) => ({
    event,
    n: list.length,
    p50: quantile(
      list.map((s) => s.ms),
      0.5,
    ),
    p99: quantile(
      list.map((s) => s.ms),
      0.99,
    ),
    requests: list.reduce((s, x) => s + x.requests, 0) / list.length,
    writes: list.reduce((s, x) => s + x.writes, 0) / list.length,
  }));
  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (v: number, d = 1) => v.toFixed(d).padStart(8);
  console.log(
    `\nskillops webhook handlers — ${CYCLES} frontier cycles, burst of ${BURST} feedback issues (GitHub double + git http-backend on loopback)`,
  );
  console.log(
    [
      "handler ms: wall time from Probot's receive() until it returns (burst rows) or until the queue drains",
      "(other rows), minus the union of every GitHub request's round trip through the timing proxy (the",
      "double's own time) and of the dashboard's debounce wait; our queued work running meanwhile is counted\n",
    ].join("\n"),
  );
  console.log(
    `${pad("event", 58)}${"n".padStart(6)}${"p50 ms".padStart(8)}${"p99 ms".padStart(8)}${"req/evt".padStart(8)}${"writes".padStart(8)}`,
  );
  for (const r of rows)
    console.log(
      `${pad(r.event, 58)}${String(r.n).padStart(6)}${num(r.p50)}${num(r.p99)}${num(r.requests)}${num(r.writes)}`,
    );
  console.log(
    `\nburst: ${BURST} issues.opened in ${(burstMs / 1000).toFixed(1)} s wall (${(BURST / (burstMs / 1000)).toFixed(0)} events/s), ${burstTotal} GitHub requests, ${(burstDoubleMs / 1000).toFixed(1)} s of it inside the double`,
  );
  if (synthetic)
    console.log(
      `\nSynthetic members: the simulated run (${ran.record.stop.note}) admitted no child, so two members of its baseline, one added line each and fixing every feedback case (bench/synthetic-members.ts), stand in for its frontier. The select, merge, push, rollback, revert and redelivery rows are measured on them; the app cannot tell them apart from evolved ones.`,
    );
  if (cycles.withoutPull.length > 0)
    console.log(
      `\n${cycles.withoutPull.length} of ${cycles.published} cycles published no frontier PR: the simulated run (${sim.record.stop.note}) left only the baseline on its frontier (${sim.record.frontier.length} member). Their select, merge, push, rollback and revert rows are not measured${cycles.withoutPull.length === cycles.published ? " at all" : ""}; the publish figures below are still per published cycle.`,
    );
  printTargets(rows, burstTotal, BURST);
  console.log(
    "\npublishRun per cycle (naive = what a re-publish costs if it rewrote everything, i.e. the first publish; skillops = compare first):",
  );
  console.log(`${pad("", 24)}${"requests".padStart(10)}${"writes".padStart(10)}`);
  console.log(
    `${pad("first publish", 24)}${num(publishTotals.first.requests / cycles.published).padStart(10)}${num(publishTotals.first.writes / cycles.published).padStart(10)}`,
  );
  console.log(
    `${pad("re-publish, naive*", 24)}${num(publishTotals.first.requests / cycles.published).padStart(10)}${num(publishTotals.first.writes / cycles.published).padStart(10)}`,
  );
  console.log(
    `${pad("re-publish, skillops", 24)}${num(publishTotals.rerun.requests / cycles.published).padStart(10)}${num(publishTotals.rerun.writes / cycles.published).padStart(10)}`,
  );
  console.log(
    "* naive = rewriting every body, title, label, check and branch again: the first publish's writes, not measured separately",
  );
  for (const line of sweepSettling) console.log(`\nlost-intake sweep, settling once — ${line}`);
  if (double.problems.length)
    console.log(
      `\nthe double saw ${double.problems.length} problem(s): ${double.problems.slice(0, 3).join(" | ")}`,
    );

  await proxy.close();
  await double.close();
  await git.close();
  for (const d of scratch) rmSync(d, { recursive: true, force: true });
  await printSingleEvents(Number(process.env.SINGLE ?? 20), Number(process.env.BACKLOG ?? 1000));
}

await main();
