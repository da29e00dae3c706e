// The gate table a frontier PR and its `skillops/gates` check share: per category, what the gate
// judged (the evolution cases plus the regression-pool sample, with n), its floor and verdict as the
// gate decided them, and beside it the same candidate on the evolution cases alone. Nothing here
// recomputes a verdict: a record without the gate's figures says so instead.
import type { RateWithInterval } from "../../../records/rate-with-interval.js";
import { count, points, rateOnCases, rateWithInterval } from "./format.js";
import { escapeHtml, tableCell } from "../comments/neutralise.js";
import { percent } from "../../../vocabulary/percent.js";
import { formatScore } from "../kernel-labels.js";

export type CategoryRate = { category: string } & RateWithInterval;

/** One category as the gate judged it (run record: `frontier[].gate.reasons`). */
export interface GateCategoryView {
  category: string;
  /** Pass rate on the gate's set: the evolution cases plus the pool sample. */
  rate: number;
  /** Cases the gate judged in this category; absent when the gate was given no counts. */
  n?: number;
  floor: number;
  ok: boolean;
  /** Refused before all its cases ran (it could no longer reach the floor). */
  early: boolean;
  /** The child against the deployed bank case by case (run record: `reasons[].paired`). */
  paired?: PairedView;
  /** `rate`, `floor` and `paired` are mean kernel scores, not rates (docs/kernel.md). */
  scored?: boolean;
}

/** Paired mean difference of pass@k against the deployed bank on the cases both were measured on. */
export interface PairedView {
  delta: number;
  lo: number;
  hi: number;
  n: number;
  identical: number;
}

export interface SampledCase {
  id: string;
  /** Known when the pool case was among the cases handed to the renderer. */
  category?: string;
}

/** What admitted a member: the gate's iteration, the set it judged and its per-category verdicts. */
export interface GateView {
  t: number;
  /** Cases the gate judged in all (evolution cases plus the sample). */
  cases: number;
  sample: SampledCase[];
  categories: GateCategoryView[];
}

export interface GateTable {
  /** GATE_TABLE_HEAD, or GATE_TABLE_HEAD_PAIRED when the gate recorded a paired comparison. */
  head: readonly string[];
  rows: string[];
  /** Categories the gate refused (0 when it admitted the member, or when no gate was recorded). */
  failed: number;
}

export const GATE_TABLE_HEAD = [
  "| Category | Deployed (evolution cases) | Floor | Judged by the gate (evolution + pool sample) | This candidate, evolution cases only | Verdict |",
  "|---|---|---|---|---|---|",
];

/** The head with the paired column, for records whose gate compared case by case. */
export const GATE_TABLE_HEAD_PAIRED = [
  "| Category | Deployed (evolution cases) | Floor | Judged by the gate (evolution + pool sample) | This candidate, evolution cases only | Δ vs baseline (paired, 95% CI) | Verdict |",
  "|---|---|---|---|---|---|---|",
];

/** "−2.0 pp [−6.0 pp, +0.0 pp], 16 pairs, 14 identical" */
export function pairedCell(p: PairedView | undefined, scored = false): string {
  if (!p) return "—";
  const d = scored ? (x: number) => `${x >= 0 ? "+" : "−"}${formatScore(Math.abs(x))}` : points;
  return `${d(p.delta)} [${d(p.lo)}, ${d(p.hi)}], ${count(p.n)} pair${p.n === 1 ? "" : "s"}, ${count(p.identical)} identical`;
}

/** A gate figure: a percentage, or a kernel category's mean score (`score 1.42`). */
const figure = (j: GateCategoryView, x: number) => (j.scored ? `score ${formatScore(x)}` : percent(x));

function verdictCell(j: GateCategoryView): string {
  if (j.ok) return `✅ pass — ${figure(j, j.rate)} ≥ ${figure(j, j.floor)}`;
  if (j.early) return `❌ fail — at most ${figure(j, j.rate)} < ${figure(j, j.floor)} (stopped early)`;
  return `❌ fail — ${figure(j, j.rate)} < ${figure(j, j.floor)}`;
}

/**
 * What the gate judged a category at. Stopped early, its figure is the most the category could
 * still have reached (its passes plus every case not run), not a rate over the `n` cases that ran.
 */
