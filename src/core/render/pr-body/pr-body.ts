// The body of a frontier pull request: the decision first, then the evidence, then the controls
// (docs/github-app.md, "Conventions"). Pure: the same input renders the same text, byte for byte, so the
// app can compare before it writes. Bodies stay under 58,000 characters by shedding collapsed
// detail (diffs first, then the case list, then the rewriters' notes); the decision, the gates, the
// controls and "What changed" always stay, scripts' diffs clipped only as the last resort.
import { UNSANDBOXED_WARNING } from "../../sandbox/containment.js";
import type { OperatingPoint } from "../../../records/operating-point.js";
import { renderKernelSection } from "./kernel-section.js";
import { renderAuditSection } from "./audit-section.js";
import { renderNogoodsSection } from "./nogoods-section.js";
import { renderLocalisationSection } from "./localisation-section.js";
import { renderExposureSection } from "./exposure-section.js";
import { renderKeptFilesSection } from "./kept-files-section.js";
import { renderVsDeployedSection } from "./vs-deployed-section.js";
import { renderSpendLine } from "./spend-line.js";
import { renderLegendSection } from "./legend-section.js";
import { costsSentence, estimateMark } from "./costs-sentence.js";
import { casesPhrase, count, dollars, points, rateWithInterval, relative } from "./format.js";
import { gateSetSentence, gateTable, sampleDetails } from "./gates-table.js";
import { renderPrMarker } from "../../../records/pr-marker.js";
import { totalTokens } from "../../../records/tokens.js";
import { renderFrontierChart } from "./mermaid.js";
import { escapeHtml, quoteInline, tableCell } from "../comments/neutralise.js";
import { renderWhatChanged, type DiffDetail } from "./what-changed-section.js";

export const MAX_BODY_CHARS = 58_000;

export type { CategoryRate, GateView } from "./gates-table.js";
export type {
  CaseCost,
  FeedbackCaseView,
  MemberView,
  Metrics,
  PrBodyInput,
  SkillChangeView,
} from "./pr-body-input.js";
import type { CaseCost, FeedbackCaseView, MemberView, Metrics, PrBodyInput } from "./pr-body-input.js";
import { checkedCandidateId } from "../../../records/candidate-id.js";
import { percent } from "../../../vocabulary/percent.js";
import { redactionNotice } from "../../cases/redact-case.js";

const POINT_WORDS: Record<OperatingPoint, string> = {
  accuracy: "the most accurate member",
  balanced: "a balance of pass rate and cost",
  cost: "the cheapest member",
};

/** `skillops: balanced skill bank 1a2b3c4d — 87.1% pass, 3,420 tokens/case`, ≤ 256 characters. */
export function renderPrTitle(member: MemberView, simulated: boolean): string {
  const tokens = totalTokens(member.cost);
  const tag = simulated ? " [simulated]" : "";
  return `skillops: ${member.operatingPoint} skill bank ${checkedCandidateId(member.candidate)} — ${percent(member.total.rate)} pass, ${count(tokens)} tokens/case${tag}`.slice(
    0,
    256,
  );
}

function prRef(m: MemberView): string {
  return m.pullRequest ? `#${m.pullRequest}` : `candidate \`${checkedCandidateId(m.candidate)}\``;
}

