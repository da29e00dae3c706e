// The Skill Evolution Dashboard: one issue per repository, edited in place, that shows where every
// piece of feedback and every candidate stands, with checkboxes as commands. `renderDashboard` is
// pure (golden-file tested); dashboard-sync.ts gathers the state and writes the issue.
import { nogoodsLines } from "./nogoods-line.js";
import type { NogoodCount } from "../../nogoods/active-nogoods.js";
import { renderStaleSection, type StaleSkillIssue } from "../comments/stale-section.js";
import type { BankManifest } from "../../../records/bank-manifest.js";
import { renderMarker } from "../../../records/markers.js";
import { shortCandidateId } from "../../../records/candidate-id.js";
import { percent } from "../../../vocabulary/percent.js";
import { NO_MODEL_LINE } from "../no-model.js";

export const DASHBOARD_TITLE = "Skill Evolution Dashboard";
export const DASHBOARD_MARKER = "dashboard";
const MAX_BODY = 58_000;

export interface DashboardFeedback {
  number: number;
  title: string;
  /** For triage: how many things the form is missing (0 = ready to accept). */
  problems?: number;
  /** Labelled `skillops:possible-injection`: the text looks like instructions to a model. */
  possibleInjection?: boolean;
  /** For accepted feedback: the case id, or what it became. */
  caseId?: string;
  kind?: "case" | "knowledge" | "pending" | "failed";
}

/** The latest frontier PR that was merged, for when `bank.yml` names no evolved revision. */
export interface DashboardMerge {
  pullRequest: number;
  candidate: string;
  rolledBack: boolean;
}

export interface DashboardPull {
  number: number;
  title: string;
  member?: string;
  candidate?: string;
  selected: boolean;
  draft: boolean;
}

export interface DashboardCandidate {
  candidate: string;
  pullRequest: number;
  /** A maintainer ticked "allow re-proposal". */
  allowed: boolean;
}

export interface DashboardRun {
  id: string;
  url?: string;
  conclusion: string;
  when: string;
}

export interface DashboardState {
  repo: string;
  updatedAt: string;
  problems: string[];
  deployed: BankManifest | null;
  frontier: DashboardPull[];
  awaitingTriage: DashboardFeedback[];
  waitingForRun: DashboardFeedback[];
  /** Accepted as general advice: it goes to knowledge.md through the knowledge PR, not into a run. */
  advice: DashboardFeedback[];
  /** Accepted, but labelled `skillops:conversion-failed`: the case comment on each says why. */
  conversionFailed?: DashboardFeedback[];
  /** The feedback lists show one page each (the newest); true when there is more than that. */
  moreFeedback?: boolean;
  lastMerge?: DashboardMerge;
  recentRuns: DashboardRun[];
  rolledBack: DashboardCandidate[];
  rejected: DashboardCandidate[];
  /** Open PRs labelled `skillops:left-alone`: a branch the app writes holds a person's commits. */
  leftAlone?: Array<{ number: number; title: string }>;
  /** Skills whose back-linked policy sections changed (open `skillops:policy` issues). */
  mayBeStale?: StaleSkillIssue[];
  /** Accepted feedback the lost-intake sweep found settled (kept in the marker, not shown). */
  swept?: number[];
  /** The install has no model: one line says what is not run. */
  noModel?: boolean;
  /** The nogoods on the default branch against its bank (absent when not read). */
  nogoods?: NogoodCount;
}

/** A checkbox command: `- [ ] <!-- skillops:<id> -->`. */
export const box = (id: string, ticked: boolean, label: string): string =>
  `- [${ticked ? "x" : " "}] <!-- skillops:${id} --> ${label}`;

const BOX = /^\s*-\s*\[([ xX])\]\s*<!--\s*skillops:([a-z-]+(?:=[A-Za-z0-9._-]+)?)\s*-->/gm;

/** The ids of all checkboxes in a body, and whether each is ticked. */
export function readCheckboxes(body: string): Map<string, boolean> {
  const boxes = new Map<string, boolean>();
  for (const m of body.matchAll(BOX)) boxes.set(m[2]!, m[1] !== " ");
  return boxes;
}

