// The report's content as plain rows, shared by the HTML and Markdown renderers so both say the
// same thing: per-category rates with intervals, the iteration timeline with gate verdicts, and
// what each frontier member changed (change-texts.ts, the PR body's words).
import type { GateReason, RunRecord } from "../../records/run-record.js";
import { type RateWithInterval } from "../../records/rate-with-interval.js";
import type { CostEstimate } from "../../records/cost-estimate.js";
import type { Tokens } from "../../records/tokens.js";
import { changeTexts, otherTexts, type ScriptDiff, type SkillChangeText } from "./change-texts.js";
import { shortCandidateId } from "../../records/candidate-id.js";
import { percent } from "../../vocabulary/percent.js";

/** The frontier table's rows: P₀ first (whether or not it is on the frontier), then the other members. */
export interface FrontierRow {
  candidate: string;
  born: number;
  /** The member's operating point, the one name the report, the narration and the PRs use for it. */
  operatingPoint: string;
  selected: boolean;
  deployed: boolean;
  total: RateWithInterval;
  cost: Tokens;
  costEstimate: CostEstimate | undefined;
}

/** What the operating-point column says of a P₀ the frontier left out. */
export const OFF_FRONTIER = "none (dominated: off the frontier)";

export function frontierRows(record: RunRecord): FrontierRow[] {
  const b = record.baseline;
  const p0 = record.frontier.find((m) => m.candidate === b.candidate);
  return [
    {
      candidate: b.candidate,
      born: 0,
      operatingPoint: p0?.operatingPoint ?? OFF_FRONTIER,
      selected: p0?.selected ?? false,
      deployed: true,
      total: b.total,
      cost: b.cost,
      costEstimate: b.costEstimate,
    },
    ...memberColumns(record).map((m) => ({
      candidate: m.candidate,
      born: m.born,
      operatingPoint: m.operatingPoint,
      selected: m.selected,
      deployed: false,
      total: m.total,
      cost: m.cost,
      costEstimate: m.costEstimate,
    })),
  ];
}

/** The frontier members other than P₀, which the tables show once, in its own column or row. */
export const memberColumns = (record: RunRecord) =>
  record.frontier.filter((m) => m.candidate !== record.baseline.candidate);

/** How the tables mark P₀ and P*: "P₀ (deployed)", "P*", "P₀ = P* (deployed)". */
export function roleMark(row: { deployed: boolean; selected: boolean }): string {
  if (row.deployed) return row.selected ? "P₀ = P* (deployed)" : "P₀ (deployed)";
  return row.selected ? "P*" : "";
}

export interface CategoryRow {
  category: string;
  floor: number | undefined;
  baseline: RateWithInterval | undefined;
  members: Array<{ candidate: string; selected: boolean; rate: RateWithInterval | undefined }>;
}

export function categoryRows(record: RunRecord): CategoryRow[] {
  return record.categories.map((category) => ({
    category,
    floor: record.baseline.floors[category],
    baseline: record.baseline.perCategoryDetail[category],
    members: memberColumns(record).map((m) => ({
      candidate: m.candidate,
      selected: m.selected,
      rate: m.perCategory[category],
    })),
  }));
}

export interface TimelineEntry {
  t: number;
  parent: string;
  child: string | undefined;
  measured: string | undefined;
  verdict: "admitted" | "refused" | "no child";
  /** One line per category: observed vs floor, and why it failed. */
  reasons: string[];
  entered: boolean;
  removed: string[];
  kept: string[];
  dropped: string[];
  note: string | undefined;
}

export function timelineEntries(record: RunRecord): TimelineEntry[] {
  return record.iterations.map((it) => {
    const verdict = it.child === undefined ? "no child" : it.gate.admitted ? "admitted" : "refused";
    const reasons = it.gate.reasons.map(reasonText);
    return {
      t: it.t,
      parent: shortCandidateId(it.parent),
      child: it.child ? shortCandidateId(it.child.candidate) : undefined,
      measured: it.child ? measuredText(it.child, record.cases.length) : undefined,
      verdict,
      reasons,
      entered: it.entered,
      removed: it.removed.map(shortCandidateId),
      kept: it.vote.kept.map((v) => `${v.skill} (${v.votes})`),
      dropped: it.vote.dropped.map((v) => `${v.skill} (${v.votes})`),
      note: it.note,
    };
  });
}

