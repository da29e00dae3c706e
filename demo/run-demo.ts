// `npm run demo`: the whole product, offline, on the example repository. A real git server and the
// local GitHub double stand in for GitHub; the simulated world, served as an OpenAI-compatible
// endpoint, stands in for the model, which every role calls through the real client. Every step
// checks what it claims; every figure is simulated. Writes the PR bodies, the dashboard and the run report to
// the output folder.
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { formatDiagnostic } from "../src/core/bank/diagnostic.js";
import { hashBank } from "../src/core/bank/hash.js";
import { shortCandidateId } from "../src/records/candidate-id.js";
import { loadBankFromGit } from "../src/io/git/read-tree.js";
import type { CliIo } from "../src/apps/cli/context.js";
import { colours } from "../src/apps/cli/context.js";
import { validateConfigText } from "../src/apps/app/config-load.js";
import { refreshDashboard } from "../src/apps/app/dashboard/dashboard-sync.js";
import { KNOWLEDGE_BRANCH } from "../src/apps/app/intake/knowledge-pr.js";
import { pullsOf } from "../test/support/github-double/pulls.js";
import type { publishRun } from "../src/apps/app/frontier/publish.js";
import { renderReportHtml } from "../src/core/report/html.js";
import { renderReportMarkdown } from "../src/core/report/markdown.js";
import { acceptFeedback, fileFeedback, readExampleIssues } from "./feedback-steps.js";
import { runEvolutionJob, type Evolved } from "./evolve-step.js";
import { createNarrator, DemoCheckFailed, type Narrator } from "./narrator.js";
import { mergePull, openFrontierPulls, publishAs, rollBack, selectPull } from "./pull-steps.js";
import { BOT, OWNER, REPO, startStage, type Stage } from "./stage.js";
import { fixedClock, offsetClock } from "../src/vocabulary/clock.js";

export interface DemoOptions {
  io: CliIo;
  /** The checkout holding skill-bank/, regression-pool/, .github/ and examples/. */
  root: string;
  out: string;
  /** Print nothing but the closing summary (tests). */
  quiet?: boolean;
  /** Fewer iterations: the test suite's fast variant. */
  fast?: boolean;
  /**
   * When the command started, on `performance.now()`'s clock; `skillops demo` passes 0, the
   * process's start (performance.timeOrigin), so the wall time printed includes starting Node, the
   * CLI and tsx. By default, the call.
   */
  startedAt?: number;
}

export interface DemoResult {
  ok: boolean;
  error?: string;
  steps: { step: number; title: string; lines: string[]; ms: number }[];
  files: string[];
  /** From `startedAt` (the command's start) to the end. */
  wallMs: number;
  /** Of wallMs, the part before the demo itself began: starting the process and loading the demo. */
  startupMs: number;
  peakRssMb: number;
}

const FIXED_NOW = "2026-11-30T09:00:00.000Z";
/**
 * Iterations of the demo's run. With the example's seed, both evolved members have entered the
 * frontier by iteration 6 and the iterations after it change nothing (patience would stop the run
 * at 9), so the full demo stops at 6 to stay quick; the test suite's fast variant stops at 4.
 */
const FULL_ITERATIONS = 6;
const FAST_ITERATIONS = 4;

