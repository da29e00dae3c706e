// The frontier chart's layout, measured from the SVG it writes: every text, marker and interval bar
// gets a bounding box (text widths by the chart's own upper estimate), and no text may cover
// another text, a marker or a bar, or leave the picture. Every point carries its name: its label
// beside it, or a key number whose key row names it. Checked on the demo's frontier and on
// generated ones.
import { DOMParser, type Element } from "@xmldom/xmldom";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderFrontierSvg } from "../../src/core/report/frontier-svg.js";
import { overlaps, textBox, type Box } from "../../src/core/report/label-placement.js";
import { handBuiltRecord } from "./fixtures.js";
import type { RunRecord } from "../../src/records/run-record.js";
import type { OperatingPoint } from "../../src/records/operating-point.js";

const FONT: Record<string, { size: number; bold: boolean }> = {
  tick: { size: 11, bold: false },
  lab: { size: 11, bold: false },
  ttl: { size: 13, bold: true },
  sim: { size: 12, bold: true },
};

interface Shape {
  kind: "text" | "bar" | "marker";
  what: string;
  box: Box;
}

const num = (e: Element, name: string) => Number(e.getAttribute(name));

function shapes(svgText: string): { shapes: Shape[]; width: number; height: number; svg: Element } {
  const svg = new DOMParser().parseFromString(svgText, "image/svg+xml").documentElement!;
  const out: Shape[] = [];
  for (const t of Array.from(svg.getElementsByTagName("text"))) {
    if (t.getAttribute("transform")) continue; // the rotated y-axis title, left of the ticks
    const font = FONT[t.getAttribute("class") ?? ""]!;
    const anchor = (t.getAttribute("text-anchor") ?? "start") as "start" | "middle" | "end";
    const box = textBox(t.textContent ?? "", num(t, "x"), num(t, "y"), anchor, font.size);
    // Bold runs about a tenth wider.
    if (font.bold) box.x1 = box.x0 + (box.x1 - box.x0) * 1.1;
    out.push({ kind: "text", what: t.textContent ?? "", box });
  }
  for (const l of Array.from(svg.getElementsByTagName("line"))) {
    if (l.getAttribute("class") !== "bar") continue;
    const x = num(l, "x1");
    out.push({
      kind: "bar",
      what: "bar",
      box: { x0: x - 0.75, y0: num(l, "y1"), x1: x + 0.75, y1: num(l, "y2") },
    });
  }
  for (const c of Array.from(svg.getElementsByTagName("circle"))) {
    const [x, y, r] = [num(c, "cx"), num(c, "cy"), num(c, "r")];
    out.push({ kind: "marker", what: "circle", box: { x0: x - r, y0: y - r, x1: x + r, y1: y + r } });
  }
  for (const q of Array.from(svg.getElementsByTagName("rect"))) {
    const [x, y] = [num(q, "x"), num(q, "y")];
    out.push({
      kind: "marker",
      what: "square",
      box: { x0: x, y0: y, x1: x + num(q, "width"), y1: y + num(q, "height") },
    });
  }
  return { shapes: out, width: num(svg, "width"), height: num(svg, "height"), svg };
}

/** Every collision a text takes part in, as readable strings (empty when the layout is clean). */
function collisions(svgText: string): string[] {
  const { shapes: all, width, height } = shapes(svgText);
  const found: string[] = [];
  all.forEach((a, i) => {
    if (a.kind !== "text") return;
    const b = a.box;
    if (b.x0 < 0 || b.y0 < 0 || b.x1 > width || b.y1 > height) found.push(`"${a.what}" leaves the picture`);
    all.forEach((o, j) => {
      if (j === i || (o.kind === "text" && j < i)) return;
      if (overlaps(a.box, o.box))
        found.push(`"${a.what}" covers ${o.kind === "text" ? `"${o.what}"` : `a ${o.what}`}`);
    });
  });
  return found;
}

/** Each member's short id → the name the chart gives it (beside it, or through the key). */
function names(svgText: string): Map<string, string> {
  const { svg } = shapes(svgText);
  const texts = Array.from(svg.getElementsByTagName("text"));
  const key = new Map(
    texts.flatMap((t) => {
      const m = /^(\d+) = (.*)$/.exec(t.textContent ?? "");
      return m ? [[m[1]!, m[2]!] as const] : [];
    }),
  );
  return new Map(
    texts
      .filter((t) => t.getAttribute("data-member"))
      .map((t) => [t.getAttribute("data-member")!, key.get(t.textContent ?? "") ?? t.textContent ?? ""]),
  );
}

interface Spec {
  id: string;
  cost: number;
  rate: number;
  low: number;
  high: number;
  op: OperatingPoint;
  selected: boolean;
}

