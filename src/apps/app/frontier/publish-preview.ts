// `previewPublish`: what `publishRun` would do, for `skillops evolve --github --dry-run`. It reads
// everything the real run reads (the base, the open frontier PRs, the dashboard's allowed
// candidates, who committed to each branch) and builds each member's commit in the local scratch
// repository only — no push, no API write — so the plan names the branches and PRs a real run makes.
import { freshBranchNote } from "../../../core/github/branch-guard.js";
import { frontierBranch } from "../../../core/github/branch-name.js";
import type { PlanStep } from "../../../core/github/plan.js";
import { renderPrBody, renderPrTitle } from "../../../core/render/pr-body/pr-body.js";
import { claimBranch, probeBranch, type BranchProbe } from "../../../io/github-api/branch-probe.js";
import type { ExistingPull } from "../../../core/github/port.js";
import { foreignCommitters, keepsBranch } from "./publish-guard.js";
import {
  bodyInputOf,
  commitMember,
  leftFrontier,
  parseCandidate,
  planSteps,
  supersedeComment,
  type Base,
  type PublishInput,
} from "./publish.js";
import type { FrontierMember } from "../../../records/run-record.js";

export type PlannedKind = "open" | "update" | "unchanged" | "blocked" | "skip" | "supersede";

export interface PlannedAction {
  action: PlannedKind;
  candidate: string;
  branch: string;
  /** The existing PR acted on; absent for one the run would open. */
  pullRequest?: number;
  reason?: string;
  /** Whether the branch would be (force-)pushed. */
  push: boolean;
  /** Repository paths the member's commit would write or delete. */
  files: string[];
  title?: string;
  /** Labels that would be added. */
  labels: string[];
  /** Comments that would be posted. */
  comments: string[];
  closes?: boolean;
  deletesBranch?: boolean;
}

const FRONTIER_LABEL = "skillops:frontier";
const LEFT_ALONE_LABEL = "skillops:left-alone";

export async function previewPublish(input: PublishInput): Promise<PlannedAction[]> {
  const { baseState, members, steps, pulls } = await planSteps(input);
  const existing = new Map<string, number>();
  for (const s of steps) if (s.kind === "update") existing.set(s.candidate, s.pull.number);
  const opens = steps.some((s) => s.kind === "create");
  const out: PlannedAction[] = [];
  for (const step of steps) {
    if (step.kind === "skip") out.push(skipped(step));
    else if (step.kind === "supersede") out.push(await superseded(input, step.pull));
    else {
      const member = members.find((m) => m.candidate === step.candidate)!;
      out.push(await planMember(input, step, member, baseState, { existing, opens, pulls }));
    }
  }
  return out;
}

const skipped = (step: Extract<PlanStep, { kind: "skip" }>): PlannedAction => ({
  action: "skip",
  candidate: step.candidate,
  branch: frontierBranch(step.candidate),
  reason: step.reason,
  ...(step.pullRequest ? { pullRequest: step.pullRequest } : {}),
  push: false,
  files: [],
  labels: [],
  comments: [],
});

async function superseded(
  input: PublishInput,
  pull: Extract<PlanStep, { kind: "supersede" }>["pull"],
): Promise<PlannedAction> {
  const foreign = await keepsBranch(input, pull);
  return {
    action: "supersede",
    candidate: parseCandidate(pull),
    branch: pull.headRef,
    pullRequest: pull.number,
    reason: "left the frontier",
    push: false,
    files: [],
    labels: ["skillops:superseded"],
    comments: [supersedeComment(leftFrontier(pull, input.record.runId), foreign)],
    closes: true,
    deletesBranch: !foreign,
  };
}

/** One member to open or update: its commit is built locally, compared with the branch, not pushed. */
async function planMember(
  input: PublishInput,
  step: Extract<PlanStep, { kind: "create" | "update" }>,
  member: FrontierMember,
  base: Base,
  known: { existing: ReadonlyMap<string, number>; opens: boolean; pulls: readonly ExistingPull[] },
): Promise<PlannedAction> {
  const bank = input.banks.get(step.candidate);
  if (!bank) throw new Error(`publishRun: no bank files for frontier member ${step.candidate}`);
  const ctx = { repo: input.repo, git: input.git, botLogin: input.botLogin, pulls: known.pulls };
  if (step.kind === "create") {
    const claim = await claimBranch(ctx, step.branch);
    const onBranch = { ...step, branch: claim?.branch ?? step.branch };
    const bodyInput = bodyInputOf(input, member, base, known.existing, []);
    const title = renderPrTitle(bodyInput.member, input.record.simulated);
    return planOpen(input, onBranch, member, base, claim, {
      candidate: step.candidate,
      branch: onBranch.branch,
      title,
      comments: [],
    });
  }
  const probe = await probeBranch(ctx, step.branch);
  const foreign = probe.owner === "foreign" ? await foreignCommitters(input, step.pull.number) : [];
  const bodyInput = bodyInputOf(input, member, base, known.existing, foreign);
  const title = renderPrTitle(bodyInput.member, input.record.simulated);
  const common = { candidate: step.candidate, branch: step.branch, title, comments: [] };
  const labels = step.pull.labels.some((l) => l.toLowerCase() === FRONTIER_LABEL) ? [] : [FRONTIER_LABEL];
  const pr = { pullRequest: step.pull.number, labels };
  if (probe.owner === "foreign")
    return {
      ...common,
      ...pr,
      labels: [...labels, LEFT_ALONE_LABEL],
      action: "blocked",
      reason: `commits by ${foreign.join(", ") || "someone other than skillops"}: the branch is left as it is`,
      push: false,
      files: [],
    };
  const { files, remoteSame } = await commitMember(input, step, member, bank, base, probe);
  // A PR opened by this run adds a sibling number to every body, so those bodies change too.
  const current = await input.repo.getPull(step.pull.number);
  const same =
    !remoteSame || known.opens ? false : current.title === title && current.body === renderPrBody(bodyInput);
  return { ...common, ...pr, action: same ? "unchanged" : "update", push: !remoteSame, files };
}

/** A PR the run would open: on the usual branch, or on a fresh name when the usual one is a person's. */
async function planOpen(
  input: PublishInput,
  step: Extract<PlanStep, { kind: "create" }>,
  member: FrontierMember,
  base: Base,
  claim: (BranchProbe & { leftAlone: string[] }) | undefined,
  common: { candidate: string; branch: string; title: string; comments: string[] },
): Promise<PlannedAction> {
  if (!claim)
    return {
      ...common,
      action: "blocked",
      reason: "every branch name holds commits skillops did not make",
      push: false,
      files: [],
      labels: [],
    };
  const { files } = await commitMember(input, step, member, input.banks.get(step.candidate)!, base, claim);
  const fresh = claim.leftAlone.length > 0;
  return {
    ...common,
    action: "open",
    push: true,
    files,
    labels: fresh ? [FRONTIER_LABEL, LEFT_ALONE_LABEL] : [FRONTIER_LABEL],
    comments: fresh ? [freshBranchNote(claim.leftAlone[0]!, claim.branch)] : [],
  };
}
