// Pure decisions behind `publishRun`: which frontier members get a new PR, which reuse theirs,
// which stay out (rejected or rolled back before), which open PRs are superseded — all derived
// from GitHub's state (branch names, labels, merged flags), since the app keeps none of its own.
// Also the view model the PR body renders from, and the exact files a member's commit holds.
import type { BankFile } from "../bank/skill.js";
import { loadBank } from "../bank/bank.js";
import { diffBanks, type FileChange } from "../bank/diff.js";
import { whatChanged } from "../bank/what-changed.js";
import { changeTexts, otherTexts } from "../report/change-texts.js";
import type { Case } from "../../records/case.js";
import { poolFiles } from "../cases/pool.js";
import { resolvedPoolCases } from "../cases/case-links.js";
import type { Price } from "../config/config.js";
import type { KernelSummary } from "../../records/kernel-summary.js";
import type { FrontierMember, RunRecord } from "../../records/run-record.js";
import { caseCostOf } from "../render/pr-body/case-cost.js";
import { exposureOfFiles } from "../bank/exposure.js";
import {
  BANK_MANIFEST,
  manifestMetricsOf,
  renderBankManifest,
  type BankManifest,
} from "../../records/bank-manifest.js";
import type { ExistingPull } from "./port.js";
import { frontierBranch, parseFrontierBranch } from "./branch-name.js";
import { isOwnFrontierPull } from "./own-pull.js";
import type { RateWithInterval } from "../../records/rate-with-interval.js";
import {
  type CategoryRate,
  type GateView,
  type MemberView,
  type Metrics,
  type PrBodyInput,
  type SkillChangeView,
} from "../render/pr-body/pr-body.js";
import { parsePrMarker } from "../../records/pr-marker.js";
import { lineageLocalisation } from "../render/pr-body/localisation-section.js";
import { sameBytes } from "../bank/same-bytes.js";
import { memberDeletions } from "./member-deletions.js";
import type { ExposureView } from "../render/pr-body/exposure-section.js";
import { vsDeployedView } from "../render/pr-body/vs-deployed-section.js";
import { checkedCandidateId } from "../../records/candidate-id.js";
import { feedbackCaseView } from "./feedback-case-view.js";

export type Refusal = "rejected" | "rolled-back";

export interface RefusedCandidate {
  hash8: string;
  reason: Refusal;
  pullRequest: number;
}

const has = (labels: readonly string[], name: string) => labels.some((l) => l.toLowerCase() === name);

/** The app's own frontier PRs (by branch and author; a human's PR on such a branch is not ours). */
export function ownFrontierPulls(pulls: readonly ExistingPull[], botLogin: string): ExistingPull[] {
  return pulls.filter((p) => isOwnFrontierPull(p, botLogin, "prefix"));
}

/**
 * Candidates never proposed again automatically: a frontier PR closed unmerged by a person (the app
 * labels its own closes `skillops:superseded`), or merged and later rolled back. A candidate in
 * `allowed` (the dashboard's "allow it again" boxes, kept in the dashboard's marker) is exempt.
 */
export function refusedCandidates(
  pulls: readonly ExistingPull[],
  allowed: readonly string[] = [],
): Map<string, RefusedCandidate> {
  const out = new Map<string, RefusedCandidate>();
  const exempt = new Set(
    allowed.flatMap((a) => (/^(?:[a-z]+-)?[0-9a-f]{8,64}$/i.test(a) ? [checkedCandidateId(a)] : [])),
  );
  for (const p of pulls) {
    const hash8 = parseFrontierBranch(p.headRef);
    if (!hash8 || p.state !== "closed" || exempt.has(hash8)) continue;
    if (p.merged && has(p.labels, "skillops:rolled-back"))
      out.set(hash8, { hash8, reason: "rolled-back", pullRequest: p.number });
    else if (!p.merged && !has(p.labels, "skillops:superseded"))
      out.set(hash8, { hash8, reason: "rejected", pullRequest: p.number });
  }
  return out;
}

export type PlanStep =
  | { kind: "create"; candidate: string; branch: string }
  | { kind: "update"; candidate: string; branch: string; pull: ExistingPull }
  | {
      kind: "skip";
      candidate: string;
      reason: "deployed" | "merged" | "sibling-merged" | Refusal;
      pullRequest?: number;
    }
  | { kind: "supersede"; pull: ExistingPull };

