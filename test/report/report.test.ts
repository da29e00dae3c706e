import { DOMParser } from "@xmldom/xmldom";
import { describe, expect, it } from "vitest";
import { costAxis, niceStep, renderFrontierSvg } from "../../src/core/report/frontier-svg.js";
import { renderReportHtml } from "../../src/core/report/html.js";
import { renderReportMarkdown } from "../../src/core/report/markdown.js";
import { handBuiltRecord, simulatedRecord } from "./fixtures.js";

/**
 * Parses as XML and throws on any error or warning, so only well-formed markup passes. xmldom
 * tolerates a bare `&`, which XML does not, so that is checked first.
 */
function parseXml(text: string, mime: "image/svg+xml" | "text/html" = "image/svg+xml") {
  const bare = /&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.exec(text);
  if (bare) throw new Error(`bare & at offset ${bare.index}`);
  return new DOMParser({
    onError: (level, message) => {
      throw new Error(`${level}: ${message}`);
    },
  }).parseFromString(text, mime);
}

const sim = await simulatedRecord();
const hand = handBuiltRecord();

describe("frontier SVG", () => {
  it("is well-formed XML for a real (simulated) engine run, with one marker per point", () => {
    const doc = parseXml(renderFrontierSvg(sim));
    const svg = doc.documentElement!;
    expect(svg.nodeName).toBe("svg");
    expect(svg.getAttribute("xmlns")).toBe("http://www.w3.org/2000/svg");
    const markers = [
      ...Array.from(svg.getElementsByTagName("circle")),
      ...Array.from(svg.getElementsByTagName("rect")),
    ];
    const points = 1 + sim.frontier.filter((m) => m.candidate !== sim.baseline.candidate).length;
    expect(markers).toHaveLength(points);
    expect(Array.from(svg.getElementsByTagName("rect")).map((r) => r.getAttribute("class"))).toEqual([
      "deployed",
    ]);
    expect(
      Array.from(svg.getElementsByTagName("circle")).filter((c) => c.getAttribute("class") === "selected"),
    ).toHaveLength(1);
    expect(svg.textContent).toContain("SIMULATED");
    expect(svg.textContent).toContain("(simulated)");
  });

  it("the well-formedness check itself rejects broken markup", () => {
    expect(() => parseXml('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>')).toThrow();
    expect(() => parseXml('<svg xmlns="http://www.w3.org/2000/svg"><text>a & b</text></svg>')).toThrow(
      /bare &/,
    );
    expect(() => parseXml('<svg xmlns="http://www.w3.org/2000/svg"><a x="1" x="2"/></svg>')).toThrow(
      /redefined/,
    );
    expect(() => parseXml('<svg xmlns="http://www.w3.org/2000/svg">')).toThrow(/unclosed/);
  });

  it("places the points by pass rate and cost, inside the plot", () => {
    const svg = parseXml(renderFrontierSvg(hand)).documentElement!;
    const selected = Array.from(svg.getElementsByTagName("circle")).find(
      (c) => c.getAttribute("class") === "selected",
    )!;
    const deployed = svg.getElementsByTagName("rect")[0]!;
    const cy = Number(selected.getAttribute("cy"));
    const dy = Number(deployed.getAttribute("y")) + 6;
    // 70% sits higher (smaller y) than 50%; 980 tokens lies right of 870.
    expect(cy).toBeLessThan(dy);
    expect(Number(selected.getAttribute("cx"))).toBeGreaterThan(Number(deployed.getAttribute("x")) + 6);
    for (const c of Array.from(svg.getElementsByTagName("circle"))) {
      expect(Number(c.getAttribute("cx"))).toBeGreaterThan(64);
      expect(Number(c.getAttribute("cx"))).toBeLessThan(640 - 24);
    }
    expect(svg.textContent).not.toMatch(/simulated/i);
  });

  it("rounds the cost axis to 1, 2 or 5 × 10^k", () => {
    expect([niceStep(0), niceStep(870), niceStep(1078), niceStep(4100), niceStep(0.3)]).toEqual([
      1, 1000, 2000, 5000, 0.5,
    ]);
    // Close costs get a zoomed axis (members 3% apart stay apart); the axis covers every point.
    expect(costAxis([2303, 2367, 2410])).toEqual({ min: 2250, max: 2450, step: 50 });
    expect(costAxis([800, 4000])).toEqual({ min: 0, max: 6000, step: 2000 });
    const one = costAxis([1200]);
    expect(one.min).toBeLessThan(1200);
    expect(one.max).toBeGreaterThan(1200);
  });
});

