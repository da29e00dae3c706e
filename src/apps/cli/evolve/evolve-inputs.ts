// Where a `skillops evolve` run's inputs come from, and the run itself: a simulated world (a world
// file, or one generated over --bank), or a bank, accepted cases (--cases, or the feedback issues
// with --github) and a regression pool evolved with the configured model.
import { containmentOf } from "../../../core/sandbox/containment.js";
import type { Nogood } from "../../../records/nogood.js";
import { readLinkedPolicies } from "../../../io/fsio/read-linked-policies.js";
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { hashBank } from "../../../core/bank/hash.js";
import type { SkillBank } from "../../../core/bank/skill.js";
import type { Case } from "../../../records/case.js";
import type { Config } from "../../../core/config/config.js";
import type { RunConfig } from "../../../records/run-record.js";
import {
  EvolveInputError,
  runEvolution,
  type EvolveInputs,
  type EvolveResult,
} from "../../../core/evolve/run.js";
import { casesForScope, checkScopes } from "../../../core/evolve/scopes.js";
import { createCommandScorer } from "../../../io/runners/command-scorer.js";
import { loadBankFromFolder } from "../../../io/fsio/load-bank.js";
import { resolveKernelWorld } from "./kernel-world-files.js";
import { readPool, resolveCaseFiles } from "../../../io/fsio/pool-store.js";
import { withoutDrafts } from "../../../core/cases/draft.js";
import { createTraceSink } from "../ingest/traces-out.js";
import { describeWrite } from "../dry-run-lines.js";
import { generateWorld } from "../../../sim/generate.js";
import { parseWorld, type World } from "../../../sim/world.js";
import { UsageError, type CliIo } from "../context.js";
import { createOpenAIModel } from "../../../io/llm/openai.js";
import { caseFolder } from "../eval/case-folder.js";
import type { EvolveFlags } from "./evolve-flags.js";
import { chooseRunner } from "./runner-choice.js";
import type { SharedDeps } from "./shared-deps.js";
import { checkWorldRunner, runWorld } from "./evolve-world.js";
import { modelDeps } from "./model-deps.js";
import { evolvePool } from "./evolve-pool.js";
import { caseRoots } from "./case-roots.js";
import { systemClock } from "../../../vocabulary/clock.js";
import { noAcceptedFeedback, noneInScope } from "./nothing-to-evolve.js";

/** The collaborators both kinds of run share; each adds its own roles and runner. */
/** `reuse`: the stores of reused model calls (absent with `--no-memo`). */

export async function loadWorld(io: CliIo, file: string): Promise<World> {
  const path = resolve(io.cwd, file);
  const text = await readFile(path, "utf8").catch(() => undefined);
  if (text === undefined) throw new UsageError(`--world ${file}: no such file`);
  // A kernel world keeps its Python beside the world file; it is inlined here.
  return resolveKernelWorld(parseWorld(text, file), dirname(path));
}

async function folderCases(io: CliIo, dir: string, flag: string): Promise<Case[]> {
  const { cases, diagnostics } = await readPool(resolve(io.cwd, dir));
  const errors = diagnostics.filter((d) => d.severity === "error");
  if (errors.length)
    throw new Error(
      `--${flag} ${dir}: ${errors.length} invalid case file(s), first: ${errors[0]!.file}:${errors[0]!.line}: ${errors[0]!.message}`,
    );
  const accepted = withoutDrafts(cases);
  if (accepted.skipped) io.stderr(`warning: --${flag} ${dir}: ${accepted.skipped}\n`);
  return accepted.cases;
}

async function loadBankOrFail(io: CliIo, dir: string): Promise<SkillBank> {
  const loaded = await loadBankFromFolder(dir, { cwd: io.cwd }).catch(() => undefined);
  if (!loaded) throw new UsageError(`--bank ${dir}: no such folder`);
  const errors = loaded.diagnostics.filter((d) => d.severity === "error");
  if (errors.length)
    throw new Error(
      `--bank ${dir}: ${errors.length} error(s), first: ${errors[0]!.file}:${errors[0]!.line}: ${errors[0]!.message} (run skillops validate)`,
    );
  return loaded.bank;
}