function renderHeader(input: PrBodyInput): string {
  const { member, siblings, deployed, run } = input;
  const all = [member, ...siblings].sort(
    (a, b) => b.total.rate - a.total.rate || totalTokens(a.cost) - totalTokens(b.cost),
  );
  const place = all.indexOf(member) + 1;
  const runRef = run.url ? `[${escapeHtml(run.id)}](${run.url})` : `\`${escapeHtml(run.id)}\``;
  const lines = [
    `## 🧬 Frontier member ${place} of ${all.length} — **${member.operatingPoint}** · skill bank \`${checkedCandidateId(member.candidate)}\``,
    "",
  ];
  if (run.simulated) {
    lines.push(
      "> [!WARNING]",
      "> **Simulated.** Every figure below comes from skillops' simulated world, not from a real model. It shows how the product behaves; it says nothing about your agent.",
      "",
    );
  }
  if (run.sandbox === "none")
    lines.push(
      "> [!CAUTION]",
      `> **Unsandboxed.** ${UNSANDBOXED_WARNING} Review every changed script before merging.`,
      "",
    );
  const siblingRefs = siblings.map((s) => `${prRef(s)} (${s.operatingPoint})`).join(" and ");
  const siblingText =
    siblings.length > 1
      ? ` Its siblings are ${siblingRefs}; merging this one closes them as superseded.`
      : siblings.length === 1
        ? ` Its sibling is ${siblingRefs}; merging this one closes it as superseded.`
        : " It is the only candidate from this run.";
  lines.push(
    "> [!NOTE]",
    `> **Decision: merge at most one frontier PR.** Evolution run ${runRef} built ${all.length} alternative skill bank${all.length === 1 ? "" : "s"} from ${casesPhrase(input.run.feedbackCases, input.run.regressionCases)}; this one is ${POINT_WORDS[member.operatingPoint]}.${siblingText}`,
    `> Pass rate **${percent(member.total.rate)}** (${points(member.total.rate - deployed.total.rate)} vs deployed) at **${count(totalTokens(member.cost))} tokens per case** (${relative(totalTokens(member.cost), totalTokens(deployed.cost))} vs deployed). It fixes ${input.fixed.length} of ${input.fixed.length + input.stillFailing.length} feedback cases. Base: \`${escapeHtml(input.repo.defaultBranch)}@${input.repo.baseSha.slice(0, 7)}\`.`,
  );
  if (input.foreignCommitters && input.foreignCommitters.length > 0) {
    const who = input.foreignCommitters.map((c) => `\`${quoteInline(c, 60)}\``).join(", ");
    lines.push(
      "",
      "> [!IMPORTANT]",
      `> This branch has commits by ${who}. skillops will not push to it again, so later runs do not overwrite them; the figures below describe the candidate as skillops built it. Close this PR to let the next run propose a fresh one.`,
    );
  }
  return lines.join("\n");
}

function costRows({ member, siblings, deployed }: PrBodyInput) {
  return [
    { label: "deployed now", ...estimateOf(deployed.cost) },
    { label: "this PR", ...estimateOf(member.cost) },
    ...siblings.map((s) => ({ label: prRef(s), ...estimateOf(s.cost) })),
  ];
}

const estimateOf = (c: CaseCost) => (c.estimate ? { estimate: c.estimate } : {});

function renderTradeOff(input: PrBodyInput): string {
  const { member, siblings, deployed } = input;
  const priced = [member, ...siblings, deployed].every((m) => m.cost.dollars !== undefined);
  const head = priced
    ? "| | Skill bank | Pass rate (95% CI) | Input tokens / case | Output tokens / case | $ / case |\n|---|---|---|---|---|---|"
    : "| | Skill bank | Pass rate (95% CI) | Input tokens / case | Output tokens / case |\n|---|---|---|---|---|";
  const row = (label: string, m: Metrics & { candidate?: string }, bold: boolean): string => {
    const b = (s: string) => (bold ? `**${s}**` : s);
    const id = m.candidate ? `\`${checkedCandidateId(m.candidate)}\`` : "current";
    const est = estimateMark(m.cost.estimate);
    const cells = [
      label,
      id,
      b(rateWithInterval(m.total)),
      b(est + count(m.cost.input)),
      b(est + count(m.cost.output)),
    ];
    if (priced) cells.push(b(est + dollars(m.cost.dollars ?? 0)));
    return `| ${cells.join(" | ")} |`;
  };
  const rows = [
    row("Deployed now", deployed, false),
    row(`**This PR** (${member.operatingPoint})`, member, true),
    ...siblings.map((s) => row(`${prRef(s)} (${s.operatingPoint})`, s, false)),
  ];
  const chart = renderFrontierChart({
    title: input.run.simulated ? "Frontier simulated" : "Frontier",
    costText: priced ? dollars : (v) => `${count(v)} tokens`,
    points: [
      {
        label: "Deployed",
        cost: priced ? deployed.cost.dollars! : totalTokens(deployed.cost),
        passRate: deployed.total.rate,
      },
      ...[member, ...siblings].map((m) => ({
        label:
          m === member
            ? `This PR ${m.operatingPoint}`
            : `${m.pullRequest ? `PR ${m.pullRequest}` : checkedCandidateId(m.candidate)} ${m.operatingPoint}`,
        cost: priced ? m.cost.dollars! : totalTokens(m.cost),
        passRate: m.total.rate,
      })),
    ],
  });
  return [
    `### Where it sits on the frontier${input.run.simulated ? " (simulated figures)" : ""}`,
    "",
    `The frontier keeps only candidates that no other candidate beats on both pass rate and cost, so each one is a different trade-off. ${costsSentence(costRows(input))}`,
    "",
    head,
    ...rows,
    "",
    chart,
  ].join("\n");
}

