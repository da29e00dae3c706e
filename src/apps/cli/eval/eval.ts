// skillops eval --bank DIR --cases DIR [--runner reference|command|kernel|claude-code|codex|agents-sdk] [--agent-cmd 'CMD ARGS']
//               [--n 3] [--k 3] [--seed N] [--fail-under RATE] [--json]
// Evaluates a skill bank on a folder of cases and prints the evaluation record (docs/eval-record.md).
// Exit 0 when every run executed (a failing rubric is a result), 1 when a run failed to execute,
// the total pass rate is under --fail-under, or a failure stopped it; 2 on a usage error.
import { containmentFor } from "../evolve/containment-check.js";
import { containmentOf } from "../../../core/sandbox/containment.js";
import { exposedSkills } from "../../../core/bank/exposure.js";
import { join, resolve } from "node:path";
import { SingleBar } from "cli-progress";
import { formatDiagnostic, hasErrors } from "../../../core/bank/diagnostic.js";
import type { Case } from "../../../records/case.js";
import { caseFolder } from "./case-folder.js";
import type { Config } from "../../../core/config/config.js";
import { createDiskCache } from "../../../io/cache/cache-store.js";
import type { EvalRecord } from "../../../records/eval-record.js";
import { printModelWarnings } from "../evolve/evolve-output.js";
import { evaluate } from "../../../core/evaluate/evaluate.js";
import { createCommandScorer } from "../../../io/runners/command-scorer.js";
import { loadBankFromFolder } from "../../../io/fsio/load-bank.js";
import { readPool, resolveCaseFiles } from "../../../io/fsio/pool-store.js";
import { withoutDrafts } from "../../../core/cases/draft.js";
import { createTraceSink } from "../ingest/traces-out.js";
import { createOpenAIModel, type OpenAIModel } from "../../../io/llm/openai.js";
import { appendStepSummary, UsageError, type CliContext, type CliIo } from "../context.js";
import { printText, summaryMarkdown } from "./eval-output.js";
import { evalVerdict } from "./eval-verdict.js";
import { chooseRunner } from "../evolve/runner-choice.js";
import { loadConfigFile } from "../config-file.js";
import { expectKind } from "../path-kind.js";
import { formatShard, inShard, type Shard } from "../../../core/evaluate/shard.js";
import { shardFlag } from "../shard-flag.js";

export interface EvalFlags {
  bank?: string;
  cases?: string;
  runner?: string;
  agentCmd?: string;
  n?: string;
  k?: string;
  seed?: string;
  bootstrap?: string;
  concurrency?: string;
  config: string;
  cacheDir?: string;
  cache: boolean;
  failUnder?: string;
  tracesOut?: string;
  /** `i/N`: evaluate only this shard's cases (core/evaluate/shard.ts). */
  shard?: string;
}

function positiveInt(name: string, value: string | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new UsageError(`--${name} must be an integer ≥ ${min}, got "${value}"`);
  return n;
}

/** A rate in [0, 1], or a percentage such as `80%`. */
function rateFlag(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const percent = value.trim().endsWith("%");
  const n = Number(percent ? value.trim().slice(0, -1) : value);
  const rate = percent ? n / 100 : n;
  if (value.trim() === "" || !Number.isFinite(rate) || rate < 0 || rate > 1)
    throw new UsageError(
      `--${name} must be a rate between 0 and 1 (or a percentage like 80%), got "${value}"`,
    );
  return rate;
}

/** The settings of one `eval` run: flags over the config file, checked before any work starts. */
interface EvalSettings {
  config: Config;
  n: number;
  k: number;
  seed: number;
  bootstrap: number;
  concurrency: number;
  bankPath: string;
  casesPath: string;
  casesRoot: string;
  failUnder?: number;
  shard?: Shard;
}

