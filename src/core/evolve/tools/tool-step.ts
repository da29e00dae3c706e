// The plan's tool operations, before the prose rewrites (docs/engine.md "Tool co-evolution"): for
// each plan that targets a tool, the tool-smith returns a bundle, which is checked statically
// (tool-bundle.ts), then parsed and tested through the injected checkers (EvolveDeps.checkScripts,
// runScriptTests). A bundle that fails any check is dropped with its reason, as invalid rewrites
// are; the ones that pass are applied in plan order, each on the bank the previous ones made.
import type { ScriptParse } from "../../audit/audit-input.js";
import type { SkillBank } from "../../bank/skill.js";
import { addTokens, ZERO_TOKENS, type Tokens } from "../../../records/tokens.js";
import { deriveSeed } from "../../../vocabulary/rng.js";
import { spend, withinBudget, type EvolveDeps, type RunContext } from "../context.js";
import type { SkillPlan, RoleTokens } from "../../../records/run-record.js";
import type { ToolSmith } from "../../llm/roles.js";
import { callerFiles, callSites, checkBundle } from "./tool-bundle.js";
import { benefitReason, extractionBenefit } from "./extraction-benefit.js";
import {
  isToolTarget,
  toolDir,
  type ExtractionBenefit,
  type ToolBundle,
  type ToolOpRecord,
} from "../../../records/tool-op.js";

export interface ToolStep {
  bank: SkillBank;
  records: ToolOpRecord[];
  /** One entry per skill folder an applied bundle changed, naming the operation. */
  changed: { skill: string; summary: string }[];
  usage: Tokens;
}

export interface ToolStepOptions {
  toolSmith?: ToolSmith;
  checkScripts?: EvolveDeps["checkScripts"];
  runScriptTests?: EvolveDeps["runScriptTests"];
  parent: SkillBank;
  scope: readonly string[];
  plan: readonly SkillPlan[];
  seed: number;
  /** SkillSmith's extraction-benefit rule (extraction-benefit.ts); absent = off. */
  extractionRule?: boolean;
  mayContinue?: (pending: number) => boolean;
}

/** A skill's own tests: `scripts/test_*` (docs/bank.md, "Script tests"); the runner skips what it cannot run. */
export const SCRIPT_TEST = /\/scripts\/test_[^/]+$/;

/** The iteration's tool step with the run's roles, checkers and budget; spends the tool-smith's tokens. */
export async function toolStep(
  ctx: RunContext,
  parent: SkillBank,
  plan: readonly SkillPlan[],
  at: { seed: number; tokens: Record<string, RoleTokens> },
): Promise<ToolStep> {
  const { toolSmith } = ctx.deps.roles;
  const { checkScripts, runScriptTests } = ctx.deps;
  const step = await applyToolPlans({
    ...(toolSmith ? { toolSmith } : {}),
    ...(checkScripts ? { checkScripts } : {}),
    ...(runScriptTests ? { runScriptTests } : {}),
    parent,
    scope: ctx.state.scope,
    plan,
    seed: at.seed,
    ...(ctx.in.config.extractionRule ? { extractionRule: true } : {}),
    mayContinue: (pending) => withinBudget(ctx, pending),
  });
  if (toolPlans(plan).length) spend(ctx, "tool-smith", step.usage, at.tokens);
  return step;
}

export function toolPlans(plan: readonly SkillPlan[]): SkillPlan[] {
  return plan.filter((p) => isToolTarget(p.skill));
}

export async function applyToolPlans(opts: ToolStepOptions): Promise<ToolStep> {
  const step: ToolStep = { bank: opts.parent, records: [], changed: [], usage: ZERO_TOKENS };
  for (const item of toolPlans(opts.plan)) {
    const drop = (reason: string) =>
      step.records.push({ tool: item.skill, status: "dropped", reason, files: [] });
    const owner = step.bank.skills.find((s) => s.dir === toolDir(item.skill));
    if (!owner) drop("no skill of the bank holds this tool");
    else if (!opts.scope.includes(owner.name)) drop("outside the working scope");
    else if (!opts.toolSmith) drop("no tool-smith role is configured");
    else if (opts.mayContinue && !opts.mayContinue(step.usage.input + step.usage.output))
      drop("the run's token budget is spent");
    else await carryOut(opts, step, item, opts.toolSmith);
  }
  return step;
}

