// The frontier as an inline SVG scatter: pass rate (with its 95% interval) against mean tokens per
// case. The baseline P₀ is the bank deployed when the run started; P* is the member the run
// recommends. Pure: a run record in, SVG text out.
import type { RunRecord } from "../../records/run-record.js";
import { escapeXml } from "./escape.js";
import { tokens } from "./figures.js";
import { totalTokens } from "../../records/tokens.js";
import { shortCandidateId } from "../../records/candidate-id.js";
import { percent } from "../../vocabulary/percent.js";
import { placeLabels, type Box } from "./label-placement.js";

const W = 640;
const H = 360;
const M = { left: 64, right: 24, top: 40, bottom: 52 };
const PLOT_W = W - M.left - M.right;
const PLOT_H = H - M.top - M.bottom;

interface Point {
  id: string;
  /** Short: what the chart writes beside the marker (the table below has the figures). */
  label: string;
  cost: number;
  rate: number;
  low: number;
  high: number;
  kind: "deployed" | "member" | "selected";
  /** P₀: the bank deployed when the run started (it may be P* as well). */
  deployed: boolean;
}

/** Every point is named by its short id and operating point; P₀ and P* say which they are. */
export function frontierPoints(record: RunRecord): Point[] {
  const b = record.baseline;
  const onFrontier = record.frontier.find((m) => m.candidate === b.candidate);
  const points: Point[] = [
    {
      id: b.candidate,
      label: `P₀${onFrontier?.selected ? " = P*" : ""} ${shortCandidateId(b.candidate)} ${onFrontier ? onFrontier.operatingPoint : "(off the frontier)"}`,
      cost: totalTokens(b.cost),
      rate: b.total.rate,
      low: b.total.low,
      high: b.total.high,
      kind: onFrontier?.selected ? "selected" : "deployed",
      deployed: true,
    },
  ];
  for (const m of record.frontier) {
    if (m.candidate === b.candidate) continue;
    points.push({
      id: m.candidate,
      label: `${m.selected ? "P* " : ""}${shortCandidateId(m.candidate)} ${m.operatingPoint}`,
      cost: totalTokens(m.cost),
      rate: m.total.rate,
      low: m.total.low,
      high: m.total.high,
      kind: m.selected ? "selected" : "member",
      deployed: false,
    });
  }
  return points;
}

/** A round step (1, 2 or 5 × 10^k) at or above `value`, so ticks read cleanly. */
export function niceStep(value: number): number {
  if (!(value > 0)) return 1;
  const exp = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((s) => s * exp >= value) ?? 10;
  return step * exp;
}

/**
 * The cost axis zooms onto the members' costs (with a margin) instead of starting at 0: frontier
 * members often differ by a few percent of tokens, which an axis from 0 would flatten into one dot.
 */
export function costAxis(costs: readonly number[]): { min: number; max: number; step: number } {
  const lo = Math.min(...costs);
  const hi = Math.max(...costs);
  const span = Math.max(hi - lo, hi * 0.05, 1);
  const step = niceStep((span * 1.3) / 4);
  const min = Math.max(0, Math.floor((lo - span * 0.15) / step) * step);
  const max = Math.ceil((hi + span * 0.15) / step) * step;
  return { min, max: max > min ? max : min + step, step };
}

const RADIUS: Record<Point["kind"], number> = { deployed: 6, member: 6, selected: 8 };

function marker(p: Point, x: number, y: number): string {
  const what = `${p.label}${p.kind === "selected" ? " (recommended)" : ""}${p.deployed ? " (deployed when the run started)" : ""}`;
  const title = `<title>${escapeXml(`${what}: pass rate ${percent(p.rate)} [${percent(p.low)}–${percent(p.high)}], ${tokens(p.cost)} tokens/case`)}</title>`;
  if (p.kind === "deployed")
    return `<rect class="deployed" x="${(x - 6).toFixed(1)}" y="${(y - 6).toFixed(1)}" width="12" height="12">${title}</rect>`;
  return `<circle class="${p.kind}" cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${RADIUS[p.kind]}">${title}</circle>`;
}

const LABEL_SIZE = 11;
const KEY_ROW = 15;