async function resolveSettings(io: CliIo, flags: EvalFlags, configExplicit: boolean): Promise<EvalSettings> {
  const config = await loadConfigFile(io, flags.config, configExplicit);
  const n = positiveInt("n", flags.n, config.evolve.n);
  const k = positiveInt("k", flags.k, config.evolve.k);
  if (k > n) throw new UsageError(`--k (${k}) cannot exceed --n (${n})`);
  const seed = positiveInt("seed", flags.seed, config.evolve.seed, Number.MIN_SAFE_INTEGER);
  const bootstrap = positiveInt("bootstrap", flags.bootstrap, config.evaluate.bootstrap);
  const concurrency = positiveInt("concurrency", flags.concurrency, config.models.concurrency);
  const bankPath = flags.bank ?? config.bank;
  const casesPath = flags.cases ?? config.pool;
  const casesRoot = resolve(io.cwd, casesPath);
  // From the flags or the config: either way a folder, and never a file or a FIFO.
  if (!(await expectKind(io.cwd, "--bank", bankPath, "folder")))
    throw new UsageError(`--bank ${bankPath}: no such folder`);
  if (!(await expectKind(io.cwd, "--cases", casesPath, "folder")))
    throw new UsageError(`--cases ${casesPath}: no such folder`);
  const failUnder = rateFlag("fail-under", flags.failUnder);
  const shard = flags.shard === undefined ? undefined : shardFlag(flags.shard);
  return {
    ...{ config, n, k, seed, bootstrap, concurrency, bankPath, casesPath, casesRoot },
    ...(failUnder !== undefined ? { failUnder } : {}),
    ...(shard ? { shard } : {}),
  };
}

/** The judge model, when any case has a judge rubric item; its absence names the cases that need it. */
function chooseJudge(cases: readonly Case[], getModel: () => OpenAIModel): OpenAIModel | undefined {
  const judged = cases.filter((c) => c.task.rubric.some((r) => r.type === "judge"));
  try {
    return judged.length > 0 ? getModel() : undefined;
  } catch (e) {
    const which =
      judged
        .slice(0, 3)
        .map((c) => c.id)
        .join(", ") + (judged.length > 3 ? ", …" : "");
    throw new Error(
      `${judged.length} case(s) have judge rubric items (${which}), which need the judge model: ${(e as Error).message}`,
      { cause: e },
    );
  }
}

/** A progress bar on an interactive terminal only: JSON output and CI logs stay clean. */
function progressBar(io: CliIo, json: boolean): SingleBar | undefined {
  return io.isTTY && !json
    ? new SingleBar({
        format: "evaluating [{bar}] {value}/{total} cases | {caseId}",
        stream: process.stderr,
        hideCursor: true,
      })
    : undefined;
}

/** The bank and the cases, or undefined after printing every error that stops the evaluation. */
async function loadInputs(io: CliIo, s: EvalSettings) {
  const loaded = await loadBankFromFolder(s.bankPath, { cwd: io.cwd });
  const pool = await readPool(s.casesRoot);
  const problems = [
    ...loaded.diagnostics,
    ...pool.diagnostics.map((d) => ({ ...d, file: join(s.casesPath, d.file) })),
  ].filter((d) => d.severity === "error");
  if (hasErrors(problems)) {
    for (const d of problems) io.stderr(`${formatDiagnostic(d)}\n`);
    io.stderr(`error: fix the ${problems.length} error(s) above before evaluating\n`);
    return undefined;
  }
  if (pool.cases.length === 0)
    throw new UsageError(`--cases ${s.casesPath}: no cases found (expected <category>/<id>.yml)`);
  const accepted = withoutDrafts(pool.cases);
  if (accepted.skipped) io.stderr(`warning: ${accepted.skipped}\n`);
  if (accepted.cases.length === 0)
    throw new UsageError(
      `--cases ${s.casesPath}: every case is a draft; accept at least one before evaluating`,
    );
  const cases = s.shard ? accepted.cases.filter((c) => inShard(c.id, s.shard!)) : accepted.cases;
  if (s.shard)
    io.stderr(`shard ${formatShard(s.shard)}: ${cases.length} of ${accepted.cases.length} case(s)\n`);
  return { loaded, pool: { ...pool, cases } };
}