function renderGates(input: PrBodyInput, d: Detail): string {
  const { member, deployed, epsilon } = input;
  const floors = Object.fromEntries(deployed.perCategory.map((c) => [c.category, (1 - epsilon) * c.rate]));
  const table = gateTable(deployed.perCategory, member.perCategory, member.gate, floors);
  const { rows, failed } = table;
  const title = !member.gate
    ? "➖ the gate's figures are not in the run record"
    : failed === 0
      ? "✅ every category at or above its floor"
      : `❌ ${failed} categor${failed === 1 ? "y" : "ies"} below the floor`;
  const evolutionCases = input.run.feedbackCases + input.run.regressionCases;
  const sample = sampleDetails(member.gate, d.caseRows);
  return [
    `### Gates — ${title}${input.run.simulated ? " (simulated figures)" : ""}`,
    "",
    `A candidate may only join the frontier if no category of cases falls more than ${percent(epsilon, { digits: 0 })} (relative) below the deployed skill bank: floor = ${(1 - epsilon).toFixed(2)} × deployed. ${gateSetSentence(member.gate, evolutionCases)} The \`skillops/gates\` check on this PR repeats the verdict with per-case detail, and fails if \`${escapeHtml(input.repo.defaultBranch)}\` has moved on or a sibling was merged.`,
    "",
    ...table.head,
    ...rows,
    ...(sample.length ? ["", ...sample] : []),
  ].join("\n");
}

interface Detail extends DiffDetail {
  /** Case rows kept; 0 keeps counts only. */
  caseRows: number;
}

const FULL = { diffLines: Infinity, diffChars: Infinity, scriptLines: Infinity };
const LADDER: Detail[] = [
  { ...FULL, caseRows: Infinity, summaryChars: 2000 },
  { ...FULL, diffLines: 400, diffChars: 16_000, caseRows: Infinity, summaryChars: 2000 },
  { ...FULL, diffLines: 80, diffChars: 4000, caseRows: 200, summaryChars: 1000 },
  { ...FULL, diffLines: 0, diffChars: 0, caseRows: 100, summaryChars: 500 },
  { ...FULL, diffLines: 0, diffChars: 0, caseRows: 20, summaryChars: 200 },
  { ...FULL, diffLines: 0, diffChars: 0, caseRows: 0, summaryChars: 100 },
  // Only now do scripts' diffs shrink, each with a warning in plain sight.
  { diffLines: 0, diffChars: 0, caseRows: 0, summaryChars: 100, scriptLines: 400 },
  { diffLines: 0, diffChars: 0, caseRows: 0, summaryChars: 0, scriptLines: 100 },
];

function caseRow(c: FeedbackCaseView, fixed: boolean): string {
  const from = c.issue ? `#${c.issue}` : "—";
  const title = c.title ? tableCell(c.title) : "";
  return `| \`${escapeHtml(c.id)}\` | ${tableCell(c.category, 40)} | ${from} | ${title} | ${fixed ? "✅ fixed" : "❌ still failing"} |`;
}

/** Which cases had secrets redacted from the text they came from, and which kinds. */
function redactedLine(cases: readonly FeedbackCaseView[]): string | undefined {
  const hit = cases.filter((c) => c.redacted?.length);
  const kinds = [...new Set(hit.flatMap((c) => c.redacted ?? []))].sort();
  return redactionNotice(kinds, `the feedback of ${hit.map((c) => `\`${escapeHtml(c.id)}\``).join(", ")}`);
}

function renderCases(input: PrBodyInput, d: Detail): string {
  const total = input.fixed.length + input.stillFailing.length;
  const lines = [
    "### Feedback cases",
    "",
    `This candidate fixes **${input.fixed.length} of ${total}** accepted feedback cases in the run. Merging labels the issues of the fixed ones \`skillops:shipped\` and closes them with a comment; the still-failing ones stay open for the next run. The fixed cases also join the regression pool in this PR, so later runs must keep passing them.`,
  ];
  const redacted = redactedLine([...input.fixed, ...input.stillFailing]);
  if (redacted) lines.push("", redacted);
  if (total === 0 || d.caseRows === 0) {
    if (total > 0)
      lines.push(
        "",
        "_The case list is left out to keep this description under GitHub's size limit: see the `skillops/gates` check._",
      );
    return lines.join("\n");
  }
  const rows = [
    ...input.fixed.map((c) => caseRow(c, true)),
    ...input.stillFailing.map((c) => caseRow(c, false)),
  ];
  const shown = rows.slice(0, d.caseRows);
  lines.push(
    "",
    `<details${total <= 10 ? " open" : ""}><summary>${input.fixed.length} fixed · ${input.stillFailing.length} still failing</summary>`,
    "",
    "| Case | Category | Issue | Feedback | Result |",
    "|---|---|---|---|---|",
    ...shown,
  );
  if (shown.length < rows.length)
    lines.push("", `… and ${count(rows.length - shown.length)} more: see the \`skillops/gates\` check.`);
  lines.push("", "</details>");
  return lines.join("\n");
}

