// The report's content as plain rows, shared by the HTML and Markdown renderers so both say the
// same thing: per-category rates with intervals, the iteration timeline with gate verdicts, and
// what each frontier member changed (change-texts.ts, the PR body's words).
import type { RunRecord } from "../../records/run-record.js";
import { type RateWithInterval } from "../../records/rate-with-interval.js";
import { changeTexts, otherTexts, type ScriptDiff, type SkillChangeText } from "./change-texts.js";
import { shortCandidateId } from "../../records/candidate-id.js";
import { percent } from "../../vocabulary/percent.js";

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
    members: record.frontier.map((m) => ({
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
    const reasons = it.gate.reasons.map(
      (r) =>
        `${r.category}: ${percent(r.observed)}${r.n === undefined ? "" : ` (n=${r.n})`} vs floor ${percent(r.floor)} ${r.ok ? "ok" : r.early ? "below floor (stopped early: could no longer reach it)" : "below floor"}`,
    );
    return {
      t: it.t,
      parent: shortCandidateId(it.parent),
      child: it.child ? shortCandidateId(it.child.candidate) : undefined,
      measured: it.child
        ? `${percent(it.child.measured.passRate)} on ${it.child.measured.cases} case(s)${gateSet(record.cases.length, it.child.sample.length)}${it.child.measured.complete ? "" : " (evaluation stopped early)"}`
        : undefined,
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
  ` (the gate's set: ${evolution} evolution + ${sample} sampled from the regression pool)`;

/** Under the per-category table: its rates are not the ones the gate judged. */
export const CATEGORY_TABLE_NOTE =
  "Rates on the evolution cases, the same cases for every member. The gate judged each child on these plus a sample of the regression pool: its rates, with n, are under each iteration below.";

export interface ChangeGroup {
  candidate: string;
  selected: boolean;
  operatingPoint: string;
  skills: SkillChangeText[];
  other: { sentences: string[]; scripts: ScriptDiff[] };
}

/** Each member's changes against the run's starting bank, as the PR body words them (change-texts.ts). */
export function changeGroups(record: RunRecord): ChangeGroup[] {
  return record.frontier.map((m) => ({
    candidate: m.candidate,
    selected: m.selected,
    operatingPoint: m.operatingPoint,
    skills: changeTexts(m.whatChanged, m.changes),
    other: otherTexts(m.whatChanged),
  }));
}

export const STOP_TEXT: Record<RunRecord["stop"]["reason"], string> = {
  "max-iterations": "reached the iteration limit",
  patience: "no frontier change for `patience` iterations",
  budget: "the token budget ran out",
  "no-cases": "there were no accepted cases to learn from",
};
