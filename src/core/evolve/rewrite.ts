// Skill improvement (FRAMES §3.4): for each skill the merged plan targets, fetch anchor cases from
// the regression pool, hand the rewriter the full SKILL.md, the anchors, sibling one-line summaries
// and the auxiliary-file inventory, and validate what comes back. A rewrite of a skill outside the
// scope, or one that fails validation, is dropped with its reason and never reaches a child.
import { replaceSkillSource } from "../bank/bank.js";
import { formatDiagnostic } from "../bank/diagnostic.js";
import type { Skill, SkillBank } from "../bank/skill.js";
import { skillScriptInterfaces } from "../bank/script-interface.js";
import { validateSkill } from "../bank/validate.js";
import type { Case } from "../../records/case.js";
import { selectAnchors } from "../cases/sample.js";
import type { PoolCases } from "./pool-cases.js";
import { addTokens, ZERO_TOKENS, type Tokens } from "../../records/tokens.js";
import { deriveRng, deriveSeed } from "../../vocabulary/rng.js";
import type { RewriteRecord, SkillPlan } from "../../records/run-record.js";
import type { AuditFindingView, Rewriter, SkillView } from "../llm/roles.js";
import type { Suspect } from "../../records/suspect.js";
import { skillOfComponent } from "./localise/sites.js";

export function viewOf(skill: Skill): SkillView {
  return { name: skill.name, description: String(skill.frontmatter.description ?? ""), source: skill.source };
}

/** First sentence of the description, at most 160 characters. */
export function oneLine(skill: Skill): string {
  const d = String(skill.frontmatter.description ?? "")
    .replace(/\s+/g, " ")
    .trim();
  const first = d.split(/(?<=\.)\s/)[0] ?? d;
  return first.length > 160 ? `${first.slice(0, 157)}...` : first;
}

export interface RewriteStep {
  bank: SkillBank;
  records: RewriteRecord[];
  /** Skills actually changed, with their summaries. */
  changed: { skill: string; summary: string }[];
  anchors: string[];
  usage: Tokens;
}

export interface RewriteOptions {
  rewriter: Rewriter;
  parent: SkillBank;
  scope: readonly string[];
  plan: readonly SkillPlan[];
  pool: PoolCases;
  anchorsPerSkill: number;
  /** Ids never used as anchors (the run's own cases). */
  exclude: ReadonlySet<string>;
  seed: number;
  /** Asked before each rewrite with the tokens the rewrites so far have spent. */
  mayContinue?: (pending: number) => boolean;
  /** A repair round (audit/repair-child.ts): per skill, the audit's error findings to fix. */
  findings?: ReadonlyMap<string, readonly AuditFindingView[]>;
  /** Fault localisation's repair sites (localise.ts); each rewrite is given those in its skill. */
  sites?: readonly Suspect[];
}

export async function rewriteParent(opts: RewriteOptions): Promise<RewriteStep> {
  const scope = new Set(opts.scope);
  const names = new Set(opts.parent.skills.map((s) => s.name));
  const step: RewriteStep = { bank: opts.parent, records: [], changed: [], anchors: [], usage: ZERO_TOKENS };
  for (const item of opts.plan) {
    const skill = step.bank.skills.find((s) => s.name === item.skill);
    if (!scope.has(item.skill) || !skill) {
      const reason = skill ? "outside the working scope" : "no such skill in the bank";
      step.records.push({ skill: item.skill, status: "dropped", reason, anchors: [] });
      continue;
    }
    if (opts.mayContinue && !opts.mayContinue(step.usage.input + step.usage.output)) {
      const reason = "the run's token budget is spent";
      step.records.push({ skill: item.skill, status: "dropped", reason, anchors: [] });
      continue;
    }
    await rewriteSkill(opts, step, { skill, plan: item.plan, scope, names });
  }
  return { ...step, anchors: [...new Set(step.anchors)] };
}

/** One skill of the plan: anchors, the rewriter's answer, validation; adds to `step`. */
async function rewriteSkill(
  opts: RewriteOptions,
  step: RewriteStep,
  job: { skill: Skill; plan: string; scope: ReadonlySet<string>; names: ReadonlySet<string> },
): Promise<void> {
  const { skill } = job;
  const findings = opts.findings?.get(skill.name);
  const sites = (opts.sites ?? []).filter((s) => skillOfComponent(s.component) === skill.name);
  const anchors = await anchorsOf(opts, skill.name);
  const anchorIds = anchors.map((a) => a.id);
  step.anchors.push(...anchorIds);
  const siblings = step.bank.skills
    .filter((s) => job.scope.has(s.name) && s.name !== skill.name)
    .map((s) => ({ name: s.name, summary: oneLine(s) }));
  const answer = await opts.rewriter.rewrite({
    skill: viewOf(skill),
    plan: job.plan,
    anchors,
    siblings,
    auxiliary: skill.auxiliary,
    interfaces: skillScriptInterfaces(step.bank.files, skill),
    ...(findings ? { auditFindings: findings } : {}),
    ...(sites.length ? { sites } : {}),
    seed: deriveSeed(opts.seed, `rewrite:${skill.name}`),
  });
  step.usage = addTokens(step.usage, answer.usage);
  const drop = (reason: string) =>
    step.records.push({ skill: skill.name, status: "dropped", reason, anchors: anchorIds });
  if (!answer.ok) return void drop(`rewriter failed: ${answer.failure}`);
  const { source, summary } = answer.value;
  if (source === skill.source)
    return void step.records.push({ skill: skill.name, status: "unchanged", summary, anchors: anchorIds });
  const problem = validationProblem(step.bank, skill, source, job.names);
  if (problem) return void drop(problem);
  step.bank = replaceSkillSource(step.bank, skill.name, source);
  step.records.push({ skill: skill.name, status: "rewritten", summary, anchors: anchorIds });
  step.changed.push({ skill: skill.name, summary });
}

/** Regression-pool cases whose resolution depends on the skill: the rewrite's behavioural constraints. */
function anchorsOf(opts: RewriteOptions, skill: string): Promise<Case[]> {
  const entries = selectAnchors({
    index: opts.pool.index,
    skill,
    count: opts.anchorsPerSkill,
    rng: deriveRng(opts.seed, `anchors:${skill}`),
    exclude: opts.exclude,
  });
  return opts.pool.load(entries);
}

/** Why a rewritten SKILL.md cannot be used, or undefined. The name must not change (that is a new skill). */
function validationProblem(
  bank: SkillBank,
  skill: Skill,
  source: string,
  names: ReadonlySet<string>,
): string | undefined {
  const next = replaceSkillSource(bank, skill.name, source);
  const rewritten = next.skills.find((s) => s.dir === skill.dir);
  if (!rewritten) return "failed validation: the rewritten SKILL.md could not be read";
  if (rewritten.name !== skill.name)
    return `failed validation: the rewrite renamed the skill to "${rewritten.name}"`;
  const errors = validateSkill(rewritten, { mode: "strict", bankNames: new Set(names) }).filter(
    (d) => d.severity === "error",
  );
  if (errors.length > 0) return `failed validation: ${errors.map(formatDiagnostic).join("; ")}`;
  return undefined;
}