export async function runDemo(opts: DemoOptions): Promise<DemoResult> {
  const entered = performance.now();
  const started = Math.min(opts.startedAt ?? entered, entered);
  const n = createNarrator(opts.io, Boolean(opts.quiet), () => performance.now());
  const c = colours(opts.io);
  if (!opts.quiet)
    opts.io.stdout(
      `${c.bold("skillops demo")} — the whole product, offline. ${c.yellow("Every figure below is simulated")}: the model is the simulated world behind a local OpenAI-compatible endpoint.\n`,
    );
  let stage: Stage | undefined;
  const files: string[] = [];
  let error: string | undefined;
  let peak = process.memoryUsage().rss;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  try {
    stage = await startStage(opts.root, fixedClock(FIXED_NOW));
    files.push(...(await play(stage, n, opts)));
  } catch (e) {
    error = e instanceof DemoCheckFailed ? e.message : `${(e as Error).stack ?? e}`;
  } finally {
    clearInterval(sample);
    await stage?.close();
  }
  const wallMs = performance.now() - started;
  const result: DemoResult = {
    ok: !error,
    ...(error ? { error } : {}),
    steps: n.steps,
    files,
    wallMs,
    startupMs: entered - started,
    peakRssMb: Math.round(peak / 2 ** 20),
  };
  if (error) opts.io.stderr(`\n${c.red("demo failed")}: ${error}\n`);
  else if (!opts.quiet)
    opts.io.stdout(
      `\n${c.green("demo complete")} in ${(wallMs / 1000).toFixed(1)} s from the command's start (${(result.startupMs / 1000).toFixed(1)} s of it starting up), peak RSS ${result.peakRssMb} MB. Open ${relative(opts.io.cwd, opts.out) || "."}/README.md.\n`,
    );
  return result;
}

async function play(stage: Stage, n: Narrator, opts: DemoOptions): Promise<string[]> {
  const configText = stage.show("main", ".github/skillops.yml") ?? "";
  const loaded = validateConfigText(configText);
  if (!loaded.ok) throw new DemoCheckFailed(`.github/skillops.yml is invalid: ${loaded.problems.join("; ")}`);
  const config = {
    ...loaded.config,
    evolve: { ...loaded.config.evolve, maxIterations: opts.fast ? FAST_ITERATIONS : FULL_ITERATIONS },
  };

  n.step("The example repository, served on loopback");
  const { bank, diagnostics } = await loadBankFromGit({
    gitdir: stage.gitDir,
    ref: "main",
    prefix: config.bank,
    mode: "strict",
  });
  const errors = diagnostics.filter((d) => d.severity === "error");
  n.say(
    `${OWNER}/${REPO}: ${config.bank}/ (${bank.skills.length} skills, valid: ${errors.length} errors, ${diagnostics.length - errors.length} warnings; candidate ${shortCandidateId(hashBank(bank.files))}), ${config.pool}/, .github/skillops.yml, the feedback issue form`,
  );
  n.say(`git over smart HTTP: ${stage.git.url(REPO)} (real git http-backend, token auth)`);
  n.say(
    `GitHub REST double: ${stage.double.baseUrl} (every request validated against GitHub's OpenAPI description)`,
  );
  n.check(
    bank.skills.length > 0 && errors.length === 0,
    `the bank on main is empty or invalid: ${errors.map(formatDiagnostic).join("; ")}`,
  );

  const examples = await readExampleIssues(opts.root);
  const filed = await fileFeedback(stage, n, examples);
  const cases = await acceptFeedback(stage, n, filed);
  const run = await runEvolutionJob(stage, n, cases, filed, config, stopwatchClock());
  const opened = await openFrontierPulls(stage, n, run, cases, config);
  const pick =
    opened.find((o) => run.record.frontier.find((m) => m.candidate === o.candidate)?.selected) ?? opened[0]!;
  const knowledge = [...pullsOf(stage.double).values()]
    .filter((p) => p.headRef === KNOWLEDGE_BRANCH)
    .map((p) => p.number);
  const bodies = snapshotBodies(stage, [...knowledge, ...opened.map((o) => o.number)]);
  await selectPull(stage, n, opened, pick);
  const fixed = await mergePull(stage, n, opened, pick, cases, config.bank);
  await rollBack(stage, n, pick, fixed, config.bank);
  await rerunSkipsRolledBack(stage, n, run, cases, config, pick.candidate);
  // The evolve job ends by refreshing the dashboard, as the workflow's last step does.
  await refreshDashboard({
    repo: stage.botRepo(),
    config: { ok: true, config },
    now: fixedClock(FIXED_NOW),
    botLogin: BOT,
  });
  n.step("Checked and written");
  const problems = stage.double.problems;
  n.say(
    `${stage.double.requests.length} GitHub requests, ${problems.length} invalid or unexpected; ${stage.git.requests.length} git HTTP requests`,
  );
  n.check(problems.length === 0, `the GitHub double saw problems: ${JSON.stringify(problems.slice(0, 3))}`);
  return writeOutputs(stage, n, opts.out, run, bodies);
}

