// `publishRun`: one draft PR per frontier member of a run record (what `skillops evolve --github`
// calls after the loop). Each member's commit holds its changed skills, `bank.yml` naming its
// operating point, and the regression-pool files of the cases it resolves, on the branch
// `skillops/frontier/<hash8>` — so merging deploys all of it and reverting undoes all of it.
// Re-runs are idempotent: nothing is pushed, patched or posted unless its content changed.
import type { BankFile } from "../../../core/bank/skill.js";
import type { Case } from "../../../records/case.js";
import type { Price } from "../../../core/config/config.js";
import type { FrontierMember, RunRecord } from "../../../records/run-record.js";
import { commitChanges, commitInfo } from "../../../io/git/edit-tree.js";
import type { Person } from "../../../records/person.js";
import { readTree } from "../../../io/git/read-tree.js";
import { fetchBranch, pushBranch } from "../../../io/git/remote.js";
import { freshBranchNote, isAppPull } from "../../../core/github/branch-guard.js";
import { blockedMember, keepsBranch, type BranchAccess } from "./publish-guard.js";
import { claimBranch, probeBranch, type BranchProbe } from "../../../io/github-api/branch-probe.js";
import { parseBankManifest } from "../../../records/bank-manifest.js";
import { FRONTIER_PREFIX, parseFrontierBranch } from "../../../core/github/branch-name.js";
import { ensureCheck, renderGatesCheck } from "./check-run.js";
import { allowedCandidates, findDashboard } from "../dashboard/dashboard-sync.js";
import {
  memberFiles,
  otherFiles,
  planFrontier,
  prBodyInput,
  skillChanges,
  type PlanStep,
} from "../../../core/github/plan.js";
import { renderPrBody, renderPrTitle } from "../../../core/render/pr-body/pr-body.js";
import type { ExistingPull, PublishGit, SkillRepo } from "../../../core/github/port.js";
import { epochSeconds, type Clock } from "../../../vocabulary/clock.js";
import { memberDeletions } from "../../../core/github/member-deletions.js";
import { exposureView } from "../../../core/render/pr-body/exposure-section.js";
import { hasLabel } from "../../../core/github/labels.js";
import { renderMarker } from "../../../records/markers.js";
import { ownedMarker } from "../../../core/render/comments/owned-marker.js";
import { checkedCandidateId } from "../../../records/candidate-id.js";

export interface PublishInput {
  repo: SkillRepo;
  git: PublishGit;
  record: RunRecord;
  /** Each frontier member's bank files (paths relative to the bank folder), by full candidate hash. */
  banks: ReadonlyMap<string, readonly BankFile[]>;
  /**
   * The bank the run was evolved from (paths relative to the bank folder): files it holds that a
   * member lacks are deleted from the member's commit unless a person changed them since
   * (member-deletions.ts). Absent: nothing is deleted.
   */
  start?: readonly BankFile[];
  /** The run's accepted cases (ids in `record.cases`). */
  cases: readonly Case[];
  bankDir: string;
  poolDir: string;
  botLogin: string;
  /** The identity commits are made with; commits by anyone else mark a branch as human-edited. */
  author: Person;
  version: string;
  /** skillops's docs/glossary.md at the ref in use, for each PR body's legend (docs-ref.ts). */
  glossaryUrl?: string;
  /** Seconds since the epoch for commit timestamps. */
  now: Clock;
  runUrl?: string;
  price?: Price;
  /** Problems of `.github/skillops.yml`; when present nothing new is opened. */
  configProblems?: readonly string[];
}

export type PublishOutcome = "created" | "updated" | "unchanged" | "blocked" | "skipped" | "superseded";

export interface PublishResult {
  candidate: string;
  outcome: PublishOutcome;
  pullRequest?: number;
  reason?: string;
}

interface Prepared {
  candidate: string;
  branch: string;
  pullRequest: number;
  headSha: string;
  foreign: string[];
  outcome: PublishOutcome;
}