/** A record with P₀ (on the frontier as its first member, or off it) and the given members. */
function recordOf(p0: Spec, members: Spec[], p0OnFrontier: boolean): RunRecord {
  const hand = handBuiltRecord();
  const template = hand.frontier[1]!;
  const total = (s: Spec) => ({ rate: s.rate, low: s.low, high: s.high, n: 16 });
  const cost = (s: Spec) => ({ input: s.cost - 40, output: 40, cached: 0 });
  const member = (s: Spec, born: number) => ({
    ...template,
    candidate: s.id,
    born,
    total: total(s),
    cost: cost(s),
    operatingPoint: s.op,
    selected: s.selected,
  });
  const frontier = [...(p0OnFrontier ? [member(p0, 0)] : []), ...members.map((m, i) => member(m, i + 1))];
  return {
    ...hand,
    baseline: { ...hand.baseline, candidate: p0.id, total: total(p0), cost: cost(p0) },
    frontier,
    selected: frontier.find((m) => m.selected)?.candidate ?? p0.id,
  };
}

const hex = (n: number) => n.toString(16).padStart(8, "0").repeat(8);

describe("frontier chart layout", () => {
  // `npm run demo`'s frontier: P₀ is the cost member, the balanced member's bar rises past P*'s label.
  const demo = recordOf(
    { id: "45babbd8".repeat(8), cost: 1985, rate: 0.75, low: 0.5, high: 0.938, op: "cost", selected: false },
    [
      {
        id: "81a876a0".repeat(8),
        cost: 2032,
        rate: 0.8125,
        low: 0.625,
        high: 1,
        op: "balanced",
        selected: false,
      },
      {
        id: "a5adfedb".repeat(8),
        cost: 2065,
        rate: 0.9375,
        low: 0.8125,
        high: 1,
        op: "accuracy",
        selected: true,
      },
    ],
    true,
  );

  it("draws the demo's frontier with no text over a bar, a marker or another text", () => {
    expect(collisions(renderFrontierSvg(demo))).toEqual([]);
  });

  it("names every member of the demo's frontier with its id and operating point", () => {
    expect(Object.fromEntries(names(renderFrontierSvg(demo)))).toEqual({
      "45babbd8": "P₀ 45babbd8 cost",
      "81a876a0": "81a876a0 balanced",
      a5adfedb: "P* a5adfedb accuracy",
    });
  });

  it("the collision check finds a label drawn over a bar", () => {
    const svg = renderFrontierSvg(demo);
    const bar = /<line class="bar" x1="([\d.]+)"[^>]* y1="([\d.]+)"/.exec(svg)!;
    const moved = svg.replace(
      /(<text class="lab" data-member="81a876a0") x="[\d.]+" y="[\d.]+" text-anchor="\w+"/,
      `$1 x="${Number(bar[1]) - 20}" y="${Number(bar[2]) + 20}" text-anchor="start"`,
    );
    expect(collisions(moved).join("\n")).toMatch(/"81a876a0 balanced" covers a bar/);
  });

  const rate = fc.double({ min: 0, max: 1, noNaN: true });
  const spec = fc
    .record({ cost: fc.integer({ min: 1, max: 50_000 }), rate, a: rate, b: rate })
    .map(({ cost, rate: r, a, b }) => ({
      cost,
      rate: r,
      low: r * Math.min(a, b),
      high: r + (1 - r) * Math.max(a, b),
    }));

  it("keeps every generated frontier free of overlaps, every member named", () => {
    fc.assert(
      fc.property(
        spec,
        fc.array(spec, { minLength: 0, maxLength: 3 }),
        fc.boolean(),
        fc.nat(3),
        (p0, raw, onFrontier, pick) => {
          const ops: OperatingPoint[] = ["accuracy", "balanced", "cost"];
          const members = raw.map((s, i) => ({
            ...s,
            id: hex(i + 1),
            op: ops[i]!,
            selected: i === pick % Math.max(1, raw.length),
          }));
          const record = recordOf(
            { ...p0, id: hex(0xdead), op: "cost", selected: raw.length === 0 },
            members,
            onFrontier || raw.length === 0,
          );
          const svg = renderFrontierSvg(record);
          expect(collisions(svg)).toEqual([]);
          const named = names(svg);
          for (const m of record.frontier) {
            const name = named.get(m.candidate.slice(0, 8));
            expect(name).toContain(m.candidate.slice(0, 8));
            expect(name).toContain(m.operatingPoint);
          }
          expect(named.get(record.baseline.candidate.slice(0, 8))).toMatch(/^P₀/);
        },
      ),
      { numRuns: 300 },
    );
  });
});