/** Command rubric items: case-supplied code, run contained from the case's folder. */
function commandScorer(config: Config, io: CliIo, casesRoot: string) {
  const ev = config.evaluate;
  return createCommandScorer(
    { timeoutMs: ev.timeoutMs, maxOutputBytes: ev.maxOutputBytes, containment: containmentOf(ev, io.env) },
    (c) => caseFolder(casesRoot, c),
  );
}

export async function runEval(
  ctx: CliContext,
  flags: EvalFlags,
  json: boolean,
  configExplicit: boolean,
): Promise<number> {
  const { io } = ctx;
  const s = await resolveSettings(io, flags, configExplicit);
  const { config, casesRoot } = s;
  const inputs = await loadInputs(io, s);
  if (!inputs) return 1;
  if (inputs.pool.cases.length === 0) return 0; // a shard with no case (more shards than cases)
  const { loaded, pool } = inputs;
  let model: OpenAIModel | undefined;
  const getModel = () => (model ??= createOpenAIModel(config.models, { env: io.env }));
  const runner = chooseRunner(flags.runner ?? config.evaluate.runner, {
    agentCmd: flags.agentCmd,
    config,
    io,
    model: getModel,
  });
  // No execution starts unless it can be contained (docs/security.md).
  await containmentFor(config, io);
  const judge = chooseJudge(pool.cases, getModel);
  const price =
    runner.name === "reference" ? config.models.prices[config.models.roles.agent.model] : undefined;
  const traces = createTraceSink(flags.tracesOut, loaded.bank.skills);
  const bar = progressBar(io, json);
  bar?.start(pool.cases.length, 0, { caseId: "" });
  const cache = diskCache(io, flags, config);
  let record: EvalRecord;
  try {
    record = await evaluate({
      skills: exposedSkills(loaded.bank, loaded.bank.skills),
      skillFiles: loaded.bank.files,
      cases: pool.cases,
      runner,
      n: s.n,
      k: s.k,
      concurrency: s.concurrency,
      bootstrap: s.bootstrap,
      seed: s.seed,
      resolveFiles: (c) => resolveCaseFiles(casesRoot, c),
      runCommand: commandScorer(config, io, casesRoot),
      kernelScore: config.evaluate.kernel.score,
      ...(cache ? { cache } : {}),
      ...(judge ? { judge } : {}),
      ...(price ? { price } : {}),
      onProgress: (p) => bar?.update(p.done, { caseId: p.caseId }),
      onExecution: traces.onExecution,
    });
  } finally {
    bar?.stop();
    await cache?.close();
  }
  await traces.finish(io);
  const warnings = model?.ledger.warnings() ?? [];
  return report(io, warnings.length > 0 ? { ...record, warnings: [...warnings] } : record, s, json);
}

/** The on-disk execution cache `--cache` asks for (closed when the command ends), or undefined. */
function diskCache(io: CliIo, flags: EvalFlags, config: Config) {
  return flags.cache
    ? createDiskCache(resolve(io.cwd, flags.cacheDir ?? config.evaluate.cacheDir))
    : undefined;
}

/** Prints the record and says why it exits 1, if it does. */
async function report(io: CliIo, record: EvalRecord, s: EvalSettings, json: boolean): Promise<number> {
  if (json) io.stdout(`${JSON.stringify(record, null, 2)}\n`);
  else printText(io, record);
  await appendStepSummary(io, summaryMarkdown(record, s.bankPath, s.casesPath));
  printModelWarnings(io, record.warnings);
  const verdict = evalVerdict(record, s.failUnder);
  for (const p of verdict.problems) io.stderr(`error: ${p}\n`);
  return verdict.exitCode;
}