function judgedCell(j: GateCategoryView): string {
  if (j.scored) return `mean kernel score ${formatScore(j.rate)}${j.n === undefined ? "" : ` (n=${j.n})`}`;
  if (!j.early) return rateOnCases(j.rate, j.n);
  const after = j.n === undefined ? "" : ` after ${count(j.n)} case${j.n === 1 ? "" : "s"}`;
  return `stopped early${after}: at most ${percent(j.rate)} with every remaining case passing`;
}

/**
 * One row per category of the deployed bank, the gate or the candidate. `floors` are the run's
 * (anchored at the deployed bank on the evolution cases), shown where the gate recorded none.
 */
export function gateTable(
  deployed: readonly CategoryRate[],
  evolution: readonly CategoryRate[],
  gate: GateView | undefined,
  floors: Readonly<Record<string, number>>,
): GateTable {
  const judged = new Map((gate?.categories ?? []).map((c) => [c.category, c]));
  const mine = new Map(evolution.map((c) => [c.category, c]));
  const names = [...new Set([...deployed.map((c) => c.category), ...judged.keys(), ...mine.keys()])];
  // A gate that paired no case with P₀ keeps the plain table.
  const withPaired = [...judged.values()].some((c) => c.paired !== undefined);
  let failed = 0;
  const rows = names.map((category) => {
    const base = deployed.find((c) => c.category === category);
    const cur = mine.get(category);
    const j = judged.get(category);
    const floor = j?.floor ?? floors[category];
    const evo =
      cur && cur.n > 0
        ? `${rateWithInterval(cur)}${base ? `, ${points(cur.rate - base.rate)}` : ""}`
        : "no cases";
    let verdict = gate ? "➖ not gated" : "➖ not recorded";
    if (j) {
      verdict = verdictCell(j);
      if (!j.ok) failed++;
    }
    const pairedCol = withPaired ? ` ${pairedCell(j?.paired, j?.scored)} |` : "";
    const floorCell = floor === undefined ? "—" : j ? figure(j, floor) : percent(floor);
    return `| ${tableCell(category)} | ${base ? rateWithInterval(base) : "no cases"} | ${floorCell} | ${j ? judgedCell(j) : "—"} | ${evo} |${pairedCol} ${verdict} |`;
  });
  return { head: withPaired ? GATE_TABLE_HEAD_PAIRED : GATE_TABLE_HEAD, rows, failed };
}

/** "The gate judged 24 cases: the 16 evolution cases and 8 sampled from the regression pool." */
export function gateSetSentence(gate: GateView | undefined, evolutionCases: number): string {
  if (!gate)
    return "This run record does not hold the gate's own figures for this member, so no verdict is shown: the gate judged a larger set than the evolution cases, and recomputing it from them would not be its verdict.";
  const k = gate.sample.length;
  const pool =
    k === 0 ? "no case sampled from the regression pool" : `${count(k)} sampled from the regression pool`;
  return `The gate (iteration ${gate.t}) judged ${count(gate.cases)} case${gate.cases === 1 ? "" : "s"}: the ${count(evolutionCases)} evolution case${evolutionCases === 1 ? "" : "s"} and ${pool}. Its rates, floors and verdicts are below as it decided them; the evolution-only column is the same candidate on the evolution cases alone.`;
}

/** The sampled pool cases, collapsed; `maxRows` 0 keeps the count only. */
export function sampleDetails(gate: GateView | undefined, maxRows = Infinity): string[] {
  if (!gate || gate.sample.length === 0) return [];
  const k = gate.sample.length;
  const summary = `<details><summary>${count(k)} regression-pool case${k === 1 ? "" : "s"} the gate sampled</summary>`;
  if (maxRows === 0)
    return [
      `_${count(k)} regression-pool cases were sampled; the list is left out to keep this under GitHub's size limit._`,
    ];
  const shown = gate.sample.slice(0, maxRows);
  // The renderer often knows only the run's evolution cases; a column of dashes says nothing.
  const categorised = shown.some((c) => c.category !== undefined);
  const lines = categorised
    ? [
        summary,
        "",
        "| Pool case | Category |",
        "|---|---|",
        ...shown.map((c) => `| \`${escapeHtml(c.id)}\` | ${c.category ? tableCell(c.category, 40) : "—"} |`),
      ]
    : [summary, "", ...shown.map((c) => `- \`${escapeHtml(c.id)}\``)];
  if (shown.length < k) lines.push("", `… and ${count(k - shown.length)} more.`);
  lines.push("", "</details>");
  return lines;
}
