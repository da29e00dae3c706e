// A mermaid `quadrantChart` of the frontier: x = cost per case, y = pass rate. GitHub renders
// mermaid fences in PR bodies; quadrantChart is the one mermaid diagram that plots free points.
// It draws no scale, so the figures are written into it: each axis names the values at its ends
// and each point carries its pass rate and cost. The axes never zoom in closer than a minimum span,
// so members a few percent apart do not land in opposite corners. Its grammar is narrow (labels:
// letters, digits, spaces and a few signs; coordinates `0.xx` or `1`), so every label is reduced
// to that alphabet here rather than trusting callers.
import { percent } from "../../../vocabulary/percent.js";
import { textWidth } from "../../report/label-placement.js";
export interface ChartPoint {
  /** The point's name; the chart adds its figures. */
  label: string;
  /** Any non-negative cost measure (tokens or dollars per case); scaled to the chart. */
  cost: number;
  /** Pass rate in [0, 1]. */
  passRate: number;
}

export interface FrontierChart {
  title: string;
  points: ChartPoint[];
  /** A cost per case as the PR body writes it, unit included: "2,065 tokens", "$0.012". */
  costText: (cost: number) => string;
}

/**
 * Letters, digits, spaces, hyphens and the signs `. , % $` (all plain text tokens of the grammar);
 * at most 60 characters; never empty. `%%` would open a mermaid comment, so runs of % collapse.
 */
export function chartLabel(text: string): string {
  const cleaned = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^A-Za-z0-9 .,%$-]+/g, " ")
    .replace(/-{2,}/g, "-")
    .replace(/%+/g, "%")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 60)
    .trim();
  return /^[A-Za-z0-9$]/.test(cleaned) ? cleaned : cleaned === "" ? "point" : `point ${cleaned}`;
}

/** The grammar accepts `1` or `0.` followed by digits; clamp into [0.02, 0.98] so labels stay inside. */
export function chartCoordinate(v: number): string {
  const clamped = Math.min(0.98, Math.max(0.02, Number.isFinite(v) ? v : 0.5));
  return clamped.toFixed(2);
}

export interface ChartAxis {
  min: number;
  max: number;
}

/**
 * The axis around `values`: the members land between 0.1 and 0.9 of it, unless they lie closer than
 * `minSpan`, which the axis then covers instead; never outside `[floor, ceiling]`.
 */
export function chartAxis(
  values: readonly number[],
  minSpan: number,
  floor = 0,
  ceiling = Infinity,
): ChartAxis {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = Math.max(hi - lo, minSpan);
  const mid = (lo + hi) / 2;
  const pad = span / 8;
  let min = mid - span / 2 - pad;
  let max = mid + span / 2 + pad;
  if (min < floor) [min, max] = [floor, Math.min(ceiling, max + floor - min)];
  if (max > ceiling) [min, max] = [Math.max(floor, min - (max - ceiling)), ceiling];
  return max > min ? { min, max } : { min: min - 0.5, max: max + 0.5 };
}

const position = (axis: ChartAxis) => (v: number) => (v - axis.min) / (axis.max - axis.min);

/** Costs closer than this share of the dearest are drawn this far apart, no further. */
const MIN_COST_SPAN = 0.1;
/** Pass rates closer than 10 points likewise. */
const MIN_RATE_SPAN = 0.1;

/**
 * Room for one axis label in mermaid's quadrantChart at its defaults (500 × 500, axis labels 16 px,
 * a title): an axis with two labels centres each in half the plot, 232 px across for x and 212 px
 * along y (rotated), so a longer label runs into its partner and past the chart's edge. Labels are
 * chosen to fit by textWidth's upper estimate (test/github/mermaid-layout.test.ts lays them out).
 */
export const AXIS_LABEL_ROOM = { x: 232, y: 212, fontSize: 16 } as const;

/** The first candidate (reduced to the grammar) that fits `room`; else the last. */
function fittedLabel(room: number, candidates: readonly string[]): string {
  const labels = candidates.map(chartLabel);
  return labels.find((l) => textWidth(l, AXIS_LABEL_ROOM.fontSize) <= room) ?? labels[labels.length - 1]!;
}

/** Renders the chart as a fenced mermaid block; labels made unique so no point hides another's name. */
export function renderFrontierChart(chart: FrontierChart): string {
  if (chart.points.length === 0) return "";
  const costs = chartAxis(
    chart.points.map((p) => p.cost),
    MIN_COST_SPAN * Math.max(...chart.points.map((p) => p.cost)),
  );
  const rates = chartAxis(
    chart.points.map((p) => p.passRate),
    MIN_RATE_SPAN,
    0,
    1,
  );
  const [x, y] = [position(costs), position(rates)];
  const rate = (r: number) => percent(r);
  const seen = new Map<string, number>();
  const lines = [
    "```mermaid",
    "quadrantChart",
    `  title ${chartLabel(chart.title)}`,
    `  x-axis ${axisLabel("x", "Cheaper, from", "From", chart.costText(costs.min))} --> ${axisLabel("x", "Costlier, to", "To", chart.costText(costs.max))}`,
    `  y-axis ${axisLabel("y", "Lower pass rate, from", "From", rate(rates.min), " pass")} --> ${axisLabel("y", "Higher pass rate, to", "To", rate(rates.max), " pass")}`,
  ];
  for (const p of chart.points) {
    let label = chartLabel(`${p.label} ${rate(p.passRate)} pass, ${chart.costText(p.cost)}`);
    const count = (seen.get(label) ?? 0) + 1;
    seen.set(label, count);
    if (count > 1) label = `${label} ${count}`;
    lines.push(`  ${label}: [${chartCoordinate(x(p.cost))}, ${chartCoordinate(y(p.passRate))}]`);
  }
  lines.push("```");
  return lines.join("\n");
}

/** An axis end: "Cheaper, from 1,896 tokens" when it fits its half of the plot, else "From 1,896 tokens", else the figure. */
function axisLabel(axis: "x" | "y", long: string, short: string, figure: string, unit = ""): string {
  return fittedLabel(AXIS_LABEL_ROOM[axis], [
    `${long} ${figure}${unit}`,
    `${short} ${figure}${unit}`,
    figure,
  ]);
}
