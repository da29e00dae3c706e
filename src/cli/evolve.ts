// skillops evolve [--bank DIR --cases DIR --pool DIR | --world FILE] [--model openai|sim] [--seed N]
//                 [--out DIR] [--git] [--json] [engine knobs...]
// Runs the FRAMES loop (docs/engine.md) and writes each frontier member's bank under --out
// (frontier/<hash8>/), the run record (run-record.json) and a checkpoint after every iteration. A
// run started again with the same inputs resumes from its checkpoint; different inputs are refused.
// With the simulated model every figure printed is labelled simulated.
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import type { Command } from "commander";
import { hashBank } from "../bank/hash.js";
import type { SkillBank } from "../bank/skill.js";
import type { Case } from "../cases/case.js";
import type { Config } from "../config/config.js";
import { createDiskCache } from "../evaluate/cache-store.js";
import { type Checkpoint, parseCheckpoint, ResumeRefused } from "../evolve/checkpoint.js";
import { createModelRoles } from "../evolve/model-roles.js";
import {
  EvolveInputError,
  runConfigOf,
  runEvolution,
  type EvolveDeps,
  type EvolveInputs,
  type EvolveResult,
} from "../evolve/run.js";
import { loadBankFromFolder } from "../fsio/load-bank.js";
import { readPool, resolveCaseFiles } from "../fsio/pool-store.js";
import { writeFolder } from "../fsio/write-folder.js";
import { commitFiles } from "../git/commit-files.js";
import { createOpenAIModel } from "../llm/openai.js";
import { generateWorld } from "../sim/generate.js";
import { runSimulatedEvolution } from "../sim/run.js";
import { acceptedCasesFromGitHub, repoFromActions } from "../github/intake/actions-cases.js";
import { publishFromActions } from "../github/frontier/publish.js";
import { casesForScope, checkScopes } from "../evolve/scopes.js";
import { parseWorld, WorldError, type World } from "../sim/world.js";
import {
  colours,
  UsageError,
  wantsJson,
  type CliContext,
  type CliIo,
  type RegisterCommand,
} from "./context.js";
import { loadConfigFile } from "./eval.js";
import { printProgress, printSummary } from "./evolve-output.js";
import { chooseRunner } from "./runner-choice.js";

export interface EvolveFlags {
  bank?: string;
  cases?: string;
  pool?: string;
  world?: string;
  model?: string;
  seed?: string;
  out: string;
  git?: boolean;
  github?: boolean;
  scope?: string;
  fresh?: boolean;
  config: string;
  topK?: string;
  batchSize?: string;
  maxIterations?: string;
  patience?: string;
  frontierCap?: string;
  consolidation?: string;
  voteThreshold?: string;
  epsilon?: string;
  regressionSample?: string;
  anchors?: string;
  n?: string;
  k?: string;
  screening?: boolean;
  operatingPoint?: string;
  budgetTokens?: string;
  concurrency?: string;
}

function num(
  name: string,
  v: string | undefined,
  opts: { int?: boolean; min?: number; max?: number } = {},
): number | undefined {
  if (v === undefined) return undefined;
  const x = Number(v);
  const bad =
    !Number.isFinite(x) ||
    (opts.int && !Number.isInteger(x)) ||
    (opts.min !== undefined && x < opts.min) ||
    (opts.max !== undefined && x > opts.max);
  if (bad)
    throw new UsageError(
      `--${name} must be ${opts.int ? "an integer" : "a number"}${opts.min !== undefined ? ` ≥ ${opts.min}` : ""}${opts.max !== undefined ? ` and ≤ ${opts.max}` : ""}, got "${v}"`,
    );
  return x;
}