/** The default branch's head, the bank on it, and the candidate its bank.yml names (deployed). */
export async function readBase(input: PublishInput) {
  const { repo, git } = input;
  const defaultBranch = await repo.defaultBranch();
  const base = await fetchBranch({ ...git, branch: defaultBranch });
  const baseBank = await readTree({ gitdir: git.gitdir, ref: base, prefix: input.bankDir });
  const manifestFile = baseBank.find((f) => f.path === "bank.yml");
  const deployed = manifestFile
    ? parseBankManifest(new TextDecoder().decode(manifestFile.bytes), `${input.bankDir}/bank.yml`).candidate
    : null;
  return { defaultBranch, base, baseBank, deployed };
}

export type Base = Awaited<ReturnType<typeof readBase>>;

/** What a run would do: the base, and one plan step per member and per PR that left the frontier. */
export async function planSteps(input: PublishInput) {
  const { repo, record } = input;
  if (input.configProblems?.length) {
    throw new Error(
      `not opening frontier PRs: .github/skillops.yml is invalid:\n- ${input.configProblems.join("\n- ")}`,
    );
  }
  const baseState = await readBase(input);
  const pulls = await repo.listPulls(FRONTIER_PREFIX);
  const dashboard = await findDashboard(repo as Parameters<typeof findDashboard>[0], input.botLogin);
  const allowed = dashboard && dashboard !== "none" ? allowedCandidates(dashboard.body) : [];
  const members = record.frontier.filter((m) => m.candidate !== record.baseline.candidate && m.born > 0);
  const steps = planFrontier(
    members.map((m) => m.candidate),
    baseState.deployed,
    pulls,
    input.botLogin,
    allowed,
    record.runId,
    record.scope.name,
  );
  return { baseState, members, steps, pulls };
}

export async function publishRun(input: PublishInput): Promise<PublishResult[]> {
  const { record } = input;
  const { baseState, members, steps, pulls } = await planSteps(input);

  const results: PublishResult[] = [];
  const prepared: Prepared[] = [];
  for (const step of steps) {
    if (step.kind === "skip") {
      results.push({
        candidate: step.candidate,
        outcome: "skipped",
        reason: step.reason,
        ...(step.pullRequest ? { pullRequest: step.pullRequest } : {}),
      });
    } else if (step.kind === "create" || step.kind === "update") {
      const p = await prepareMember(input, step, baseState, pulls);
      if ("result" in p) results.push(p.result);
      else prepared.push(p);
    }
  }

  // Bodies name their siblings' PR numbers, so they are rendered once every PR exists.
  const numbers = new Map(prepared.map((p) => [p.candidate, p.pullRequest]));
  for (const p of prepared) {
    const member = members.find((m) => m.candidate === p.candidate)!;
    results.push(await describePull(input, p, member, baseState, numbers));
  }

  for (const step of steps) {
    if (step.kind !== "supersede") continue;
    await supersede(input, step.pull, leftFrontier(step.pull, record.runId));
    results.push({
      candidate: parseCandidate(step.pull),
      outcome: "superseded",
      pullRequest: step.pull.number,
    });
  }
  return results;
}

/** The PR body's view model for a member, given the PR numbers known so far. */
export function bodyInputOf(
  input: PublishInput,
  member: FrontierMember,
  { defaultBranch, base, baseBank }: Base,
  numbers: ReadonlyMap<string, number>,
  foreign: string[],
) {
  const bank = input.banks.get(member.candidate)!;
  const kept = input.start ? memberDeletions(input.start, baseBank, bank).kept : [];
  return prBodyInput(input.record, member, {
    version: input.version,
    ...(input.runUrl ? { runUrl: input.runUrl } : {}),
    defaultBranch,
    baseSha: base,
    ...(input.price ? { price: input.price } : {}),
    pullNumbers: numbers,
    cases: input.cases,
    skills: skillChanges(baseBank, bank, member),
    otherFiles: otherFiles(baseBank, bank),
    foreignCommitters: foreign,
    keptFiles: kept.map((p) => `${input.bankDir}/${p}`),
    exposure: exposureView(baseBank, bank, input.record),
    ...(input.glossaryUrl ? { glossaryUrl: input.glossaryUrl } : {}),
  });
}

