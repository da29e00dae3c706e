// skillops evolve [--bank DIR --cases DIR --pool DIR | --world FILE] [--model openai|sim] [--seed N]
//                 [--out DIR] [--git] [--json] [engine knobs...]
// Runs the FRAMES loop (docs/engine.md) and writes each frontier member's bank under --out
// (frontier/<hash8>/), the run record (run-record.json) and a checkpoint after every iteration. A
// run started again with the same inputs resumes from its checkpoint; different inputs are refused.
// With the simulated model every figure printed is labelled simulated.
import type { Containment } from "../../../core/sandbox/containment.js";
import { containmentFor } from "./containment-check.js";
import { runBankScriptTests } from "../audit/script-tests.js";
import { parseBankScripts } from "../audit/audit-scripts.js";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import pLimit from "p-limit";
import type { Limiter } from "../../../core/evaluate/evaluate.js";
import { type Checkpoint, ResumeRefused } from "../../../core/evolve/checkpoint.js";
import type { RunConfig } from "../../../records/run-record.js";
import { EvolveInputError, type EvolveResult } from "../../../core/evolve/run.js";
import { WorldError } from "../../../sim/world.js";
import { UsageError, type CliContext, type CliIo } from "../context.js";
import { loadConfigFile } from "../config-file.js";
import { engineConfig, num, type EvolveFlags } from "./evolve-flags.js";
import { issueList, runSimulated, runWithModel, type FailedConversion } from "./evolve-inputs.js";
import { checkpointWriter, readCheckpoint, removeCheckpoint, writeOutputs } from "./evolve-out-folder.js";
import { printModelWarnings, printSummary } from "./evolve-output.js";
import { stopLine, verdictLines } from "./evolve-progress.js";
import { styleOf, watchRun, type RunWatch } from "./run-watch.js";
import { evolveVerdict } from "./evolve-verdict.js";
import type { Config } from "../../../core/config/config.js";
import { systemClock } from "../../../vocabulary/clock.js";
import type { PlannedAction } from "../../app/frontier/publish-preview.js";
import { planLines } from "../dry-run-lines.js";
import type { SharedDeps } from "./shared-deps.js";
import { NOGOODS_DIR, NogoodFileError, readNogoods, writeNogoods } from "./nogood-store.js";
import {
  checkSameRun,
  scaleCache,
  scaleMode,
  scaleReuse,
  stepFanOut,
  type ScaleMode,
} from "./evolve-scale.js";
import {
  clearHandOver,
  ContinuationFileError,
  handOver,
  readContinuation,
  type Continuation,
} from "./evolve-handover.js";
import { PendingFileError, readPending, type Pending } from "./pending-file.js";
import { runShard } from "./evolve-shard.js";
import { NothingToEvolve, nothingLine } from "./nothing-to-evolve.js";

/** Flag combinations refused before any bank, case or world is read. */
function checkModelFlags(f: EvolveFlags, model: string): void {
  if (model !== "sim" && model !== "openai")
    throw new UsageError(`--model must be openai or sim, got "${model}"`);
  if (f.world && model !== "sim")
    throw new UsageError("--world brings its own simulated agent and roles: it implies --model sim");
  if (f.dryRun && !f.github)
    throw new UsageError("--dry-run previews what --github would write: pass it with --github");
  if (f.dryRun && f.git)
    throw new UsageError("--dry-run writes nothing, but --git commits to this repository: drop one of them");
  if (f.world && (f.bank || f.cases || f.pool))
    throw new UsageError("--world is self-contained: do not combine it with --bank, --cases or --pool");
  if (model === "sim" && f.scope)
    throw new UsageError(
      "--scope restricts a real run to a configured working scope; the simulated world has none (use --model openai)",
    );
  if (model === "sim" && !f.world && (f.cases || f.pool))
    throw new UsageError(
      "--model sim generates a simulated world over --bank with its own cases: --cases and --pool are not used (write a world with 'skillops sim new')",
    );
}