/** The run record's start and finish: the demo's date, with the real time the run took. */
function stopwatchClock() {
  const began = performance.now();
  return offsetClock(FIXED_NOW, () => performance.now() - began);
}

/** The PR bodies as opened, before select/merge/rollback edit them. */
function snapshotBodies(stage: Stage, numbers: number[]): Map<number, string> {
  return new Map(numbers.map((x) => [x, stage.double.state.issue(x).body ?? ""]));
}

async function rerunSkipsRolledBack(
  stage: Stage,
  n: Narrator,
  run: Evolved,
  cases: Parameters<typeof publishRun>[0]["cases"],
  config: { bank: string; pool: string },
  rolledBack: string,
): Promise<void> {
  n.step("The next evolution run: the rolled-back candidate is not proposed again");
  const results = await publishAs(
    stage,
    { ...run.record, runId: `${run.record.runId}-next` },
    run,
    cases,
    config,
  );
  for (const r of results)
    n.say(
      `${r.candidate.slice(0, 8)}: ${r.outcome}${r.reason ? ` (${r.reason})` : ""}${r.pullRequest ? ` #${r.pullRequest}` : ""}`,
    );
  const again = results.find((r) => r.candidate === rolledBack);
  n.check(
    again?.outcome === "skipped",
    `the rolled-back candidate was ${again?.outcome ?? "not considered"}, not skipped`,
  );
}

async function writeOutputs(
  stage: Stage,
  n: Narrator,
  out: string,
  run: Evolved,
  bodies: Map<number, string>,
): Promise<string[]> {
  await rm(out, { recursive: true, force: true });
  await mkdir(join(out, "pull-requests"), { recursive: true });
  const written: string[] = [];
  const put = async (name: string, text: string) => {
    await writeFile(join(out, name), text);
    written.push(name);
  };
  for (const [num, body] of bodies)
    await put(
      `pull-requests/pr-${num}.md`,
      `<!-- The body of PR #${num} as skillops opened it in the demo. -->\n\n${body}\n`,
    );
  const dashboard = [...stage.double.state.issues.values()].find((i) =>
    i.labels.includes("skillops:dashboard"),
  );
  n.check(dashboard !== undefined, "no dashboard issue was created");
  await put("dashboard.md", `# ${dashboard!.title}\n\n${dashboard!.body ?? ""}\n`);
  await put("run-record.json", `${JSON.stringify(run.record, null, 2)}\n`);
  await put("report.html", renderReportHtml(run.record));
  await put("report.md", renderReportMarkdown(run.record));
  await put("README.md", renderIndex(n, [...bodies.keys()]));
  n.say(`wrote ${written.length} files to ${out}`);
  return written;
}

function renderIndex(n: Narrator, prs: number[]): string {
  const steps = n.steps
    .map((s) => `## ${s.step}. ${s.title}\n\n${s.lines.map((l) => `- ${l}`).join("\n")}\n`)
    .join("\n");
  return [
    "# skillops demo output (simulated)",
    "",
    "Everything here came from `npm run demo`: a real git server and a local GitHub double on loopback stood in for GitHub, and the simulated world, served as a local OpenAI-compatible endpoint, stood in for the model (every role called it through the real `openai` client). **Every figure is simulated.**",
    "",
    `- \`pull-requests/\`: the bodies of the PRs skillops opened (${prs.map((p) => `#${p}`).join(", ")}): the rolling knowledge.md PR and one per frontier member`,
    "- `dashboard.md`: the Skill Evolution Dashboard issue at the end",
    "- `report.html` (open in a browser) and `report.md`: the run report",
    "- `run-record.json`: the run record (docs/run-record.md)",
    "",
    "# What happened",
    "",
    steps,
  ].join("\n");
}