/** Boxes ticked in `after` that were not ticked in `before` (an `issues.edited` delivery). */
export function newlyTicked(before: string, after: string): string[] {
  const was = readCheckboxes(before);
  return [...readCheckboxes(after)].filter(([id, ticked]) => ticked && !was.get(id)).map(([id]) => id);
}

/**
 * Keeps boxes a person ticked after we read the body: any box ticked in the current body that still
 * exists in the new rendering stays ticked, unless we just acted on it (`handled`).
 */
export function preserveTicks(rendered: string, current: string, handled: ReadonlySet<string>): string {
  const ticked = new Set(
    [...readCheckboxes(current)].filter(([id, t]) => t && !handled.has(id)).map(([id]) => id),
  );
  return rendered.replace(BOX, (line, _t: string, id: string) =>
    ticked.has(id) ? line.replace(/\[ \]/, "[x]") : line,
  );
}

const escapeTitle = (t: string) =>
  t
    .replace(/[[\]|<>]/g, (c) => `\\${c}`)
    .replace(/@/g, "@\u200b")
    .slice(0, 120);
const issueLink = (f: { number: number; title: string }) =>
  `[#${f.number} ${escapeTitle(f.title)}](../issues/${f.number})`;
const pullLink = (p: { number: number; title?: string }) => `[#${p.number}](../pull/${p.number})`;

function section(title: string, intro: string, lines: string[]): string[] {
  return lines.length === 0 ? [] : [`## ${title}`, "", intro, "", ...lines, ""];
}

/** bank.yml names no evolved revision: say whether one was ever merged (and rolled back since). */
function baselineLine(m: DashboardMerge | undefined): string {
  if (!m)
    return "The skill bank in `skill-bank/` as committed by hand: no evolved revision has been merged yet.";
  const what = `candidate \`${shortCandidateId(m.candidate)}\` from ${pullLink({ number: m.pullRequest })}`;
  return m.rolledBack
    ? `The skill bank in \`skill-bank/\` as committed by hand: the last evolved revision, ${what}, was rolled back.`
    : `\`bank.yml\` names no evolved revision, although ${what} was merged: check \`bank.yml\` on the default branch.`;
}