async function carryOut(
  opts: ToolStepOptions,
  step: ToolStep,
  item: SkillPlan,
  smith: ToolSmith,
): Promise<void> {
  const bank = step.bank;
  const text = (path: string) => {
    const f = bank.files.find((x) => x.path === path);
    return f ? new TextDecoder().decode(f.bytes) : undefined;
  };
  // Without a typed op (a model diagnoser's plan), the skills the plan names are the candidate callers.
  const named = item.op
    ? callerFiles(bank, item.op)
    : bank.skills
        .filter((s) => opts.scope.includes(s.name) && item.plan.includes(s.name))
        .map((s) => `${s.dir}/SKILL.md`);
  const paths = [...new Set([...callSites(bank, item.skill).map((s) => s.file), ...named])].sort();
  const source = text(item.skill);
  const answer = await smith.carryOut({
    tool: item.skill,
    plan: item.plan,
    ...(item.op ? { op: item.op } : {}),
    ...(source !== undefined ? { source } : {}),
    callers: paths.flatMap((path) => (text(path) === undefined ? [] : [{ path, text: text(path)! }])),
    seed: deriveSeed(opts.seed, `tool:${item.skill}`),
  });
  step.usage = addTokens(step.usage, answer.usage);
  const base = { tool: item.skill, files: [] as string[] };
  if (!answer.ok)
    return void step.records.push({
      ...base,
      status: "dropped",
      reason: `tool-smith failed: ${answer.failure}`,
    });
  const bundle = answer.value;
  const kind = bundle.op.kind;
  const checked = checkBundle(bank, opts.scope, bundle, item.op);
  if (!checked.ok)
    return void step.records.push({ ...base, kind, status: "dropped", reason: checked.reason });
  if (checked.changed.length === 0)
    return void step.records.push({ ...base, kind, status: "unchanged", summary: bundle.summary });
  await settle(opts, step, item, { bank, bundle, checked });
}

/** A bundle that passed the static checks: the extraction rule, then parse and tests; applied if all pass. */
async function settle(
  opts: ToolStepOptions,
  step: ToolStep,
  item: SkillPlan,
  at: { bank: SkillBank; bundle: ToolBundle; checked: { bank: SkillBank; changed: string[] } },
): Promise<void> {
  const { bank, bundle, checked } = at;
  const kind = bundle.op.kind;
  const base = { tool: item.skill, files: [] as string[] };
  // The rule is static (token counts), so a refused extract costs no parse or test run.
  const benefit = opts.extractionRule ? benefitOf(bank, checked, bundle) : undefined;
  if (benefit && !benefit.kept)
    return void step.records.push({
      ...base,
      kind,
      status: "dropped",
      reason: benefitReason(benefit),
      benefit,
    });
  const skipped: string[] = [];
  const problem = await runChecks(opts, checked.bank, checked.changed, skipped);
  const extra = skipped.length ? { skipped } : {};
  if (problem) return void step.records.push({ ...base, kind, status: "dropped", reason: problem, ...extra });
  step.bank = checked.bank;
  step.records.push({
    ...base,
    kind,
    status: "applied",
    summary: bundle.summary,
    files: checked.changed,
    ...extra,
    ...(benefit ? { benefit } : {}),
  });
  for (const skill of bank.skills.filter((s) => checked.changed.some((p) => p.startsWith(`${s.dir}/`))))
    step.changed.push({ skill: skill.name, summary: `Tool ${kind} of ${item.skill}: ${bundle.summary}` });
}

/** The extraction-benefit rule's figures for an extract; undefined for other operations. */
function benefitOf(
  bank: SkillBank,
  checked: { bank: SkillBank; changed: string[] },
  bundle: ToolBundle,
): ExtractionBenefit | undefined {
  if (bundle.op.kind !== "extract") return undefined;
  return extractionBenefit(bank, checked.bank, bundle.op.tool, checked.changed);
}

/** Parse the changed scripts, then run the touched skills' own tests; the first problem, if any. */
async function runChecks(
  opts: ToolStepOptions,
  bank: SkillBank,
  changed: readonly string[],
  skipped: string[],
): Promise<string | undefined> {
  const present = new Set(bank.files.map((f) => f.path));
  const ownerOf = (path: string) => bank.skills.find((s) => path.startsWith(`${s.dir}/`))?.name ?? "";
  const scripts = changed
    .filter((p) => present.has(p) && p.includes("/scripts/")) // the checker skips what it has no interpreter for
    .map((file) => ({ skill: ownerOf(file), file }));
  const parseProblem = await checkWith(opts.checkScripts, bank, scripts, "does not parse", skipped, "parse");
  if (parseProblem) return parseProblem;
  const dirs = new Set(changed.map(ownerOf));
  const tests = bank.files
    .filter((f) => SCRIPT_TEST.test(f.path) && dirs.has(ownerOf(f.path)))
    .map((f) => ({ skill: ownerOf(f.path), file: f.path }));
  return checkWith(opts.runScriptTests, bank, tests, "fails", skipped, "tests");
}

async function checkWith(
  checker:
    ((bank: SkillBank, s: readonly { skill: string; file: string }[]) => Promise<ScriptParse[]>) | undefined,
  bank: SkillBank,
  scripts: readonly { skill: string; file: string }[],
  verb: string,
  skipped: string[],
  what: string,
): Promise<string | undefined> {
  if (scripts.length === 0) return undefined;
  if (!checker) {
    skipped.push(`${what}: no checker in this run`);
    return undefined;
  }
  const results = await checker(bank, scripts);
  for (const r of results.filter((x) => x.status === "skipped"))
    skipped.push(`${what} ${r.file}: ${r.message ?? ""}`);
  const bad = results.find((r) => r.status === "failed");
  return bad ? `${bad.file} ${verb}: ${bad.message ?? "(no message)"}` : undefined;
}