/** The run's collaborators from the world outside the core: clock, disk cache, limiter, checkpoint. */
async function sharedDeps(
  io: CliIo,
  out: string,
  opts: {
    concurrency: number;
    resume?: Checkpoint;
    simulated: boolean;
    memo: boolean;
    containment: Containment;
    mode: Exclude<ScaleMode, { kind: "shard" }>;
    /** pending.json as runFiles read it: the measurement the shards just served. */
    pending?: Pending;
    watch: RunWatch;
  },
): Promise<{ deps: SharedDeps; close: () => Promise<void> }> {
  const pool = pLimit(opts.concurrency);
  const limit: Limiter = (fn) => pool(fn);
  const { mode } = opts;
  const cache = scaleCache(out, mode);
  const reuse = opts.memo ? scaleReuse(out, mode) : undefined;
  const now = io.now ?? systemClock;
  const close = async () => {
    await Promise.all([cache.close(), reuse?.close()]);
  };
  const fanOut =
    mode.kind === "step"
      ? await stepFanOut(out, mode.shards, cache, opts.pending).catch(async (e: unknown) => {
          await close();
          throw e;
        })
      : undefined;
  const deps: SharedDeps = {
    now,
    checkScripts: (bank, scripts) => parseBankScripts(bank, scripts, opts.containment),
    runScriptTests: (bank, tests) => runBankScriptTests(bank, tests, opts.containment),
    cache,
    ...(reuse ? { reuse } : {}),
    limit,
    checkpoint: checkpointWriter(out),
    jobBudget: { minutes: mode.jobBudgetMinutes, startedAt: now() },
    ...(fanOut ? { fanOut } : {}),
    ...(opts.resume ? { resume: opts.resume } : {}),
    onProgress: (e) => opts.watch.onProgress(e),
  };
  return { deps, close };
}

/**
 * --git and --github load git and the GitHub clients only when given: a run without them does not
 * keep their modules in its heap (issue 33, peak RSS).
 */
const publishing = () => import("./evolve-publish.js");

/** Errors that mean the run's inputs are wrong: said in one line, exit 1. */
const RUN_INPUT_ERRORS = [ResumeRefused, EvolveInputError, WorldError, NogoodFileError, PendingFileError];

export async function runEvolve(
  ctx: CliContext,
  f: EvolveFlags,
  json: boolean,
  configExplicit: boolean,
): Promise<number> {
  const { io } = ctx;
  const config = await loadConfigFile(io, f.config, configExplicit);
  const knobs = engineConfig(config, f);
  const model = f.model ?? (f.world ? "sim" : config.models.provider);
  checkModelFlags(f, model);
  const gitPrefix = f.git ? (await publishing()).bankPrefix(io, f, config) : undefined;
  if (f.github) await (await publishing()).checkGitHub(io.env);
  const mode = scaleMode(io, f, config);
  const out = resolve(io.cwd, f.out);
  const { resume, pending, found, before } = await runFiles(io, f, out, mode);
  const concurrency = num("concurrency", f.concurrency, { int: true, min: 1 }) ?? config.models.concurrency;
  const simulated = model === "sim";
  // Cases measured at once match the agent's concurrency; the limiter bounds the executions themselves.
  const run: RunConfig = { ...knobs, parallelCases: concurrency };
  const containment = await containmentFor(config, io, simulated);
  if (mode.kind === "shard")
    return runShard(io, f, config, { out, mode, pending: pending!, simulated, concurrency, run });
  const watch = await watchRun(io, f, simulated);
  let stores: (() => Promise<void>) | undefined;
  try {
    const { deps, close } = await sharedDeps(io, out, {
      ...{ concurrency, simulated, memo: run.memo !== false, containment, mode, watch },
      ...(resume ? { resume } : {}),
      ...(pending ? { pending } : {}),
    });
    stores = close;
    if (resume) io.stderr(`resuming from ${join(f.out, found!.file)} after iteration ${resume.state.t}\n`);
    return await runLoop(ctx, f, {
      deps,
      out,
      json,
      config,
      gitPrefix,
      run,
      containment,
      simulated,
      before,
      watch,
    });
  } catch (e) {
    await watch.end({ state: "failed", line: `error: ${(e as Error).message}` });
    throw e;
  } finally {
    await stores?.();
  }
}