function renderControls(input: PrBodyInput): string {
  const branch = escapeHtml(input.repo.defaultBranch);
  return [
    "### What happens if you…",
    "",
    `- **merge** — this skill bank is deployed: \`skill-bank/bank.yml\` on \`${branch}\` names candidate \`${checkedCandidateId(input.member.candidate)}\` at the *${input.member.operatingPoint}* operating point. Sibling PRs are closed as superseded, fixed feedback issues are labelled \`skillops:shipped\` and closed, and the dashboard shows the new deployment.`,
    "- **close without merging** — the candidate is rejected and never proposed again automatically (allow it again from the dashboard).",
    "- **select** — add the label `skillops:select` or comment `/skillops select` (needs write access): this PR is marked ready for review, the label leaves its siblings, and the dashboard records your choice. Selecting does not deploy; merging does.",
    "- **roll back later** — press **Revert** on the merged PR, or comment `/skillops rollback`, and merge the revert: the previous skill bank returns, this PR is labelled `skillops:rolled-back`, its feedback issues reopen, and the candidate is not proposed again automatically.",
    "- **push commits here** — skillops stops updating this branch so your work is never overwritten.",
    "",
    "<details><summary>Commands</summary>",
    "",
    "Comment on this PR (one command per comment):",
    "",
    "- `/skillops select` — choose this operating point",
    "- `/skillops rollback` — after merging, open the revert PR",
    "- `/skillops explain <case-id>` — why a case passes or fails",
    "- `/skillops run` — start a new evolution run",
    "- `/skillops help` — list the commands",
    "",
    "</details>",
  ].join("\n");
}

function renderFooter(input: PrBodyInput): string {
  const sim = input.run.simulated ? " · **simulated run**" : "";
  return `<sub>Generated by skillops ${escapeHtml(input.version)} from run \`${escapeHtml(input.run.id)}\`${sim} · edit the description freely, but keep the hidden marker line.</sub>`;
}

function assemble(input: PrBodyInput, d: Detail): string {
  return (
    [
      renderPrMarker({
        v: 1,
        run: input.run.id,
        candidate: input.member.candidate,
        base: input.repo.baseSha,
        op: input.member.operatingPoint,
        fixed: [...new Set(input.fixed.flatMap((c) => (c.issue ? [c.issue] : [])))].sort((a, b) => a - b),
        ...(input.run.scope ? { scope: input.run.scope } : {}),
      }),
      renderHeader(input),
      renderGates(input, d),
      ...renderVsDeployedSection(input.member.vsDeployed, input.run.simulated),
      renderAuditSection(input.member.audit),
      ...renderNogoodsSection(input.nogoods),
      ...renderKernelSection(input),
      ...renderLocalisationSection(input.member.localisation),
      ...renderExposureSection(input.exposure),
      ...renderKeptFilesSection(input.keptFiles),
      renderTradeOff(input),
      ...[renderSpendLine(input.run.evaluationSpend, input.run.simulated)].filter(Boolean),
      renderWhatChanged(input.skills, input.otherFiles, d),
      renderCases(input, d),
      renderControls(input),
      renderLegendSection(input.glossaryUrl),
      "---",
      renderFooter(input),
    ].join("\n\n") + "\n"
  );
}

/**
 * Renders the body, shedding collapsed detail until it fits `maxChars` (UTF-16 units, which never
 * undercount GitHub's limit). Throws only if the decision, gates and controls alone do not fit.
 */
export function renderPrBody(input: PrBodyInput, maxChars = MAX_BODY_CHARS): string {
  for (const d of LADDER) {
    const body = assemble(input, d);
    if (body.length <= maxChars) return body;
  }
  const last = LADDER[LADDER.length - 1]!;
  const essential = assemble({ ...input, skills: input.skills.map((s) => ({ ...s, diff: "" })) }, last);
  if (essential.length <= maxChars) return essential;
  throw new Error(
    `frontier PR body: the decision, gates and controls alone take ${essential.length} characters (limit ${maxChars}); too many categories or skills for one description`,
  );
}