/** Writes a prepared PR's title, body, label and gates check, each only when it changed. */
async function describePull(
  input: PublishInput,
  p: Prepared,
  member: FrontierMember,
  baseState: Base,
  numbers: ReadonlyMap<string, number>,
): Promise<PublishResult> {
  const { repo, record } = input;
  const bodyInput = bodyInputOf(input, member, baseState, numbers, p.foreign);
  const current = await repo.getPull(p.pullRequest);
  // A 422 on create can hand back a person's PR on the same head: the app never edits those.
  if (!isAppPull(current, input.botLogin))
    return {
      candidate: p.candidate,
      outcome: "blocked",
      pullRequest: p.pullRequest,
      reason: "not opened by skillops",
    };
  const body = renderPrBody(bodyInput);
  const title = renderPrTitle(bodyInput.member, record.simulated);
  if (current.body !== body || current.title !== title) {
    await repo.updatePull(p.pullRequest, {
      ...(current.body !== body ? { body } : {}),
      ...(current.title !== title ? { title } : {}),
    });
    if (p.outcome === "unchanged") p.outcome = "updated";
  }
  if (!current.labels.some((l) => l.toLowerCase() === "skillops:frontier"))
    await repo.addLabels(p.pullRequest, ["skillops:frontier"]);
  if (
    p.foreign.length === 0 &&
    (await ensureCheck(repo, renderGatesCheck(bodyInput, p.headSha))) &&
    p.outcome === "unchanged"
  )
    p.outcome = "updated";
  return { candidate: p.candidate, outcome: p.outcome, pullRequest: p.pullRequest };
}

export const parseCandidate = (p: ExistingPull) =>
  parseFrontierBranch(p.headRef) ?? p.headRef.slice(FRONTIER_PREFIX.length);

/**
 * The member's commit onto the base, made in the local scratch repository only, and whether the
 * remote branch already holds the same tree on the same base (then nothing needs pushing).
 */
export async function commitMember(
  input: PublishInput,
  step: Extract<PlanStep, { kind: "create" | "update" }>,
  member: FrontierMember,
  bank: readonly BankFile[],
  { base, baseBank }: Base,
  probe?: BranchProbe,
): Promise<{ commit: string; message: string; files: string[]; remoteSame?: string }> {
  const { repo, git, record } = input;
  const writes = memberFiles({
    record,
    member,
    base: baseBank,
    bank,
    ...(input.start ? { start: input.start } : {}),
    cases: input.cases,
    bankDir: input.bankDir,
    poolDir: input.poolDir,
  });
  const message = `skillops: ${member.operatingPoint} skill bank ${checkedCandidateId(member.candidate)} from run ${record.runId}${record.simulated ? " (simulated)" : ""}`;
  const commit = await commitChanges({
    gitdir: git.gitdir,
    parent: base,
    branch: step.branch,
    writes,
    message,
    author: input.author,
    timestamp: epochSeconds(input.now()),
    seal: true,
  });
  const files = writes.map((w) => w.path);
  const remoteHead = probe ? probe.head : await repo.branchHead(step.branch);
  if (remoteHead) {
    const existing = await commitInfo(
      git.gitdir,
      probe?.head ?? (await fetchBranch({ ...git, branch: step.branch })),
    );
    const fresh = await commitInfo(git.gitdir, commit);
    // Same content on the same base: no force-push, no notification.
    if (existing.tree === fresh.tree && existing.parents[0] === base)
      return { commit, message, files, remoteSame: existing.oid };
  }
  return { commit, message, files };
}

/** Commits the member onto the base and pushes it (force only over the app's own head), unless unchanged. */
async function pushMember(
  input: PublishInput,
  step: Extract<PlanStep, { kind: "create" | "update" }>,
  member: FrontierMember,
  baseState: Base,
  probe: BranchProbe,
): Promise<{ headSha: string; pushed: boolean; message: string }> {
  const bank = input.banks.get(step.candidate)!;
  const { commit, message, remoteSame } = await commitMember(input, step, member, bank, baseState, probe);
  if (remoteSame) return { headSha: remoteSame, pushed: false, message };
  await pushBranch({ ...input.git, branch: step.branch, force: probe.owner === "app" });
  return { headSha: commit, pushed: true, message };
}