/** The loop, its outputs and the hand-on, with the run watched (progress line, gates check). */
async function runLoop(
  { io }: CliContext,
  f: EvolveFlags,
  o: {
    deps: SharedDeps;
    out: string;
    json: boolean;
    config: Config;
    gitPrefix: string | undefined;
    run: RunConfig;
    containment: Containment;
    simulated: boolean;
    before: Continuation | undefined;
    watch: RunWatch;
  },
): Promise<number> {
  const { deps, out, json, config, gitPrefix, run, containment, simulated, before, watch } = o;
  let result: EvolveResult & { failedConversions?: FailedConversion[] };
  const nogoodsShown = nogoodsFolder(f);
  const nogoodsDir = resolve(io.cwd, nogoodsShown);
  try {
    const nogoods = await readNogoods(nogoodsDir);
    io.stderr(`read ${nogoods.length} nogood(s) from ${nogoodsShown}/\n`);
    const ran = await (simulated
      ? runSimulated(io, f, run, deps, config, nogoods)
      : runWithModel(io, f, config, run, deps, nogoods));
    result = { ...ran, record: { ...ran.record, sandbox: containment.sandbox } };
  } catch (e) {
    return await runFailed(
      io,
      watch,
      { io, out, shown: f.out, json, before, maxIterations: run.maxIterations },
      e,
    );
  }
  watch.status.done();
  await clearHandOver(out);
  await writeOutputs(out, result);
  await saveNogoods(io, nogoodsDir, nogoodsShown, result, {
    dryRun: f.dryRun === true,
    github: f.github === true,
  });
  const code = await finish(io, f, { result, out, json, config, gitPrefix });
  printModelWarnings(io, result.record.warnings);
  const verdict = conversionVerdict(io, result.failedConversions ?? [], code);
  const line = stopLine(result.record);
  await watch.end(
    verdict === 0 ? { state: "finished", line } : { state: "failed", line: `${line}; the run failed` },
  );
  return verdict;
}

/** A run that did not finish here: handed on to a continuation, a quiet week, or bad inputs (exit 1). */
async function runFailed(
  io: CliIo,
  watch: RunWatch,
  handing: Parameters<typeof handOver>[0],
  e: unknown,
): Promise<number> {
  watch.status.done();
  const handed = await handOver(handing, e);
  if (handed !== undefined) {
    await watch.end({
      state: "continues",
      line: "The job's time budget was reached; a continuation job resumes the run from its checkpoint.",
    });
    return handed;
  }
  if (e instanceof NothingToEvolve) {
    await watch.end({ state: "finished", line: nothingLine(e) });
    return quietWeek(io, e);
  }
  if (!RUN_INPUT_ERRORS.some((k) => e instanceof k)) throw e;
  io.stderr(`error: ${(e as Error).message}\n`);
  await watch.end({ state: "failed", line: `error: ${(e as Error).message}` });
  return 1;
}

/**
 * The checkpoint, pending measurement and hand-over in --out, checked against --continue and
 * --shard before anything is written (--fresh removes them first).
 */
async function runFiles(io: CliIo, f: EvolveFlags, out: string, mode: ScaleMode) {
  await mkdir(out, { recursive: true });
  if (f.fresh && f.continue === undefined) {
    await removeCheckpoint(out);
    await clearHandOver(out);
  }
  const found = await readCheckpoint(out);
  const pending = await readPending(out);
  const resume = found?.checkpoint;
  const continuation = await continuationOrWarn(io, out);
  checkSameRun(f, mode, {
    ...(resume ? { checkpoint: resume } : {}),
    ...(pending ? { pending } : {}),
    ...(continuation ? { continuation } : {}),
  });
  return { resume, pending, found, before: continuation };
}

/**
 * The previous job's continuation file. One that cannot be read is left in place and the run goes on
 * from its checkpoint, which holds the run; only the count of parts starts again.
 */