/** The simulated world a run plays: --world FILE, or one generated over --bank; and whether it is a kernel world. */
export async function simulatedWorld(
  io: CliIo,
  f: EvolveFlags,
  seed: number,
): Promise<{ world: World; kernel: boolean }> {
  if (f.world) {
    const world = await loadWorld(io, f.world);
    return { world, kernel: checkWorldRunner(world, f.runner, f.world) };
  }
  if (f.runner !== undefined)
    throw new UsageError("--runner with --model sim needs a kernel world: pass --world FILE");
  const dir = f.bank ?? "skill-bank";
  const bank = await loadBankOrFail(io, dir);
  const world = generateWorld({
    seed,
    bank: { origin: dir, skills: bank.skills.map((s) => ({ name: s.name, source: s.source })) },
  });
  io.stderr(
    `simulated world generated over ${dir} (seed ${seed}); write it with 'skillops sim new --bank ${dir} --force --seed ${seed}'\n`,
  );
  return { world, kernel: false };
}

export async function runSimulated(
  io: CliIo,
  f: EvolveFlags,
  run: RunConfig,
  deps: SharedDeps,
  config: Config,
  nogoods: readonly Nogood[] = [],
): Promise<EvolveResult> {
  const { world, kernel } = await simulatedWorld(io, f, run.seed);
  return runWorld(io, world, config, run, deps, nogoods, kernel);
}

/** Accepted cases: --cases DIR, or with --github the accepted feedback issues (converted first if needed). */
async function acceptedCases(
  io: CliIo,
  f: EvolveFlags,
  config: Config,
): Promise<{ cases: Case[]; failedConversions?: FailedConversion[] }> {
  if (f.cases) return { cases: await folderCases(io, f.cases, "cases") };
  if (!f.github)
    throw new EvolveInputError(
      "no accepted cases: pass --cases DIR (a folder of <category>/<id>.yml cases), or --github to read the accepted feedback issues",
    );
  // Loaded with --github only, so that other runs do not keep the GitHub clients' modules.
  const { acceptedCasesFromGitHub, repoFromActions } = await import("../../app/intake/actions-cases.js");
  const { repo } = repoFromActions(io.env);
  const { cases, ingested, writes } = await acceptedCasesFromGitHub({
    repo,
    config,
    env: io.env,
    now: systemClock,
    ...(f.dryRun ? { dryRun: true } : {}),
  });
  for (const w of writes) io.stderr(`github dry-run: would ${describeWrite(w)}\n`);
  const converted = ingested.filter((i) => i.outcome === "converted").length;
  io.stderr(
    `github: ${cases.length} accepted case(s) from feedback issues${converted ? ` (${converted} ${f.dryRun ? "would be converted" : "converted just now"})` : ""}\n`,
  );
  const failed = ingested
    .filter((i) => i.outcome === "failed")
    .map((i) => ({ issue: i.issue, reason: i.detail ?? "unknown" }));
  for (const x of failed) io.stderr(`github: could not convert feedback issue #${x.issue}: ${x.reason}\n`);
  // A quiet week: nothing accepted, nothing failed. A success that says what is missing.
  if (cases.length === 0 && failed.length === 0) throw noAcceptedFeedback();
  // Nothing to evolve from but failures: the run would only measure the baseline.
  if (cases.length === 0)
    throw new EvolveInputError(
      `no accepted case to evolve from: the conversion of feedback issue(s) ${issueList(failed)} failed (each issue's case comment says why)`,
    );
  if (failed.length === 0) return { cases };
  io.stderr(
    `warning: evolving on the ${cases.length} accepted case(s) that converted; ${issueList(failed)} could not be converted\n`,
  );
  return { cases, failedConversions: failed };
}

/** A feedback issue the acceptance sweep could not convert, and why. */
export interface FailedConversion {
  issue: number;
  reason: string;
}

export const issueList = (failed: readonly FailedConversion[]) => failed.map((x) => `#${x.issue}`).join(", ");

/** --scope NAME: only that scope's skills are retrieved, and only the cases that belong to it. */
function restrictToScope(
  f: EvolveFlags,
  config: Config,
  bank: SkillBank,
  cases: Case[],
): { cases: Case[]; restrictTo?: EvolveInputs["restrictTo"] } {
  if (!f.scope) return { cases };
  const problems = checkScopes(
    config.scopes,
    bank.skills.map((s) => s.name),
  );
  if (problems.length) throw new UsageError(`the config's scopes are invalid: ${problems.join("; ")}`);
  const scope = config.scopes.find((s) => s.name === f.scope);
  if (!scope)
    throw new UsageError(
      `--scope ${f.scope}: no such scope in the config (scopes: ${config.scopes.map((s) => s.name).join(", ") || "none"})`,
    );
  const skills = bank.skills.map((s) => ({
    name: s.name,
    description: String(s.frontmatter.description ?? ""),
  }));
  return {
    cases: casesForScope(cases, scope.name, config.scopes, skills),
    restrictTo: { name: scope.name, skills: scope.skills },
  };
}