/** Axes, ticks and titles: everything but the points. */
function frame(record: RunRecord, axis: ReturnType<typeof costAxis>, height: number): string[] {
  const sx = (cost: number) => M.left + ((cost - axis.min) / (axis.max - axis.min)) * PLOT_W;
  const sy = (rate: number) => M.top + (1 - rate) * PLOT_H;
  const title = `Frontier: pass rate vs cost${record.simulated ? " (simulated)" : ""}`;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${height}" width="${W}" height="${height}" role="img" aria-label="${escapeXml(title)}">`,
    `<style>.axis{stroke:#555;stroke-width:1}.grid{stroke:#ddd;stroke-width:1}.tick{font:11px sans-serif;fill:#333}.lab{font:11px sans-serif;fill:#111}.ttl{font:bold 13px sans-serif}.bar{stroke:#888;stroke-width:1.5}.member{fill:#4a7bd0}.selected{fill:#d2691e;stroke:#000;stroke-width:1.5}.deployed{fill:#2e8b57}.sim{font:bold 12px sans-serif;fill:#b00}</style>`,
    `<text class="ttl" x="${M.left}" y="20">${escapeXml(title)}</text>`,
  ];
  if (record.simulated)
    parts.push(`<text class="sim" x="${W - M.right}" y="20" text-anchor="end">SIMULATED</text>`);
  for (const r of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(`<line class="grid" x1="${M.left}" x2="${W - M.right}" y1="${sy(r)}" y2="${sy(r)}"/>`);
    parts.push(
      `<text class="tick" x="${M.left - 10}" y="${sy(r) + 4}" text-anchor="end">${percent(r, { digits: 0 })}</text>`,
    );
  }
  for (let v = axis.min; v <= axis.max + axis.step / 2; v += axis.step) {
    parts.push(
      `<text class="tick" x="${sx(v).toFixed(1)}" y="${H - M.bottom + 19}" text-anchor="middle">${tokens(v)}</text>`,
    );
  }
  parts.push(`<line class="axis" x1="${M.left}" x2="${M.left}" y1="${M.top}" y2="${H - M.bottom}"/>`);
  parts.push(
    `<line class="axis" x1="${M.left}" x2="${W - M.right}" y1="${H - M.bottom}" y2="${H - M.bottom}"/>`,
  );
  parts.push(
    `<text class="lab" x="${M.left + PLOT_W / 2}" y="${H - 12}" text-anchor="middle">mean tokens per case (input + output)${axis.min > 0 ? `, axis from ${tokens(axis.min)}` : ""}</text>`,
  );
  parts.push(
    `<text class="lab" transform="translate(16 ${M.top + PLOT_H / 2}) rotate(-90)" text-anchor="middle">pass rate (95% interval)</text>`,
  );
  return parts;
}

export function renderFrontierSvg(record: RunRecord): string {
  const points = frontierPoints(record);
  const axis = costAxis(points.map((p) => p.cost));
  const sx = (cost: number) => M.left + ((cost - axis.min) / (axis.max - axis.min)) * PLOT_W;
  const sy = (rate: number) => M.top + (1 - rate) * PLOT_H;
  const at = points.map((p) => ({ p, x: sx(p.cost), y: sy(p.rate), r: RADIUS[p.kind] }));
  const obstacles: Box[] = at.flatMap(({ p, x, y, r }) => [
    { x0: x - r - 1, y0: y - r - 1, x1: x + r + 1, y1: y + r + 1 },
    { x0: x - 1, y0: sy(p.high), x1: x + 1, y1: sy(p.low) },
  ]);
  // P* first, then P₀, then the rest: the most important names get the nearest places.
  const order = at.map((a, i) => ({ ...a, i })).sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i);
  // Labels may use the band between the title and the plot's top line.
  const area = { x0: M.left + 2, y0: 24, x1: W - M.right, y1: H - M.bottom - 2 };
  const placed = placeLabels(
    order.map(({ x, y, r, p }) => ({ x, y, r, text: p.label })),
    obstacles,
    area,
    LABEL_SIZE,
  );
  const height = H + (placed.key.length ? placed.key.length * KEY_ROW + 6 : 0);
  const parts = frame(record, axis, height);
  for (const { p, x, y } of at) {
    parts.push(
      `<line class="bar" x1="${x.toFixed(1)}" x2="${x.toFixed(1)}" y1="${sy(p.high).toFixed(1)}" y2="${sy(p.low).toFixed(1)}"/>`,
    );
    parts.push(marker(p, x, y));
  }
  order.forEach(({ p }, j) => {
    const l = placed.beside[j]!;
    parts.push(
      `<text class="lab" data-member="${shortCandidateId(p.id)}" x="${l.x.toFixed(1)}" y="${l.y.toFixed(1)}" text-anchor="${l.anchor}">${escapeXml(l.text)}</text>`,
    );
  });
  placed.key.forEach((k, j) => {
    parts.push(
      `<text class="lab" x="${M.left}" y="${H + j * KEY_ROW + 10}" text-anchor="start">${escapeXml(`${k.n} = ${k.text}`)}</text>`,
    );
  });
  parts.push("</svg>");
  return parts.join("\n");
}

const rank = (p: Point): number => (p.kind === "selected" ? 0 : p.kind === "deployed" ? 1 : 2);
