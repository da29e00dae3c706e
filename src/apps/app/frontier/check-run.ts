// The `skillops/gates` check run on each frontier PR: the gate verdict per category in its summary,
// the per-case detail in its text. It fails when a category is below its floor — and also when
// the PR has gone stale (the default branch moved past the base it was evaluated on, or a sibling
// from the same run was merged), so a stale PR cannot rewind the deployed bank
// (docs/github-app.md, "Conventions"). Also the check that reports an
// invalid `.github/skillops.yml` on the PR that touched it.
import { auditVerdictLine } from "../../../core/render/pr-body/audit-section.js";
import { gateSetSentence, gateTable, sampleDetails } from "../../../core/render/pr-body/gates-table.js";
import type { CheckRunInput, PullsRepo } from "../../../core/github/port.js";
import { type PrBodyInput } from "../../../core/render/pr-body/pr-body.js";
import { parsePrMarker } from "../../../records/pr-marker.js";
import { tableCell } from "../../../core/render/comments/neutralise.js";
import { FRONTIER_PREFIX } from "../../../core/github/branch-name.js";
import { isOwnFrontierPull } from "../../../core/github/own-pull.js";
import { checkedCandidateId } from "../../../records/candidate-id.js";
import { vsDeployedSentences } from "../../../core/report/baseline-sentence.js";
import type { VsDeployedView } from "../../../core/render/pr-body/pr-body-input.js";

export const GATES_CHECK = "skillops/gates";
export const CONFIG_CHECK = "skillops/config";

export interface Staleness {
  /** Default branch head now, when it differs from the PR's base. */
  movedTo?: string;
  /** A sibling PR from the same run that was merged. */
  siblingMerged?: number;
}

/** The check for one frontier PR at `headSha`, from the same input its body renders from. */
export function renderGatesCheck(input: PrBodyInput, headSha: string, stale: Staleness = {}): CheckRunInput {
  const { member, deployed, epsilon } = input;
  const floors = Object.fromEntries(deployed.perCategory.map((c) => [c.category, (1 - epsilon) * c.rate]));
  // The verdict is the gate's, on the set it judged; a record without it gets no verdict (neutral).
  const table = gateTable(deployed.perCategory, member.perCategory, member.gate, floors);
  const { rows, failed: below } = table;
  const reasons: string[] = [];
  if (stale.siblingMerged)
    reasons.push(
      `sibling #${stale.siblingMerged} from the same run was merged; merging this one too would replace it with a bank evaluated against the old base`,
    );
  if (stale.movedTo)
    reasons.push(
      `\`${input.repo.defaultBranch}\` moved from \`${input.repo.baseSha.slice(0, 7)}\` to \`${stale.movedTo.slice(0, 7)}\` since this candidate was evaluated; re-run evolution (\`/skillops run\`) to evaluate against the new base`,
    );
  // A member with an audit error cannot have been admitted; a record that says so was edited.
  const auditFailed = member.audit?.refused === true;
  const failed = below > 0 || reasons.length > 0 || auditFailed;
  const sim = input.run.simulated ? " (simulated)" : "";
  const title =
    reasons.length > 0
      ? `Stale: ${stale.siblingMerged ? `sibling #${stale.siblingMerged} merged` : `${input.repo.defaultBranch} moved`}`
      : auditFailed
        ? `The audit found an error${sim}`
        : below > 0
          ? `${below} categor${below === 1 ? "y" : "ies"} below the floor${sim}`
          : member.gate
            ? `Every category at or above its floor${sim}`
            : `No gate figures in the run record${sim}`;
  const conclusion = failed ? "failure" : member.gate ? "success" : "neutral";
  const summary = [
    `Candidate \`${checkedCandidateId(member.candidate)}\` (${member.operatingPoint}) from run \`${input.run.id}\`${sim}, evaluated on \`${input.repo.defaultBranch}@${input.repo.baseSha.slice(0, 7)}\`.`,
    ...reasons.map((r) => `\n**Failing:** ${r}.`),
    "",
    `Floor = ${(1 - epsilon).toFixed(2)} × the deployed bank's pass rate in that category. ${gateSetSentence(member.gate, input.run.feedbackCases + input.run.regressionCases)}`,
    "",
    ...table.head,
    ...rows,
    "",
    ...vsDeployedLines(member.vsDeployed),
    `**Audit:** ${auditVerdictLine(member.audit)}.`,
  ].join("\n");
  const sample = sampleDetails(member.gate);
  const caseLine = (fixed: boolean) => (c: PrBodyInput["fixed"][number]) =>
    `| \`${c.id}\` | ${tableCell(c.category, 40)} | ${c.issue ? `#${c.issue}` : "—"} | ${fixed ? "✅ passes" : "❌ fails"} | ${c.title ? tableCell(c.title) : ""} |`;
  const text = [
    `### Feedback cases (${input.fixed.length} pass, ${input.stillFailing.length} fail)`,
    "",
    "| Case | Category | Issue | Result | Feedback |",
    "|---|---|---|---|---|",
    ...input.fixed.map(caseLine(true)),
    ...input.stillFailing.map(caseLine(false)),
    ...(sample.length ? ["", "### Regression-pool sample", "", ...sample] : []),
  ].join("\n");
  return { name: GATES_CHECK, headSha, conclusion, title, summary, text };
}