function deployedSection(d: BankManifest | null, lastMerge?: DashboardMerge): string[] {
  if (!d || d.operatingPoint === "baseline" || !d.candidate)
    return ["## Deployed", "", baselineLine(lastMerge), ""];
  const sim = d.simulated ? " (simulated)" : "";
  const lines = [
    "## Deployed",
    "",
    `Candidate \`${shortCandidateId(d.candidate)}\` at the **${d.operatingPoint}** operating point${d.pullRequest ? `, merged in ${pullLink({ number: d.pullRequest })}` : ""}${d.run ? `, from evolution run \`${d.run}\`` : ""}.`,
    "",
  ];
  if (d.metrics) {
    lines.push(
      `Pass rate${sim}: **${percent(d.metrics.total.rate)}** (95% interval ${percent(d.metrics.total.low)}–${percent(d.metrics.total.high)}, ${d.metrics.total.n} cases); tokens per case${d.metrics.cost.estimated ? " (an estimate: early stop skipped some runs)" : ""}: ${d.metrics.cost.estimated ? "≈" : ""}${Math.round(d.metrics.cost.input).toLocaleString("en-US")} in / ${Math.round(d.metrics.cost.output).toLocaleString("en-US")} out.`,
      "",
    );
    lines.push("| Category | Pass rate | Cases |", "|---|---|---|");
    for (const [c, r] of Object.entries(d.metrics.perCategory))
      lines.push(`| ${c} | ${percent(r.rate)} (${percent(r.low)}–${percent(r.high)}) | ${r.n} |`);
    lines.push("");
  }
  return lines;
}

function frontierSection(state: DashboardState): string[] {
  return section(
    "Open frontier",
    "Alternative revisions of the skill bank from the latest run: each PR trades accuracy against token cost differently. Merge at most one; merging it closes the others.",
    state.frontier.map(
      (p) =>
        `- ${pullLink(p)} ${p.member ? `**${p.member}**` : ""}${p.candidate ? ` \`${shortCandidateId(p.candidate)}\`` : ""} — ${escapeTitle(p.title)}${p.selected ? " · ✅ selected" : ""}${p.draft ? " · draft" : ""}`,
    ),
  );
}

/** Feedback awaiting triage, accepted feedback waiting for a run, and the "run now" box. */
function feedbackSections(state: DashboardState): string[] {
  const out = section(
    "Feedback awaiting triage",
    "Nothing is used until someone with the triage role or more accepts it. Tick a box (or add the label `skillops:accepted`) to accept.",
    state.awaitingTriage.map((f) => {
      const link = f.possibleInjection
        ? `${issueLink(f)} · 🛡️ possible prompt injection: read it before accepting`
        : issueLink(f);
      return f.problems
        ? `- ${link} · ⚠️ the form is incomplete; the issue says what is missing`
        : box(`accept=${f.number}`, false, link);
    }),
  );
  if (
    state.awaitingTriage.length === 0 &&
    state.waitingForRun.length === 0 &&
    state.advice.length === 0 &&
    !state.conversionFailed?.length
  ) {
    out.push(
      "## Feedback",
      "",
      "No open feedback. Report a mistake the agent made with the **Skill feedback** issue form ([new issue](../issues/new/choose)); once a maintainer accepts it, it becomes a test case.",
      "",
    );
  }
  const waiting = state.waitingForRun.map(
    (f) =>
      `- ${issueLink(f)} → ${f.kind === "knowledge" ? "advice for knowledge.md" : f.kind === "pending" ? "converting…" : f.kind === "failed" ? "⚠️ could not be converted" : `case \`${f.caseId ?? "?"}\``}`,
  );
  out.push(
    ...section(
      `Accepted, waiting for a run (${state.waitingForRun.length})`,
      "These go into the next evolution run.",
      waiting.length ? [...waiting, "", box("run-now", false, "**Run evolution now**")] : [],
    ),
  );
  if (state.waitingForRun.length === 0) out.push(...runSection(state));
  out.push(
    ...section(
      `Advice for knowledge.md (${state.advice.length})`,
      "Accepted as general advice rather than a test case: it goes into the skill's `knowledge.md` through the rolling knowledge PR, not into an evolution run.",
      state.advice.map((f) => `- ${issueLink(f)}`),
    ),
  );
  out.push(
    ...section(
      `Could not be converted (${state.conversionFailed?.length ?? 0})`,
      "Accepted, but skillops could not turn these into a test case; each issue's case comment says why. Remove and re-add the label `skillops:accepted` to try again (the next evolution run also tries again).",
      (state.conversionFailed ?? []).map((f) => `- ${issueLink(f)} · ⚠️ see the case comment for the reason`),
    ),
  );
  if (state.moreFeedback)
    out.push(
      "Only the newest feedback is listed here; [all open feedback](../issues?q=is%3Aopen+label%3Askillops%3Afeedback).",
      "",
    );
  return out;
}

/**
 * When evolution last looked for work: the newest finished run, so a quiet week (a green run that had
 * no accepted feedback to evolve from) still shows the schedule is alive.
 */
function lastLookedLine(runs: readonly DashboardRun[]): string[] {
  const done = runs.find((r) => r.conclusion !== "in progress" && r.conclusion !== "queued");
  if (!done) return [];
  const when = done.when.replace("T", " ").replace(/:\d\d(\.\d+)?Z$/, " UTC");
  const run = done.url ? `[${escapeTitle(done.id)}](${done.url})` : escapeTitle(done.id);
  return [`Evolution last looked for accepted feedback on ${when} (${run}, ${done.conclusion}).`, ""];
}

/** Nothing waiting: when evolution last looked, and the box that runs it anyway. */
const runSection = (state: DashboardState): string[] => [
  "## Run",
  "",
  ...lastLookedLine(state.recentRuns),
  box("run-now", false, "Run evolution now (even with no new feedback)"),
  "",
];

function recentRunsSection(state: DashboardState): string[] {
  return section(
    "Recent runs",
    "The latest evolution runs, newest first.",
    state.recentRuns
      .slice(0, 5)
      .map(
        (r) =>
          `- ${r.url ? `[${escapeTitle(r.id)}](${r.url})` : escapeTitle(r.id)} · ${r.conclusion} · ${r.when.slice(0, 10)}`,
      ),
  );
}

/** Rolled-back and rejected candidates, each with its "allow it again" box. */
function refusedSections(state: DashboardState): string[] {
  const candidateLine = (c: DashboardCandidate, why: string) =>
    box(
      `allow-repropose=${c.candidate.slice(0, 40)}`,
      c.allowed,
      `\`${shortCandidateId(c.candidate)}\` ${why} ${pullLink({ number: c.pullRequest })}. Allow it to be proposed again.`,
    );
  return [
    ...section(
      "Rolled back",
      "Reverted after merging; skillops will not propose these again unless you allow it.",
      state.rolledBack.map((c) => candidateLine(c, "was reverted, from")),
    ),
    ...section(
      "Rejected",
      "Closed without merging; skillops will not propose these again unless you allow it.",
      state.rejected.map((c) => candidateLine(c, "was closed unmerged in")),
    ),
  ];
}