/** --runner, else the scope's own runner (a kernel scope), else evaluate.runner. */
export const runnerKind = (f: EvolveFlags, config: Config): string =>
  f.runner ?? config.scopes.find((s) => s.name === f.scope)?.runner ?? config.evaluate.runner;

export async function runWithModel(
  io: CliIo,
  f: EvolveFlags,
  config: Config,
  run: RunConfig,
  deps: SharedDeps,
  nogoods: readonly Nogood[] = [],
): Promise<EvolveResult & { inputs: { cases: Case[] }; failedConversions?: FailedConversion[] }> {
  const bank = await loadBankOrFail(io, f.bank ?? config.bank);
  const accepted = await acceptedCases(io, f, config);
  const { cases, restrictTo } = restrictToScope(f, config, bank, accepted.cases);
  // A scope with no accepted case is a quiet week for that matrix job (with --github; --cases is explicit).
  if (cases.length === 0 && f.github && f.scope) throw noneInScope(f.scope, accepted.cases.length);
  const poolDir = f.pool ?? config.pool;
  const pool = await evolvePool(io, f.pool, poolDir, config);
  const rootFor = caseRoots(
    io,
    f,
    config,
    cases.map((c) => c.id),
  );
  const resolveFiles = (c: Case) => resolveCaseFiles(rootFor(c), c);
  const m = createOpenAIModel(config.models, { env: io.env });
  const traces = createTraceSink(f.tracesOut, bank.skills);
  const runner = traces.wrap(
    chooseRunner(runnerKind(f, config), { config, io, model: () => m, reuse: deps.reuse }),
  );
  const hashCases = (cs: readonly Case[]) =>
    hashBank(cs.map((c) => ({ path: c.id, bytes: new TextEncoder().encode(JSON.stringify(c)) })));
  const inputs: EvolveInputs = {
    bank,
    cases,
    pool: pool.pool,
    categories: config.categories,
    // A real run's intervals use the config's resample count (the simulated ones keep the default).
    config: { ...run, bootstrap: config.evaluate.bootstrap },
    simulated: false,
    inputs: { bank: hashBank(bank.files), cases: hashCases(cases), pool: pool.hash },
    policies: await readLinkedPolicies(io.cwd, bank.skills),
    ...optionalInputs(restrictTo, nogoods),
  };
  const result = await runEvolution(inputs, {
    ...deps,
    ...modelDeps(m, run, Boolean(config.models.embedding)),
    runner,
    resolveFiles,
    runCommand: commandScorer(io, config, rootFor),
  });
  await traces.finish(io);
  const warnings = m.ledger.warnings();
  const record = warnings.length > 0 ? { ...result.record, warnings: [...warnings] } : result.record;
  const failedConversions = accepted.failedConversions
    ? { failedConversions: accepted.failedConversions }
    : {};
  return { ...result, record, inputs: { cases }, ...failedConversions };
}

/** Scores command rubric items, each from its case's folder under the root `rootFor` gives. */
export function commandScorer(io: CliIo, config: Config, rootFor: (c: Case) => string) {
  return createCommandScorer(
    {
      timeoutMs: config.evaluate.timeoutMs,
      maxOutputBytes: config.evaluate.maxOutputBytes,
      containment: containmentOf(config.evaluate, io.env),
    },
    (c) => (c ? caseFolder(rootFor(c), c) : Promise.resolve(undefined)),
  );
}

/** The inputs a run has only sometimes: a named scope, nogoods from `.skillops/nogoods/`. */
function optionalInputs(
  restrictTo: EvolveInputs["restrictTo"],
  nogoods: readonly Nogood[],
): Pick<EvolveInputs, "restrictTo" | "nogoods"> {
  return { ...(restrictTo ? { restrictTo } : {}), ...(nogoods.length > 0 ? { nogoods } : {}) };
}