/** Writes the check unless the latest run of the same name on that commit already says the same. */
export async function ensureCheck(repo: PullsRepo, check: CheckRunInput): Promise<boolean> {
  const latest = (await repo.listCheckRuns(check.headSha, check.name))[0];
  if (
    latest &&
    latest.conclusion === check.conclusion &&
    latest.title === check.title &&
    latest.summary === check.summary
  )
    return false;
  await repo.createCheckRun(check);
  return true;
}

/**
 * After the default branch moved (a `push` to it): every open frontier PR evaluated on an older
 * base gets a failing gates check naming why. Returns the PR numbers it marked stale.
 */
export async function markStaleFrontier(
  repo: PullsRepo,
  defaultBranch: string,
  head: string,
  botLogin: string,
): Promise<number[]> {
  const pulls = (await repo.listPulls(FRONTIER_PREFIX)).filter((p) =>
    isOwnFrontierPull(p, botLogin, "prefix"),
  );
  const marked: number[] = [];
  for (const p of pulls) {
    if (p.state !== "open") continue;
    const marker = parsePrMarker(p.body);
    if (!marker || marker.base === head) continue;
    const sibling = pulls.find(
      (s) => s.merged && s.number !== p.number && parsePrMarker(s.body)?.run === marker.run,
    );
    const reason = sibling
      ? `sibling #${sibling.number} from the same run was merged; this candidate was evaluated against the bank before it`
      : `\`${defaultBranch}\` moved from \`${marker.base.slice(0, 7)}\` to \`${head.slice(0, 7)}\` since this candidate was evaluated`;
    const wrote = await ensureCheck(repo, {
      name: GATES_CHECK,
      headSha: p.headSha,
      conclusion: "failure",
      title: sibling ? `Stale: sibling #${sibling.number} merged` : `Stale: ${defaultBranch} moved`,
      summary: `**Failing:** ${reason}. Merging it now could rewind the deployed skill bank. Re-run evolution (\`/skillops run\`) to evaluate a fresh frontier against \`${defaultBranch}@${head.slice(0, 7)}\`.`,
    });
    if (wrote) marked.push(p.number);
  }
  return marked;
}

/** What a config PR loosens in the sandbox (containment-weakening.ts), and the maintainer who approved it. */
export interface ContainmentChange {
  weakens: readonly string[];
  approvedBy?: string;
}

const weakensLines = (c: ContainmentChange) => c.weakens.map((w) => `- ${tableCell(w, 500)}`);

/** A config PR that validates: success, unless it weakens containment without a maintainer's approval. */
function renderValidConfigCheck(headSha: string, change: ContainmentChange | undefined): CheckRunInput {
  const check = { name: CONFIG_CHECK, headSha };
  if (!change)
    return {
      ...check,
      conclusion: "success",
      title: ".github/skillops.yml is valid",
      summary: "The configuration validates; skillops will use it once this PR merges.",
    };
  const n = change.weakens.length;
  if (change.approvedBy !== undefined)
    return {
      ...check,
      conclusion: "success",
      title: `.github/skillops.yml is valid; it weakens containment, approved by @${change.approvedBy}`,
      summary: [
        `The configuration validates. It weakens the containment of the programs skillops runs, and @${change.approvedBy} (maintain or admin) approved this commit:`,
        "",
        ...weakensLines(change),
      ].join("\n"),
    };
  return {
    ...check,
    conclusion: "failure",
    title: `.github/skillops.yml weakens containment (${n} change${n === 1 ? "" : "s"})`,
    summary: [
      "This PR's configuration validates, but it weakens the containment of the programs skillops runs (model-written and case-supplied code) against the default branch's:",
      "",
      ...weakensLines(change),
      "",
      'It passes once someone with the **maintain** or **admin** role approves this commit (a review; the check runs again). See docs/security.md, "Config changes that weaken containment".',
    ].join("\n"),
  };
}

/**
 * The `skillops/config` check: failing when the PR's `.github/skillops.yml` does not validate, or
 * weakens containment without a maintainer's approval; success otherwise.
 */
export function renderConfigCheck(
  headSha: string,
  problems: readonly string[],
  change?: ContainmentChange,
): CheckRunInput {
  if (problems.length === 0) return renderValidConfigCheck(headSha, change);
  return {
    name: CONFIG_CHECK,
    headSha,
    conclusion: "failure",
    title: `.github/skillops.yml: ${problems.length} problem${problems.length === 1 ? "" : "s"}`,
    summary: [
      "This PR changes `.github/skillops.yml`, and the new file does not validate. Merged as it is, skillops would stop opening frontier PRs until it is fixed.",
      "",
      ...problems.map((p) => `- ${tableCell(p, 500)}`),
    ].join("\n"),
  };
}

/** The held-out test and the selection figures, as the PR body words them; nothing without either. */
function vsDeployedLines(v: VsDeployedView | undefined): string[] {
  const said = v ? vsDeployedSentences(v, v.set) : [];
  return said.length ? [`**Against the deployed bank:** ${said.join(" ")}`, ""] : [];
}