export function renderDashboard(
  state: DashboardState,
  options: { allowed?: readonly string[]; snapshot?: Record<string, unknown> } = {},
): string {
  const allowed = [
    ...new Set([
      ...(options.allowed ?? []),
      ...state.rolledBack.filter((c) => c.allowed).map((c) => c.candidate),
      ...state.rejected.filter((c) => c.allowed).map((c) => c.candidate),
    ]),
  ].sort();
  const out: string[] = [
    renderMarker(DASHBOARD_MARKER, {
      v: 1,
      allowed,
      ...(state.swept?.length ? { swept: state.swept } : {}),
      // What one event's refresh starts from (dashboard-snapshot.ts).
      ...(options.snapshot ? { snap: options.snapshot } : {}),
    }),
    `This issue shows how **skillops** is improving the agent skills in this repository: feedback filed as issues becomes test cases, evolution runs propose better skills as pull requests, and you choose which one to deploy. Tick a box to act; skillops answers within a minute. Last updated ${state.updatedAt.replace("T", " ").replace(/:\d\d(\.\d+)?Z$/, " UTC")}.`,
    "",
    ...(state.noModel ? [NO_MODEL_LINE, ""] : []),
    ...section(
      "⚠️ Problems",
      "These stop skillops from opening new pull requests until they are fixed.",
      state.problems.map((p) => `- ${p}`),
    ),
    ...deployedSection(state.deployed, state.lastMerge),
    ...nogoodsLines(state.nogoods),
    ...frontierSection(state),
    ...section(
      "Branches left alone",
      "A branch skillops writes holds commits it did not make, so skillops stopped pushing to it; each PR says which branch and what it does instead.",
      (state.leftAlone ?? []).map((p) => `- ${pullLink(p)} ${escapeTitle(p.title)}`),
    ),
    ...renderStaleSection(state.mayBeStale ?? []),
    ...feedbackSections(state),
    ...recentRunsSection(state),
    ...refusedSections(state),
    "---",
    "<sub>Maintained by skillops · comment `/skillops help` anywhere for commands · how this works: docs/github-app.md in the skillops repository</sub>",
  ];
  return fit(out.join("\n"));
}

/** Never over GitHub's body limit: drop the lowest-value lines (recent runs, rejected) first. */
function fit(body: string): string {
  if (body.length <= MAX_BODY) return body;
  const note = "\n\n> [!NOTE]\n> This dashboard was shortened to fit GitHub's size limit.";
  return `${body.slice(0, MAX_BODY - note.length - 200).replace(/\n[^\n]*$/, "")}${note}`;
}