/** Config file values, overridden by flags. */
export function engineConfig(config: Config, f: EvolveFlags) {
  const e = { ...config.evolve };
  const set = <K extends keyof typeof e>(key: K, value: (typeof e)[K] | undefined) => {
    if (value !== undefined) e[key] = value;
  };
  set("topK", num("top-k", f.topK, { int: true, min: 1 }));
  set("batchSize", num("batch-size", f.batchSize, { int: true, min: 1 }));
  set("maxIterations", num("max-iterations", f.maxIterations, { int: true, min: 0 }));
  set("patience", num("patience", f.patience, { int: true, min: 1 }));
  set("frontierCap", num("frontier-cap", f.frontierCap, { int: true, min: 1 }));
  set("voteThreshold", num("vote-threshold", f.voteThreshold, { min: 0, max: 1 }));
  set("epsilon", num("epsilon", f.epsilon, { min: 0, max: 1 }));
  set("regressionSample", num("regression-sample", f.regressionSample, { min: 0 }));
  set("anchorsPerSkill", num("anchors", f.anchors, { int: true, min: 0 }));
  set("n", num("n", f.n, { int: true, min: 1 }));
  set("k", num("k", f.k, { int: true, min: 1 }));
  set("seed", num("seed", f.seed, { int: true }));
  if (f.screening) e.screening = true;
  if (f.consolidation !== undefined) {
    if (!["none", "section", "cluster"].includes(f.consolidation))
      throw new UsageError(`--consolidation must be none, section or cluster, got "${f.consolidation}"`);
    e.consolidation = f.consolidation as typeof e.consolidation;
  }
  if (f.operatingPoint !== undefined) {
    if (!["accuracy", "balanced", "cost"].includes(f.operatingPoint))
      throw new UsageError(`--operating-point must be accuracy, balanced or cost, got "${f.operatingPoint}"`);
    e.operatingPoint = f.operatingPoint as typeof e.operatingPoint;
  }
  if (e.k > e.n) throw new UsageError(`--k (${e.k}) cannot exceed --n (${e.n})`);
  const budget = num("budget-tokens", f.budgetTokens, { int: true, min: 1 }) ?? config.models.budget.tokens;
  return runConfigOf(e, budget);
}

async function readCheckpoint(out: string): Promise<Checkpoint | undefined> {
  const text = await readFile(join(out, "checkpoint.json"), "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    return parseCheckpoint(JSON.parse(text));
  } catch (e) {
    throw new Error(
      `${join(out, "checkpoint.json")}: not a usable checkpoint (${(e as Error).message.split("\n")[0]}); remove it or pass --fresh`,
      { cause: e },
    );
  }
}

async function loadWorld(io: CliIo, file: string): Promise<World> {
  const text = await readFile(resolve(io.cwd, file), "utf8").catch(() => undefined);
  if (text === undefined) throw new UsageError(`--world ${file}: no such file`);
  return parseWorld(text, file);
}

