// A mermaid `quadrantChart` of the frontier: x = cost per case, y = pass rate. GitHub renders
// mermaid fences in PR bodies; quadrantChart is the one mermaid diagram that plots free points.
// Its grammar is narrow (labels: letters, digits, spaces, hyphens; coordinates `0.xx` or `1`), so
// every label is reduced to that alphabet here rather than trusting callers.

export interface ChartPoint {
  label: string;
  /** Any non-negative cost measure (tokens or dollars per case); scaled to the chart. */
  cost: number;
  /** Pass rate in [0, 1]. */
  passRate: number;
}

export interface FrontierChart {
  title: string;
  points: ChartPoint[];
  /** Axis wording, e.g. "tokens per case". */
  costUnit: string;
}

/** Letters, digits, spaces and hyphens only; at most 40 characters; never empty. */
export function chartLabel(text: string): string {
  const cleaned = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^A-Za-z0-9 -]+/g, " ")
    .replace(/-{2,}/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 40)
    .trim();
  return cleaned === "" ? "point" : cleaned;
}

/** The grammar accepts `1` or `0.` followed by digits; clamp into [0.02, 0.98] so labels stay inside. */
export function chartCoordinate(v: number): string {
  const clamped = Math.min(0.98, Math.max(0.02, Number.isFinite(v) ? v : 0.5));
  return clamped.toFixed(2);
}

/** Map values onto [0.1, 0.9]; a degenerate range puts everything in the middle. */
function scale(values: readonly number[]): (v: number) => number {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  if (!(hi > lo)) return () => 0.5;
  return (v) => 0.1 + (0.8 * (v - lo)) / (hi - lo);
}

/** Renders the chart as a fenced mermaid block; labels made unique so no point hides another's name. */
export function renderFrontierChart(chart: FrontierChart): string {
  if (chart.points.length === 0) return "";
  const x = scale(chart.points.map((p) => p.cost));
  const y = scale(chart.points.map((p) => p.passRate));
  const seen = new Map<string, number>();
  const lines = [
    "```mermaid",
    "quadrantChart",
    `  title ${chartLabel(chart.title)}`,
    `  x-axis Cheaper --> ${chartLabel(`Costlier ${chart.costUnit}`)}`,
    "  y-axis Lower pass rate --> Higher pass rate",
  ];
  for (const p of chart.points) {
    let label = chartLabel(p.label);
    const count = (seen.get(label) ?? 0) + 1;
    seen.set(label, count);
    if (count > 1) label = `${label} ${count}`;
    lines.push(`  ${label}: [${chartCoordinate(x(p.cost))}, ${chartCoordinate(y(p.passRate))}]`);
  }
  lines.push("```");
  return lines.join("\n");
}
