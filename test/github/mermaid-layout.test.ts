// The PR body's frontier chart as mermaid lays it out (issue 43: "Cheaper, axis from …" ran into
// "Costlier, axis to …" and was clipped; the y labels overlapped). No renderer runs here: the layout
// below is mermaid's quadrantChart at its default configuration (quadrantBuilder: a 500 × 500
// chart, padding 5, axis labels 16 px with padding 5, a 20 px title with padding 10, the x axis at
// the bottom once there are points). With both ends of an axis given, each label is centred in its
// half of the plot; y labels are rotated, so their width runs along y. Text widths are the HTML
// chart's upper estimate (label-placement.ts), as in test/report/frontier-layout.test.ts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderFrontierChart, type ChartPoint } from "../../src/core/render/pr-body/mermaid.js";
import { textWidth } from "../../src/core/report/label-placement.js";

const CHART = 500;
const PAD = 5;
const AXIS = { font: 16, pad: 5 };
const TITLE = { font: 20, pad: 10 };
const axisBand = AXIS.font + 2 * AXIS.pad;
const plot = {
  left: PAD + axisBand,
  top: PAD + TITLE.font + 2 * TITLE.pad,
  width: CHART - 2 * PAD - axisBand,
  height: CHART - 2 * PAD - axisBand - (TITLE.font + 2 * TITLE.pad),
};

interface Span {
  text: string;
  from: number;
  to: number;
}

/** Each axis's two labels as the span they cover along their axis (x for x, y for the rotated y). */
function axisSpans(chart: string): { x: [Span, Span]; y: [Span, Span] } {
  const ends = (axis: string) => {
    const line = chart.split("\n").find((l) => l.trimStart().startsWith(`${axis}-axis `))!;
    const [a, b] = line.trimStart().slice(`${axis}-axis `.length).split(" --> ") as [string, string];
    return [a.trim(), b.trim()] as const;
  };
  const span = (text: string, centre: number): Span => {
    const w = textWidth(text, AXIS.font);
    return { text, from: centre - w / 2, to: centre + w / 2 };
  };
  const [left, right] = ends("x");
  const [bottom, top] = ends("y");
  const hw = plot.width / 2;
  const hh = plot.height / 2;
  return {
    x: [span(left, plot.left + hw / 2), span(right, plot.left + hw + hw / 2)],
    y: [span(top, plot.top + hh / 2), span(bottom, plot.top + plot.height - hh / 2)],
  };
}

function expectApartAndInside([a, b]: [Span, Span]): void {
  expect(a.to, `"${a.text}" runs into "${b.text}"`).toBeLessThanOrEqual(b.from);
  for (const s of [a, b]) {
    expect(s.from, `"${s.text}" is clipped`).toBeGreaterThanOrEqual(0);
    expect(s.to, `"${s.text}" is clipped`).toBeLessThanOrEqual(CHART);
  }
}

const tokens = (v: number) => `${Math.round(v).toLocaleString("en-US")} tokens`;
const dollars = (v: number) => `$${v.toFixed(4)}`;

describe("the frontier chart's axis labels, laid out as mermaid does", () => {
  it("never collide or leave the chart, on the demo's figures", () => {
    const points: ChartPoint[] = [
      { label: "Deployed", cost: 2087, passRate: 0.571 },
      { label: "This PR accuracy", cost: 2180, passRate: 0.929 },
      { label: "PR 9 balanced", cost: 2147, passRate: 0.857 },
    ];
    const spans = axisSpans(renderFrontierChart({ title: "Frontier simulated", points, costText: tokens }));
    expectApartAndInside(spans.x);
    expectApartAndInside(spans.y);
  });

  it("never collide or leave the chart, for any costs in tokens or dollars and any pass rates", () => {
    const point = fc.record({
      label: fc.constantFrom("Deployed", "This PR balanced", "PR 124 accuracy"),
      cost: fc.double({ min: 1e-4, max: 1e8, noNaN: true }),
      passRate: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(point, { minLength: 1, maxLength: 5 }), fc.boolean(), (points, priced) => {
        const chart = renderFrontierChart({
          title: "Frontier simulated",
          points,
          costText: priced ? dollars : tokens,
        });
        const spans = axisSpans(chart);
        expectApartAndInside(spans.x);
        expectApartAndInside(spans.y);
      }),
      { numRuns: 300 },
    );
  });
});