async function folderCases(io: CliIo, dir: string, flag: string): Promise<Case[]> {
  const { cases, diagnostics } = await readPool(resolve(io.cwd, dir));
  const errors = diagnostics.filter((d) => d.severity === "error");
  if (errors.length)
    throw new Error(
      `--${flag} ${dir}: ${errors.length} invalid case file(s), first: ${errors[0]!.file}:${errors[0]!.line}: ${errors[0]!.message}`,
    );
  return cases;
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

export async function runEvolve(
  ctx: CliContext,
  f: EvolveFlags,
  json: boolean,
  configExplicit: boolean,
): Promise<number> {
  const { io } = ctx;
  const config = await loadConfigFile(io, f.config, configExplicit);
  const run = engineConfig(config, f);
  const model = f.model ?? (f.world ? "sim" : config.models.provider);
  if (model !== "sim" && model !== "openai")
    throw new UsageError(`--model must be openai or sim, got "${model}"`);
  if (f.world && model !== "sim")
    throw new UsageError("--world brings its own simulated agent and roles: it implies --model sim");
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
  const gitPrefix = f.git ? bankPrefix(io, f, config) : undefined;
  const out = resolve(io.cwd, f.out);
  await mkdir(out, { recursive: true });
  if (f.fresh) await rm(join(out, "checkpoint.json"), { force: true });
  const resume = await readCheckpoint(out);
  const concurrency = num("concurrency", f.concurrency, { int: true, min: 1 }) ?? config.models.concurrency;
  const limit = concurrencyLimit(concurrency);
  const deps: Omit<EvolveDeps, "roles" | "runner"> = {
    now: () => new Date(),
    cache: createDiskCache(join(out, "cache")),
    limit,
    parallelCases: concurrency,
    // Write then rename, so a kill during the write leaves the previous checkpoint intact.
    checkpoint: async (cp) => {
      await writeFile(join(out, "checkpoint.json.tmp"), `${JSON.stringify(cp)}\n`);
      await rename(join(out, "checkpoint.json.tmp"), join(out, "checkpoint.json"));
    },
    ...(resume ? { resume } : {}),
    ...(json ? {} : { onProgress: (e) => printProgress(io, e, model === "sim") }),
  };
  if (resume && !json)
    io.stderr(`resuming from ${join(f.out, "checkpoint.json")} after iteration ${resume.state.t}\n`);
  let result: EvolveResult;
  try {
    result = await (model === "sim" ? simulated(io, f, run, deps) : withModel(io, f, config, run, deps));
  } catch (e) {
    if (e instanceof ResumeRefused || e instanceof EvolveInputError || e instanceof WorldError) {
      io.stderr(`error: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
  await writeOutputs(io, out, result, gitPrefix);
  if (f.github) await publishToGitHub(io, out, result, f, config);
  if (json) io.stdout(`${JSON.stringify(result.record, null, 2)}\n`);
  else printSummary(io, result.record, f.out);
  return 0;
}

async function simulated(
  io: CliIo,
  f: EvolveFlags,
  run: ReturnType<typeof engineConfig>,
  deps: Omit<EvolveDeps, "roles" | "runner">,
): Promise<EvolveResult> {
  let world: World;
  if (f.world) world = await loadWorld(io, f.world);
  else {
    const dir = f.bank ?? "skill-bank";
    const bank = await loadBankOrFail(io, dir);
    world = generateWorld({
      seed: run.seed,
      bank: { origin: dir, skills: bank.skills.map((s) => ({ name: s.name, source: s.source })) },
    });
    io.stderr(
      `simulated world generated over ${dir} (seed ${run.seed}); write it with 'skillops sim new --bank ${dir} --seed ${run.seed}'\n`,
    );
  }
  return runSimulatedEvolution(world, run, deps);
}

/** Accepted cases: --cases DIR, or with --github the accepted feedback issues (converted first if needed). */
async function acceptedCases(
  io: CliIo,
  f: EvolveFlags,
  config: Config,
): Promise<{ cases: Case[]; root?: string }> {
  if (f.cases) return { cases: await folderCases(io, f.cases, "cases"), root: resolve(io.cwd, f.cases) };
  if (!f.github)
    throw new EvolveInputError(
      "no accepted cases: pass --cases DIR (a folder of <category>/<id>.yml cases), or --github to read the accepted feedback issues",
    );
  const { repo } = repoFromActions(io.env);
  const { cases, ingested } = await acceptedCasesFromGitHub({
    repo,
    config,
    env: io.env,
    now: () => new Date().toISOString(),
  });
  const converted = ingested.filter((i) => i.outcome === "converted").length;
  io.stderr(
    `github: ${cases.length} accepted case(s) from feedback issues${converted ? ` (${converted} converted just now)` : ""}\n`,
  );
  return { cases };
}

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

async function withModel(
  io: CliIo,
  f: EvolveFlags,
  config: Config,
  run: ReturnType<typeof engineConfig>,
  deps: Omit<EvolveDeps, "roles" | "runner">,
): Promise<EvolveResult & { inputs: { cases: Case[] } }> {
  const bankDir = f.bank ?? config.bank;
  const bank = await loadBankOrFail(io, bankDir);
  const accepted = await acceptedCases(io, f, config);
  const { cases, restrictTo } = restrictToScope(f, config, bank, accepted.cases);
  const poolDir = f.pool ?? config.pool;
  const poolExists = await stat(resolve(io.cwd, poolDir)).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!poolExists && f.pool) throw new UsageError(`--pool ${f.pool}: no such folder`);
  const pool = poolExists ? await folderCases(io, poolDir, "pool") : [];
  const casesRoot = accepted.root ?? resolve(io.cwd, poolDir);
  const rootOf = new Map<string, string>([
    ...pool.map((c) => [c.id, resolve(io.cwd, poolDir)] as const),
    ...cases.map((c) => [c.id, casesRoot] as const),
  ]);
  const resolveFiles = (c: Case) => resolveCaseFiles(rootOf.get(c.id) ?? casesRoot, c);
  const m = createOpenAIModel(config.models, { env: io.env });
  const runner = chooseRunner(config.evaluate.runner, { config, io, model: () => m });
  const hashCases = (cs: readonly Case[]) =>
    hashBank(cs.map((c) => ({ path: c.id, bytes: new TextEncoder().encode(JSON.stringify(c)) })));
  const inputs: EvolveInputs = {
    bank,
    cases,
    pool,
    categories: config.categories,
    config: run,
    simulated: false,
    inputs: { bank: hashBank(bank.files), cases: hashCases(cases), pool: hashCases(pool) },
    ...(restrictTo ? { restrictTo } : {}),
  };
  // Hybrid retrieval (BM25 fused with embedding similarity) when an embedding model is configured.
  const embed = config.models.embedding ? { embed: (texts: readonly string[]) => m.embed(texts) } : {};
  const result = await runEvolution(inputs, {
    ...deps,
    ...embed,
    roles: createModelRoles(m),
    runner,
    resolveFiles,
    bootstrap: config.evaluate.bootstrap,
  });
  return { ...result, inputs: { cases } };
}

function concurrencyLimit(max: number): <T>(fn: () => Promise<T>) => Promise<T> {
  let active = 0;
  const queue: (() => void)[] = [];
  return async (fn) => {
    if (active >= max) await new Promise<void>((r) => queue.push(r));
    active++;
    try {
      return await fn();
    } finally {
      active--;
      queue.shift()?.();
    }
  };
}

/** Where the bank lives in the repository, for --git; refused before the run when outside it. */
function bankPrefix(io: CliIo, f: EvolveFlags, config: Config): string {
  if (f.world) return config.bank;
  const rel = relative(io.cwd, resolve(io.cwd, f.bank ?? config.bank))
    .split(sep)
    .join("/");
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel))
    throw new UsageError(
      `--git commits the bank inside this repository, but --bank ${f.bank ?? config.bank} is not inside ${io.cwd}`,
    );
  return rel;
}

async function writeOutputs(
  io: CliIo,
  out: string,
  result: EvolveResult,
  gitPrefix: string | undefined,
): Promise<void> {
  await writeFile(join(out, "run-record.json"), `${JSON.stringify(result.record, null, 2)}\n`);
  for (const [hash, bank] of result.banks) {
    const dir = join(out, "frontier", hash.slice(0, 8));
    await rm(dir, { recursive: true, force: true });
    await writeFolder(dir, bank.files);
  }
  if (gitPrefix === undefined) return;
  const gitdir = join(io.cwd, ".git");
  const c = colours(io);
  for (const member of result.record.frontier) {
    const bank = result.banks.get(member.candidate)!;
    const branch = `skillops/frontier/${member.candidate.slice(0, 8)}`;
    const label = result.record.simulated ? " (simulated)" : "";
    const commit = await commitFiles({
      gitdir,
      parent: "HEAD",
      branch,
      prefix: gitPrefix,
      files: bank.files,
      message: `skillops: frontier member ${member.candidate.slice(0, 8)}${label}, ${member.operatingPoint}, pass rate ${member.passRate.toFixed(3)}\n\n${member.changes.map((x) => `- ${x.skill}: ${x.summary}`).join("\n")}\n`,
      author: { name: "skillops", email: "skillops@users.noreply.github.com" },
      timestamp: Math.floor(Date.parse(result.record.finishedAt) / 1000),
    });
    io.stderr(`${c.dim("git")} ${branch} → ${commit.slice(0, 8)}\n`);
  }
}

/** `--github`: one draft PR per frontier member, through the GitHub API and a push (src/github/publish.ts). */
async function publishToGitHub(
  io: CliIo,
  out: string,
  result: EvolveResult & { inputs?: { cases: Case[] } },
  f: EvolveFlags,
  config: Config,
): Promise<void> {
  const cases = result.inputs?.cases ?? [];
  const scratchDir = join(out, "publish.git");
  await rm(scratchDir, { recursive: true, force: true });
  const results = await publishFromActions({
    record: result.record,
    banks: result.banks,
    cases,
    config,
    env: io.env,
    version: io.env.npm_package_version ?? "0.1.0",
    scratchDir,
  });
  for (const r of results)
    io.stderr(
      `github ${r.outcome} ${r.candidate.slice(0, 8)}${r.pullRequest ? ` #${r.pullRequest}` : ""}${r.reason ? ` (${r.reason})` : ""}\n`,
    );
}

export const registerEvolve: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command("evolve")
    .description(
      "run the FRAMES evolution loop: a guarded, per-category-gated Pareto frontier of skill banks",
    )
    .option("--bank <dir>", "skill bank folder (default: config bank, skill-bank)")
    .option("--cases <dir>", "accepted cases to evolve from, <category>/<id>.yml")
    .option("--pool <dir>", "regression pool folder (default: config pool, regression-pool)")
    .option("--world <file>", "a simulated world file (skillops sim new); implies --model sim")
    .option("--model <kind>", "openai or sim (default: config models.provider; sim with --world)")
    .option("--seed <n>", "base seed (default 0)")
    .option(
      "--out <dir>",
      "output folder: frontier banks, run-record.json, checkpoint.json, cache/",
      "evolve-out",
    )
    .option(
      "--git",
      "also commit each frontier member to a branch skillops/frontier/<hash8> in this repository",
    )
    .option(
      "--github",
      "in Actions: read the accepted feedback issues as the cases (unless --cases), and open or update one draft PR per frontier member (docs/pull-requests.md)",
    )
    .option(
      "--scope <name>",
      "restrict the run to one working scope from the config's `scopes` (one matrix job per scope)",
    )
    .option("--fresh", "ignore an existing checkpoint in --out and start over")
    .option("--config <file>", "config file", ".github/skillops.yml")
    .option("--top-k <k>", "working scope size (default 5)")
    .option("--batch-size <b>", "cases per diagnoser (default 8)")
    .option("--max-iterations <t>", "iterations T (default 10)")
    .option("--patience <p>", "stop after this many iterations without a frontier change (default 3)")
    .option("--frontier-cap <c>", "frontier size cap (default 3; 1 = greedy)")
    .option("--consolidation <mode>", "none, section or cluster (default section)")
    .option("--vote-threshold <q>", "fraction of diagnosers that must propose a skill edit (default 0.4)")
    .option("--epsilon <e>", "relative regression tolerance per category (default 0.05)")
    .option("--regression-sample <f>", "pool sample as a fraction of the evaluation set (default 0.5)")
    .option("--anchors <m>", "anchor cases per rewritten skill (default 3)")
    .option("--n <runs>", "runs per case (default 3)")
    .option("--k <k>", "k of pass@k (default 3)")
    .option("--screening", "screen children with one run per case before n runs (lossy; off by default)")
    .option("--operating-point <p>", "which member is P*: accuracy, balanced or cost (default accuracy)")
    .option("--budget-tokens <t>", "stop cleanly once the run has spent this many tokens")
    .option("--concurrency <c>", "agent executions at once (default: models.concurrency)")
    .option("--json", "print the run record as JSON")
    .addHelpText(
      "after",
      "\nExamples:\n  $ skillops evolve --model sim                      simulated world over skill-bank/\n  $ skillops sim new --seed 7 > world.yml && skillops evolve --world world.yml --json\n  $ skillops evolve --cases accepted/ --model openai --git\n\nExit status: 0 run finished, 1 failure or refused input, 2 usage error.\n",
    )
    .action(async (flags: EvolveFlags, command: Command) => {
      ctx.exitCode = await runEvolve(
        ctx,
        flags,
        wantsJson(command),
        command.getOptionValueSource("config") === "cli",
      );
    });
};