describe("HTML report", () => {
  const html = renderReportHtml(sim);

  it("is self-contained: no scripts, no external references, inline CSS and SVG", () => {
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\b(src|href)=/i);
    expect(html.match(/https?:\/\/[^"\s<]+/g) ?? []).toEqual(["http://www.w3.org/2000/svg"]);
    expect(html).toContain("<style>");
    expect(html).toContain("<svg ");
  });

  it("is well-formed markup (its body parses as XML)", () => {
    const body = html.slice(html.indexOf("<body>"), html.indexOf("</body>") + "</body>".length);
    expect(parseXml(body.replace(/&nbsp;/g, " "), "image/svg+xml").documentElement?.nodeName).toBe("body");
  });

  it("labels every figure of a simulated run as simulated", () => {
    expect(html).toContain("simulated: every figure in this report comes from the simulated world");
    for (const h of html.match(/<h2>[^<]*(Frontier|Pass rate|spent|deployed bank)[^<]*<\/h2>/g) ?? [])
      expect(h).toContain("(simulated)");
    // Frontier, better than the deployed bank, per category, iterations, changes, spend.
    expect(html.match(/<h2>/g)?.length).toBe(6);
  });

  it("shows per-category rates with intervals, each gate verdict with its reasons, and the changes", () => {
    for (const c of sim.categories) expect(html).toContain(`<td>${c}</td>`);
    expect(html).toMatch(/\d+\.\d% <span class="muted">\[\d+\.\d–\d+\.\d%\] n=\d+<\/span>/);
    const verdicts = sim.iterations.map((it) =>
      it.child === undefined ? "no child" : it.gate.admitted ? "admitted" : "refused",
    );
    for (const v of verdicts) expect(html).toContain(`gate: ${v}`);
    const changes = sim.frontier.flatMap((m) => m.changes);
    expect(changes.length).toBeGreaterThan(0);
    expect(html).toContain(changes[0]!.summary.slice(0, 40).replace(/"/g, "&quot;"));
  });

  it("escapes hostile text from the record, and a real run says nothing about simulation", () => {
    const h = renderReportHtml(hand);
    expect(h).not.toContain("<script>");
    expect(h).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(h).toContain("run-&lt;b&gt;2026&lt;/b&gt;");
    expect(h).not.toMatch(/simulated/i);
    expect(h).toContain(
      "general: below floor 57.0%: stopped early, since even with every remaining case passing it could reach at most 20.0%",
    );
  });
});

describe("the gate's figures in the report", () => {
  it("gives each gate reason its n and says the gate's set held the pool sample", () => {
    const md = renderReportMarkdown(sim);
    const it = sim.iterations.find((x) => x.child && x.gate.reasons.some((r) => !r.early))!;
    const r = it.gate.reasons.find((x) => !x.early)!;
    expect(r.n).toBeGreaterThan(0);
    // Markdown escapes the parentheses.
    expect(md).toContain(`   - ${r.category}: ${(r.observed * 100).toFixed(1)}% \\(n=${r.n}\\) vs floor`);
    expect(md).toContain(
      `cases (${sim.cases.length} evolution + ${it.child!.sample.length} sampled from the regression pool)`,
    );
    expect(md).toContain("Rates on the evolution cases, the same cases for every member.");
  });
});

describe("degenerate intervals in the report", () => {
  it("says why an interval collapsed to a point instead of printing it as certainty", () => {
    const all = { rate: 1, low: 1, high: 1, n: 6 };
    const record = { ...hand, baseline: { ...hand.baseline, perCategoryDetail: { general: all } } };
    for (const text of [renderReportMarkdown(record), renderReportHtml(record)]) {
      expect(text).not.toContain("[100.0–100.0%]");
      expect(text).toContain(
        "6 of 6 passed; every case agreed, so the bootstrap interval is a point; Wilson 95%: 61.0–100.0%",
      );
    }
  });
});

describe("a run that did nothing", () => {
  it("still renders: baseline only, no iterations, well-formed SVG", () => {
    const empty = {
      ...hand,
      iterations: [],
      frontier: [],
      stop: { reason: "no-cases" as const, afterIteration: 0 },
      selected: hand.baseline.candidate,
    };
    const svg = parseXml(renderFrontierSvg(empty)).documentElement!;
    expect(svg.getElementsByTagName("rect")).toHaveLength(1);
    expect(svg.getElementsByTagName("circle")).toHaveLength(0);
    expect(renderReportHtml(empty)).toContain("No iterations ran.");
    expect(renderReportHtml(empty)).toContain("there were no accepted cases to learn from after iteration 0");
    expect(renderReportMarkdown(empty)).toContain("No iterations ran.");
  });
});

describe("Markdown report", () => {
  it("labels a simulated run and lists the timeline and per-category table", () => {
    const md = renderReportMarkdown(sim);
    expect(md).toMatch(/^## skillops run `[^`]+` \(simulated\)/);
    expect(md).toContain("### Frontier (simulated)");
    expect(md).toContain("### Pass rate per category (simulated)");
    expect(md.match(/\*\*gate: (admitted|refused|no child)\*\*/g)).toHaveLength(sim.iterations.length);
  });

  it("marks an estimated cost with ≈, its interval and runs, and explains the mark once", () => {
    const e = sim.baseline.costEstimate!; // early stop left some of P₀'s runs unrun
    const md = renderReportMarkdown(sim);
    const row = md.split("\n").find((l) => l.includes("P₀ (deployed)"))!;
    expect(row).toContain(`≈`);
    expect(row).toContain(`; ${e.runs} of ${e.planned} runs]`);
    expect(md.match(/≈ marks a cost estimated from the runs early stop executed/g)).toHaveLength(1);
    expect(renderReportMarkdown(hand)).not.toContain("≈"); // the hand-built record's costs are exact
  });

  it("neutralises HTML, links, table breaks and mentions in untrusted text", () => {
    const md = renderReportMarkdown(hand);
    const line = md.split("\n").find((l) => l.includes("Says refunds"))!;
    expect(line).toContain("\\<script\\>");
    expect(line).toContain("\\[a link\\]\\(https://evil.example\\)");
    expect(line).toContain("\\|");
    expect(line).toContain("@\u200bsomeone");
    expect(md).not.toMatch(/simulated/i);
  });
});

describe("one figure, one meaning", () => {
  it("words a child stopped early as the rate on the cases it ran, and its refused category as the most it could reach", () => {
    // Iteration 2 ran 1 of the 2 general cases and failed it: 0% on what ran, at most 50% reachable.
    const [first, second] = hand.iterations;
    const stopped = {
      ...second!,
      child: { ...second!.child!, measured: { ...second!.child!.measured, passRate: 0, cases: 1 } },
      gate: {
        admitted: false,
        reasons: [{ category: "general", observed: 0.5, floor: 0.57, ok: false, early: true, n: 1 }],
      },
    };
    const record = { ...hand, iterations: [first!, stopped] };
    const html = renderReportHtml(record).replace(/&#39;|&apos;/g, "'");
    for (const text of [renderReportMarkdown(record), html]) {
      expect(text).toContain(
        "pass rate 0.0% on the 1 of the gate's 2 cases (2 evolution + 0 sampled from the regression pool) it ran before the gate stopped it early",
      );
      expect(text).toMatch(
        /general: below floor 57\.0%: stopped early after 1 case\\?\(s\\?\), since even with every remaining case passing it could reach at most 50\.0%/,
      );
      expect(text).not.toMatch(/general: 50\.0%/);
    }
  });

  it("names P₀'s operating point from the frontier, the same in every table and section", () => {
    const md = renderReportMarkdown(hand);
    expect(md).toContain("| `aaaaaaaa` **P₀ (deployed)** | 0 | cost |");
    expect(md).toContain("**`aaaaaaaa`** (P₀, deployed), cost:");
    expect(md).not.toMatch(/\| baseline \|/);
    const html = renderReportHtml(hand);
    expect(html).toContain(
      "<td><code>aaaaaaaa</code> <strong>P₀ (deployed)</strong></td><td>0</td><td>cost</td>",
    );
    expect(html).not.toContain("(baseline)");
  });

  it("says when P₀ is off the frontier instead of giving it an operating point", () => {
    const off = { ...hand, frontier: hand.frontier.filter((m) => m.candidate !== hand.baseline.candidate) };
    expect(renderReportMarkdown(off)).toContain(
      "| `aaaaaaaa` **P₀ (deployed)** | 0 | none (dominated: off the frontier) |",
    );
    expect(renderReportHtml(off)).toContain("<td>none (dominated: off the frontier)</td>");
  });

  it("shows P₀ once in the per-category table, its column named as the deployed bank", () => {
    const md = renderReportMarkdown(hand);
    const head = md.split("\n").find((l) => l.startsWith("| category |"))!;
    expect(head).toBe("| category | `aaaaaaaa` P₀ (deployed) | floor | `bbbbbbbb` P\\* |");
    const html = renderReportHtml(hand);
    const table = html.slice(
      html.indexOf("<th>category</th>"),
      html.indexOf("</tr>", html.indexOf("<th>category</th>")),
    );
    expect(table.match(/aaaaaaaa/g)).toHaveLength(1);
  });

  it("gives the run's start, finish and duration, and never a run that took no time", () => {
    expect(renderReportHtml(hand)).toContain("2026-11-30T01:00:00Z → 2026-11-30T01:20:00Z (20 min)");
    const still = renderReportHtml({ ...hand, finishedAt: hand.startedAt });
    expect(still).not.toContain("2026-11-30T01:00:00Z → 2026-11-30T01:00:00Z");
    expect(still).toContain("2026-11-30T01:00:00Z (start and finish recorded at the same instant)");
  });
});
