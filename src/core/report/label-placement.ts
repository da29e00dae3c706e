// Where the frontier chart's labels go: beside their marker, clear of every marker, interval bar
// and other label, inside the plot. A label that fits nowhere near its point moves to a numbered
// key under the plot, its number beside the marker, so every member stays named and nothing is
// drawn over anything else. Pure geometry: text widths are estimated, never measured.

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export const overlaps = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

const grow = (b: Box, by: number): Box => ({ x0: b.x0 - by, y0: b.y0 - by, x1: b.x1 + by, y1: b.y1 + by });

const inside = (b: Box, area: Box): boolean =>
  b.x0 >= area.x0 && b.x1 <= area.x1 && b.y0 >= area.y0 && b.y1 <= area.y1;

/**
 * An upper estimate of a sans-serif string's width at `size` px: wide letters (m, w, capitals)
 * count more than the rest, so a label never runs further than its box says.
 */
export function textWidth(text: string, size: number): number {
  let em = 0;
  for (const ch of text) em += /[mwMW@]/.test(ch) ? 0.95 : /[A-Z]/.test(ch) ? 0.75 : ch === " " ? 0.35 : 0.62;
  return em * size;
}

/** The box a `<text>` occupies: baseline at `y`, ascent 0.8 em, descent 0.25 em. */
export function textBox(
  text: string,
  x: number,
  y: number,
  anchor: "start" | "middle" | "end",
  size: number,
): Box {
  const w = textWidth(text, size);
  const x0 = anchor === "start" ? x : anchor === "end" ? x - w : x - w / 2;
  return { x0, y0: y - 0.8 * size, x1: x0 + w, y1: y + 0.25 * size };
}

export interface LabelTarget {
  /** The marker's centre and half-size. */
  x: number;
  y: number;
  r: number;
  text: string;
}

export interface PlacedText {
  text: string;
  x: number;
  y: number;
  anchor: "start" | "end";
}

export interface Placement {
  /** One per target, in order: its label beside the marker, or its key number when it went to the key. */
  beside: PlacedText[];
  /** The key under the plot: `n = label` for each label that did not fit beside its marker. */
  key: { n: number; text: string }[];
}

const ROW = 13;
const GAP = 4;
const ROWS_AWAY = 8;

/** Beside the marker first, then a row up or down at a time, right side before left. */
function candidates(t: LabelTarget, text: string, size: number): PlacedText[] {
  const out: PlacedText[] = [];
  for (let i = 0; i <= 2 * ROWS_AWAY; i++) {
    const row = i % 2 === 0 ? -i / 2 : (i + 1) / 2;
    const y = t.y + 0.3 * size + row * ROW;
    out.push({ text, x: t.x + t.r + GAP, y, anchor: "start" });
    out.push({ text, x: t.x - t.r - GAP, y, anchor: "end" });
  }
  return out;
}

/** Inside the plot, and at least a pixel clear of everything placed so far. */
function fits(c: PlacedText, size: number, area: Box, taken: readonly Box[]): boolean {
  const box = textBox(c.text, c.x, c.y, c.anchor, size);
  return inside(box, area) && !taken.some((o) => overlaps(grow(box, 1), o));
}

function firstFree(
  t: LabelTarget,
  text: string,
  size: number,
  area: Box,
  taken: Box[],
): PlacedText | undefined {
  return candidates(t, text, size).find((c) => fits(c, size, area, taken));
}

/** Step of the grid `nearestFree` searches, in pixels. */
const GRID = 3;

/**
 * The free spot nearest the marker anywhere in the plot, for a key number crowded out of every spot
 * beside it (points stacked in one corner); undefined only when the plot has no room left at all.
 */
function nearestFree(
  t: LabelTarget,
  text: string,
  size: number,
  area: Box,
  taken: Box[],
): PlacedText | undefined {
  const spots: { c: PlacedText; d: number }[] = [];
  for (let x = area.x0; x <= area.x1; x += GRID)
    for (let y = area.y0; y <= area.y1; y += GRID)
      spots.push({ c: { text, x, y, anchor: "start" }, d: (x - t.x) ** 2 + (y - t.y) ** 2 });
  spots.sort((a, b) => a.d - b.d);
  return spots.find(({ c }) => fits(c, size, area, taken))?.c;
}

/**
 * Places each target's label. `obstacles` are what labels must not cover (markers, bars); `area`
 * is where labels may go. Greedy in the given order, so callers list the most important first.
 */
export function placeLabels(
  targets: readonly LabelTarget[],
  obstacles: readonly Box[],
  area: Box,
  size: number,
): Placement {
  const taken = [...obstacles];
  const beside: (PlacedText | undefined)[] = targets.map((t) => {
    const spot = firstFree(t, t.text, size, area, taken);
    if (spot) taken.push(textBox(spot.text, spot.x, spot.y, spot.anchor, size));
    return spot;
  });
  const key: Placement["key"] = [];
  const placed = targets.map((t, i) => {
    const spot = beside[i];
    if (spot) return spot;
    const n = key.length + 1;
    key.push({ n, text: t.text });
    const number = firstFree(t, String(n), size, area, taken) ??
      nearestFree(t, String(n), size, area, taken) ?? {
        text: String(n),
        x: t.x + t.r + GAP,
        y: t.y + 0.3 * size,
        anchor: "start" as const,
      };
    taken.push(textBox(number.text, number.x, number.y, number.anchor, size));
    return number;
  });
  return { beside: placed, key };
}