/**
 * One step per frontier member (create, update or skip), then one `supersede` per open frontier
 * PR whose candidate left the frontier. `deployed` is the candidate bank.yml names now.
 */
export function planFrontier(
  candidates: readonly string[],
  deployed: string | null,
  pulls: readonly ExistingPull[],
  botLogin: string,
  allowed: readonly string[] = [],
  runId?: string,
  scope?: string,
): PlanStep[] {
  // With disjoint scopes each matrix job owns only its scope's PRs (the marker names the scope).
  const own = ownFrontierPulls(pulls, botLogin).filter(
    (p) => parsePrMarker(p.body)?.scope === scope || (scope === undefined && !parsePrMarker(p.body)),
  );
  const refused = refusedCandidates(own, allowed);
  // Once one member of a run is merged, the others were measured against a bank that is no longer
  // deployed: publishing the run again (an Actions re-run) must not bring them back.
  const mergedSibling = runId
    ? own.find(
        (p) => p.merged && !has(p.labels, "skillops:rolled-back") && parsePrMarker(p.body)?.run === runId,
      )
    : undefined;
  const steps: PlanStep[] = [];
  const wanted = new Set<string>();
  for (const candidate of candidates) {
    const hash8 = checkedCandidateId(candidate);
    wanted.add(hash8);
    const branch = frontierBranch(candidate);
    if (deployed && checkedCandidateId(deployed) === hash8) {
      steps.push({ kind: "skip", candidate, reason: "deployed" });
      continue;
    }
    if (mergedSibling && parseFrontierBranch(mergedSibling.headRef) !== hash8) {
      steps.push({ kind: "skip", candidate, reason: "sibling-merged", pullRequest: mergedSibling.number });
      continue;
    }
    const mine = own.filter((p) => parseFrontierBranch(p.headRef) === hash8);
    const open = mine.find((p) => p.state === "open");
    const merged = mine.find((p) => p.merged && !has(p.labels, "skillops:rolled-back"));
    // A rolled-back candidate that a maintainer allowed again gets a fresh PR, like a new one.
    const refusal = refused.get(hash8);
    // An open PR may sit on a fresh name (`<hash8>-2`, branch-guard.ts): its own branch is updated.
    if (open) steps.push({ kind: "update", candidate, branch: open.headRef, pull: open });
    else if (refusal)
      steps.push({ kind: "skip", candidate, reason: refusal.reason, pullRequest: refusal.pullRequest });
    else if (merged) steps.push({ kind: "skip", candidate, reason: "merged", pullRequest: merged.number });
    else steps.push({ kind: "create", candidate, branch });
  }
  for (const p of own) {
    const hash8 = parseFrontierBranch(p.headRef);
    if (p.state === "open" && hash8 && !wanted.has(hash8)) steps.push({ kind: "supersede", pull: p });
  }
  return steps;
}

// ---------------------------------------------------------------------------------------------
// View model for the PR body.

function perCategory(detail: Record<string, RateWithInterval>, order: readonly string[]): CategoryRate[] {
  const keys = [...new Set([...order, ...Object.keys(detail)])].filter((k) => detail[k]);
  return keys.map((category) => ({ category, ...detail[category]! }));
}

/**
 * What the gate judged for `m`, from the member's own record (undefined for P₀, never gated).
 */
function gateView(m: FrontierMember, cases: ReadonlyMap<string, Case>): GateView | undefined {
  const j = m.gate;
  if (!j) return undefined;
  return {
    t: j.t,
    cases: j.cases,
    sample: j.sample.map((id) => {
      const category = cases.get(id)?.category;
      return category ? { id, category } : { id };
    }),
    categories: j.reasons.map((r) => ({
      category: r.category,
      rate: r.observed,
      ...(r.n !== undefined ? { n: r.n } : {}),
      floor: r.floor,
      ok: r.ok,
      early: r.early,
      ...(r.paired ? { paired: r.paired } : {}),
      ...(r.scored ? { scored: true } : {}),
    })),
  };
}