type Prepare = Prepared | { result: PublishResult };

/** Pushes the member's commit (never over a person's commits) and makes sure its PR exists. */
async function prepareMember(
  input: PublishInput,
  step: Extract<PlanStep, { kind: "create" | "update" }>,
  baseState: Base,
  pulls: readonly ExistingPull[],
): Promise<Prepare> {
  const { repo, record } = input;
  const member = record.frontier.find((m) => m.candidate === step.candidate)!;
  if (!input.banks.get(step.candidate))
    throw new Error(`publishRun: no bank files for frontier member ${step.candidate}`);
  const ctx = { repo, git: input.git, botLogin: input.botLogin, pulls };
  if (step.kind === "update") {
    const probe = await probeBranch(ctx, step.branch);
    if (probe.owner === "foreign") return blockedMember(input, step.candidate, step.pull);
    const { headSha, pushed } = await pushMember(input, step, member, baseState, probe);
    const outcome = pushed ? "updated" : "unchanged";
    return {
      candidate: step.candidate,
      branch: step.branch,
      pullRequest: step.pull.number,
      headSha,
      foreign: [],
      outcome,
    };
  }
  const claim = await claimBranch(ctx, step.branch);
  if (!claim)
    return {
      result: {
        candidate: step.candidate,
        outcome: "blocked",
        reason: "every branch name holds commits skillops did not make",
      },
    };
  const onBranch = { ...step, branch: claim.branch };
  const { headSha, message } = await pushMember(input, onBranch, member, baseState, claim);
  // The real body names the sibling PRs by number, which exist only once every member's PR is open;
  // publishRun writes it right after, so the PR opens with this one-line interim body.
  const interimBody = `Preparing the description of frontier member \`${checkedCandidateId(member.candidate)}\` from run \`${record.runId}\`…`;
  const created = await repo.createPull({
    title: message,
    body: interimBody,
    head: claim.branch,
    base: baseState.defaultBranch,
    draft: true,
  });
  if (claim.leftAlone.length > 0 && !created.existed) {
    await repo.createComment(created.number, freshBranchNote(step.branch, claim.branch));
    await repo.addLabels(created.number, ["skillops:left-alone"]);
  }
  const outcome = created.existed ? "updated" : "created";
  return {
    candidate: step.candidate,
    branch: claim.branch,
    pullRequest: created.number,
    headSha,
    foreign: [],
    outcome,
  };
}

const SUPERSEDED = "superseded";

/** The one comment a superseded PR gets (marker `superseded`); `foreign` when people committed to its branch. */
export const supersedeComment = (why: string, foreign: boolean): string =>
  `${renderMarker(SUPERSEDED, { v: 1 })}\nClosing as superseded: ${why}. This is not a rejection — the candidate may be proposed again by a later run.${foreign ? " The branch has commits by people, so it is kept." : ""}`;

/** Why a run supersedes an open PR whose candidate left its frontier. */
export const leftFrontier = (pull: ExistingPull, runId: string): string =>
  `its candidate \`${checkedCandidateId(parseCandidate(pull))}\` is no longer on the frontier of run \`${runId}\``;

/**
 * Closes a frontier PR the app no longer proposes: a label, one comment, then the branch goes unless
 * it holds commits the app did not make (branch-guard.ts). Recomputable: an open PR that already
 * has the label was left half-way (a failed delivery), so its comments are read and the comment is
 * posted only when its marker is missing.
 */
export async function supersede(input: BranchAccess, pull: ExistingPull, why: string): Promise<void> {
  const { repo } = input;
  const foreign = await keepsBranch(input, pull);
  const labelled = hasLabel(pull.labels, "skillops:superseded");
  if (!labelled) await repo.addLabels(pull.number, ["skillops:superseded"]);
  const said = labelled && ownedMarker(await repo.listComments(pull.number), SUPERSEDED, input.botLogin);
  if (!said) await repo.createComment(pull.number, supersedeComment(why, foreign));
  await repo.updatePull(pull.number, { state: "closed" });
  if (!foreign) await repo.deleteBranch(pull.headRef);
}