async function continuationOrWarn(io: CliIo, out: string): Promise<Continuation | undefined> {
  try {
    return await readContinuation(out);
  } catch (e) {
    if (!(e instanceof ContinuationFileError)) throw e;
    io.stderr(`warning: ${e.message}; going on from the checkpoint, counting this job as part 1\n`);
    return undefined;
  }
}

/** The run stands on the cases that converted, but the job is not a success: feedback is waiting. */
function conversionVerdict(io: CliIo, failed: readonly FailedConversion[], code: number): number {
  if (failed.length === 0) return code;
  io.stderr(
    `error: the conversion of feedback issue(s) ${issueList(failed)} failed; they were left out of this run (each issue's case comment says why)\n`,
  );
  return 1;
}

/**
 * Where a run reads and writes its nogoods: `--nogoods`, else beside the bank. A `--world` run keeps
 * its own in `<out>/nogoods`, so what one world taught never vetoes edits in another world, nor in
 * the real bank's next run.
 */
function nogoodsFolder(f: EvolveFlags): string {
  if (f.nogoods !== undefined) return f.nogoods;
  return f.world ? join(f.out, "nogoods") : NOGOODS_DIR;
}

/** Writes the nogoods the run learned beside the bank, and says so: they only help once committed. */
async function saveNogoods(
  io: CliIo,
  dir: string,
  shown: string,
  result: EvolveResult,
  { dryRun, github }: { dryRun: boolean; github: boolean },
): Promise<void> {
  // A preview must not change the run it previews: its diagnosers would avoid what the dry run learned.
  const created = result.record.nogoods?.created.length ?? 0;
  if (dryRun) {
    if (created > 0) io.stderr(`dry run: ${created} nogood(s) learned, not written to ${shown}/\n`);
    return;
  }
  const learned = await writeNogoods(dir, result.record.nogoods?.created ?? []);
  // With --github the app's token commits them to the default branch (publish-nogoods.ts).
  const next = github ? "--github commits them to the default branch" : "commit them with the bank";
  if (learned.length > 0) io.stderr(`${learned.length} new nogood(s) written to ${shown}/: ${next}\n`);
}

/** Hands the frontier on unless the run failed, prints it, and says why it exits 1 if it does. */
async function finish(
  io: CliIo,
  f: EvolveFlags,
  o: { result: EvolveResult; out: string; json: boolean; config: Config; gitPrefix: string | undefined },
): Promise<number> {
  const verdict = evolveVerdict(o.result.record);
  let plan: PlannedAction[] | undefined;
  if (verdict.exitCode === 0) {
    if (o.gitPrefix !== undefined) await (await publishing()).commitFrontier(io, o.result, o.gitPrefix);
    if (f.github) plan = await (await publishing()).publishToGitHub(io, o.out, o.result, o.config, f.dryRun);
  }
  const style = styleOf(io, o.result.record.simulated);
  // Why the run stopped is said once: by the summary on stdout, or here when stdout holds the JSON.
  writeLines(io, [...(o.json ? [stopLine(o.result.record)] : []), ...verdictLines(verdict, style)]);
  if (verdict.exitCode !== 0 && (o.gitPrefix !== undefined || f.github))
    writeLines(
      io,
      verdictLines(
        { ...verdict, warnings: [], errors: ["nothing committed or published: the run failed"] },
        style,
      ),
    );
  // The plan rides along the record in --json, so stdout stays one JSON document.
  if (o.json)
    io.stdout(
      `${JSON.stringify(plan ? { ...o.result.record, publishPlan: plan } : o.result.record, null, 2)}\n`,
    );
  else {
    printSummary(io, o.result.record, f.out);
    if (plan) io.stdout(`\nDry run — nothing pushed or written to GitHub:\n${planLines(plan).join("\n")}\n`);
  }
  return verdict.exitCode;
}

/** A quiet week: nothing to evolve is the job done (exit 0), said in one line with what is missing. */
function quietWeek(io: CliIo, e: NothingToEvolve): number {
  io.stderr(`${nothingLine(e)}\n`);
  return 0;
}

/** The thin writer: progress and verdicts go to stderr, one line each. */
function writeLines(io: CliIo, lines: readonly string[]): void {
  for (const line of lines) io.stderr(`${line}\n`);
}