export function memberView(
  record: RunRecord,
  m: FrontierMember,
  price?: Price,
  pullRequest?: number,
  cases: ReadonlyMap<string, Case> = new Map(),
): MemberView {
  const gate = gateView(m, cases);
  const localisation = lineageLocalisation(record, m.candidate);
  return {
    candidate: m.candidate,
    operatingPoint: m.operatingPoint,
    ...(gate ? { gate } : {}),
    ...(m.audit ? { audit: m.audit } : {}),
    ...(m.kernel ? { kernel: m.kernel } : {}),
    ...(localisation.length ? { localisation } : {}),
    total: m.total,
    perCategory: perCategory(m.perCategory, record.categories),
    cost: caseCostOf(m, price),
    ...(pullRequest ? { pullRequest } : {}),
    ...(m.vsBaseline || m.heldOutTest ? { vsDeployed: vsDeployedView(m, record.confirmationSet) } : {}),
  };
}

export function deployedView(
  record: RunRecord,
  price?: Price,
): Metrics & { candidate: string; kernel?: KernelSummary } {
  const b = record.baseline;
  return {
    candidate: b.candidate,
    ...(b.kernel ? { kernel: b.kernel } : {}),
    total: b.total,
    perCategory: perCategory(b.perCategoryDetail, record.categories),
    cost: caseCostOf(b, price),
  };
}

/**
 * Each changed skill of the member against the PR's base bank: the sentences derived from the diff
 * (report/change-texts.ts, as in the reports), its scripts' diffs, the unified diff of its other
 * files, and the rewriter's last note only as a note.
 */
export function skillChanges(
  base: readonly BankFile[],
  member: readonly BankFile[],
  m: Pick<FrontierMember, "changes">,
): SkillChangeView[] {
  const before = loadBank(base).bank;
  const after = loadBank(member).bank;
  const diff = diffBanks(before, after);
  return changeTexts(whatChanged(before, after), m.changes).map((text) => {
    const files = diff.skills.find((s) => s.name === text.name)?.files ?? [];
    const scripts = new Set(text.scripts.map((x) => x.path));
    return {
      ...text,
      diff: files
        .filter((f) => !scripts.has(f.path))
        .map(patchOf)
        .join("\n"),
    };
  });
}

/**
 * Changed files of the member's bank outside its skills, bank.yml aside (the commit rewrites it and
 * the body's own sections describe it); undefined when there are none.
 */
export function otherFiles(base: readonly BankFile[], member: readonly BankFile[]) {
  const what = whatChanged(loadBank(base).bank, loadBank(member).bank);
  const other = otherTexts({ ...what, other: what.other.filter((f) => f.path !== BANK_MANIFEST) });
  return other.sentences.length ? other : undefined;
}

function patchOf(f: FileChange): string {
  if (f.binary) return `Binary file ${f.path} ${f.status}\n`;
  return (f.patch ?? "")
    .split("\n")
    .filter((l) => !l.startsWith("====="))
    .join("\n");
}

export interface BodyContext {
  version: string;
  runUrl?: string;
  defaultBranch: string;
  baseSha: string;
  price?: Price;
  /** Candidate → PR number for members that already have one. */
  pullNumbers: ReadonlyMap<string, number>;
  cases: readonly Case[];
  skills: SkillChangeView[];
  otherFiles?: PrBodyInput["otherFiles"];
  foreignCommitters?: string[];
  /** Repository paths the run removed but a person changed since: the commit keeps them. */
  keptFiles?: string[];
  exposure?: ExposureView;
  glossaryUrl?: string;
}