/** What the gate's set was made of: the evolution cases plus the pool sample. */
const gateSet = (evolution: number, sample: number): string =>
  `${evolution} evolution + ${sample} sampled from the regression pool`;

type ChildRecord = NonNullable<RunRecord["iterations"][number]["child"]>;

/**
 * The child's pass rate over the cases it ran. Sequential rejection may stop before all of them,
 * so the rate then says how many of the gate's set it covers.
 */
function measuredText(child: ChildRecord, evolution: number): string {
  const { passRate, cases, complete } = child.measured;
  const set = gateSet(evolution, child.sample.length);
  if (complete) return `pass rate ${percent(passRate)} on the gate's ${cases} cases (${set})`;
  const planned = evolution + child.sample.length;
  return `pass rate ${percent(passRate)} on the ${cases} of the gate's ${planned} cases (${set}) it ran before the gate stopped it early`;
}

/**
 * One gate reason. A category refused early carries the best rate it could still have reached (its
 * passes so far plus every remaining case), not a rate it was measured at: the words say so.
 */
export function reasonText(r: GateReason): string {
  if (r.early) {
    const after = r.n === undefined ? "" : ` after ${r.n} case(s)`;
    return `${r.category}: below floor ${percent(r.floor)}: stopped early${after}, since even with every remaining case passing it could reach at most ${percent(r.observed)}`;
  }
  return `${r.category}: ${percent(r.observed)}${r.n === undefined ? "" : ` (n=${r.n})`} vs floor ${percent(r.floor)} ${r.ok ? "ok" : "below floor"}`;
}

/** Under the per-category table: its rates are not the ones the gate judged. */
export const CATEGORY_TABLE_NOTE =
  "Rates on the evolution cases, the same cases for every member. The gate judged each child on these plus a sample of the regression pool: its rates, with n, are under each iteration below.";

export interface ChangeGroup {
  candidate: string;
  selected: boolean;
  deployed: boolean;
  operatingPoint: string;
  skills: SkillChangeText[];
  other: { sentences: string[]; scripts: ScriptDiff[] };
}

/** Each member's changes against the run's starting bank, as the PR body words them (change-texts.ts). */
export function changeGroups(record: RunRecord): ChangeGroup[] {
  return record.frontier.map((m) => ({
    candidate: m.candidate,
    selected: m.selected,
    deployed: m.candidate === record.baseline.candidate,
    operatingPoint: m.operatingPoint,
    skills: changeTexts(m.whatChanged, m.changes),
    other: otherTexts(m.whatChanged),
  }));
}

/**
 * When the run ran: start → finish with the time it took. A record whose two times are one instant
 * (a clock that did not move) says so rather than showing a run that took no time.
 */
export function runSpan(record: Pick<RunRecord, "startedAt" | "finishedAt">): string {
  const ms = Date.parse(record.finishedAt) - Date.parse(record.startedAt);
  if (ms === 0) return `${record.startedAt} (start and finish recorded at the same instant)`;
  const took = ms > 0 ? ` (${duration(ms)})` : "";
  return `${record.startedAt} → ${record.finishedAt}${took}`;
}

function duration(ms: number): string {
  if (ms < 120_000) return `${(ms / 1000).toFixed(1)} s`;
  const min = Math.round(ms / 60_000);
  return min < 120 ? `${min} min` : `${Math.floor(min / 60)} h ${min % 60} min`;
}

export const STOP_TEXT: Record<RunRecord["stop"]["reason"], string> = {
  "max-iterations": "reached the iteration limit",
  patience: "no frontier change for `patience` iterations",
  budget: "the token budget ran out",
  "no-cases": "there were no accepted cases to learn from",
  holds: "SkillNEO: consecutive generations held the incumbent",
  "perfect-root": "SkillNEO: the starting bank already passed every run",
  exhausted: "SkillNEO: every eligible parent reached the per-parent cap",
  "clean-exit": "SkillEvolver: a child passed a clean audit and at least 3/4 of the exploration runs passed",
};