export function prBodyInput(record: RunRecord, m: FrontierMember, ctx: BodyContext): PrBodyInput {
  const byId = new Map(ctx.cases.map((c) => [c.id, c]));
  const resolved = new Set(m.resolved);
  const evolution = record.cases.map((id) => byId.get(id)).filter((c): c is Case => c !== undefined);
  const siblings = record.frontier.filter(
    (s) => s.candidate !== m.candidate && s.candidate !== record.baseline.candidate,
  );
  const feedback = evolution.filter((c) => c.provenance.issue !== undefined).length;
  return {
    version: ctx.version,
    run: {
      id: record.runId,
      ...(ctx.runUrl ? { url: ctx.runUrl } : {}),
      simulated: record.simulated,
      ...(record.sandbox ? { sandbox: record.sandbox } : {}),
      // Evolution cases from a feedback issue, and the rest (pool or synthetic regression cases).
      feedbackCases: feedback,
      regressionCases: record.cases.length - feedback,
      ...(record.scope.name ? { scope: record.scope.name } : {}),
      ...(record.executions.modelTokens ? { evaluationSpend: record.executions.modelTokens } : {}),
    },
    repo: { defaultBranch: ctx.defaultBranch, baseSha: ctx.baseSha },
    member: memberView(record, m, ctx.price, ctx.pullNumbers.get(m.candidate), byId),
    siblings: siblings.map((s) => memberView(record, s, ctx.price, ctx.pullNumbers.get(s.candidate), byId)),
    deployed: deployedView(record, ctx.price),
    epsilon: record.config.epsilon,
    skills: ctx.skills,
    ...(ctx.otherFiles ? { otherFiles: ctx.otherFiles } : {}),
    fixed: evolution.filter((c) => resolved.has(c.id)).map(feedbackCaseView),
    stillFailing: evolution.filter((c) => !resolved.has(c.id)).map(feedbackCaseView),
    ...(ctx.foreignCommitters?.length ? { foreignCommitters: ctx.foreignCommitters } : {}),
    ...(record.nogoods ? { nogoods: record.nogoods } : {}),
    ...(ctx.keptFiles?.length ? { keptFiles: ctx.keptFiles } : {}),
    ...(ctx.exposure ? { exposure: ctx.exposure } : {}),
    ...(ctx.glossaryUrl ? { glossaryUrl: ctx.glossaryUrl } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// The commit.

/** A path in the repository and its new bytes; `null` deletes the file. */
export interface FileWrite {
  path: string;
  bytes: Uint8Array | null;
  executable?: boolean;
}

export interface MemberFilesInput {
  record: RunRecord;
  member: FrontierMember;
  /** Bank files (paths relative to the bank root) of the deployed bank and of the member. */
  base: readonly BankFile[];
  bank: readonly BankFile[];
  /** The bank the run was evolved from; without it nothing is deleted (member-deletions.ts). */
  start?: readonly BankFile[];
  cases: readonly Case[];
  bankDir: string;
  poolDir: string;
}

/**
 * Everything merging the member deploys: the rewritten skills' changed files, bank.yml, resolved
 * pool cases, and the deletion of files the run removed (an Inline's tool) that nobody changed on the
 * default branch since (`memberDeletions`). Only the skills in `member.changes` are written: a file
 * the run's bank holds differently elsewhere (a skill edited since) stays as is.
 */
export function memberFiles(input: MemberFilesInput): FileWrite[] {
  const { record, member, bankDir, poolDir } = input;
  const at = (p: string) => `${bankDir}/${p}`;
  const before = new Map(input.base.map((f) => [f.path, f]));
  // A skill's folder is named after it, at the bank root or below a grouping folder.
  const dirs = member.changes.map((c) => `${c.skill}/`);
  const inRewritten = (path: string) => dirs.some((d) => path.startsWith(d) || path.includes(`/${d}`));
  const writes: FileWrite[] = [];
  for (const f of input.bank) {
    if (!inRewritten(f.path)) continue;
    const old = before.get(f.path);
    if (!old || !sameBytes(old.bytes, f.bytes) || Boolean(old.executable) !== Boolean(f.executable)) {
      writes.push({ path: at(f.path), bytes: f.bytes, ...(f.executable ? { executable: true } : {}) });
    }
  }
  const gone = input.start ? memberDeletions(input.start, input.base, input.bank).deleted : [];
  for (const path of gone) writes.push({ path: at(path), bytes: null });
  const manifest: BankManifest = {
    operatingPoint: member.operatingPoint,
    candidate: member.candidate,
    run: record.runId,
    pullRequest: null,
    simulated: record.simulated,
    metrics: manifestMetricsOf(member),
  };
  // The member's exposure list is part of it (docs/bank.md "Exposure"): merging deploys it too.
  const exposure = exposureOfFiles(input.bank);
  if (exposure) manifest.exposure = exposure;
  writes.push({ path: at("bank.yml"), bytes: new TextEncoder().encode(renderBankManifest(manifest)) });
  // Resolved cases join the pool linked to their skills (derived when the feedback named none).
  const fixed = resolvedPoolCases(record, member, input.cases);
  for (const f of poolFiles(fixed, poolDir)) writes.push({ path: f.path, bytes: f.bytes });
  return writes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
