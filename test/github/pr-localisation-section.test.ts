// The frontier PR's "Where the failing runs went" section: the fault localisation of each iteration
// on the member's path from the baseline (issue 15).
import { describe, expect, it } from "vitest";
import { lineageLocalisation } from "../../src/core/render/pr-body/localisation-section.js";
import { renderPrBody } from "../../src/core/render/pr-body/pr-body.js";
import type { Iteration, LocalisationEntry } from "../../src/records/run-record.js";
import { balanced, baseInput } from "./pr-fixtures.js";
import { iteration as iterationRecord } from "../evolve/neo-iteration.js";

const P0 = "0".repeat(64);
const A = "a".repeat(64);
const B = "b".repeat(64);
const R = "c".repeat(64);

const entry = (component: string, score: number): LocalisationEntry => ({
  component,
  score,
  ef: 4,
  ep: 2,
  failing: 6,
});

/** An iteration of t on the path parent → child whose localisation ranks `top` first. */
const iteration = (t: number, parent: string, child: string, entered: boolean, top: string): Iteration => ({
  ...iterationRecord(t, child, entered, parent),
  localisation: [entry(top, 0.67), entry("other", 0.2)],
});

const iterations = [
  iteration(1, P0, A, true, "refund-policy#Damaged goods"),
  iteration(2, A, R, false, "refused-path"),
  iteration(3, A, B, true, "refund-policy"),
];

describe("the localisation section of a frontier PR", () => {
  it("follows the member's path from the baseline, oldest first, leaving refused children out", () => {
    const path = lineageLocalisation({ iterations }, B);
    expect(path.map((s) => [s.t, s.parent, s.entries[0]!.component])).toEqual([
      [1, P0, "refund-policy#Damaged goods"],
      [3, A, "refund-policy"],
    ]);
    expect(lineageLocalisation({ iterations }, A).map((s) => s.t)).toEqual([1]);
    expect(lineageLocalisation({ iterations }, P0)).toEqual([]);
  });

  it("renders one row per iteration with the top components and their evidence, and nothing without it", () => {
    const localisation = lineageLocalisation({ iterations }, B);
    const body = renderPrBody(baseInput({ member: { ...balanced, localisation } }));
    expect(body).toContain("### Where the failing runs went");
    expect(body).toContain(
      "| 1 | `00000000` | `refund-policy#Damaged goods` 0.67 (4 of 6 failing, 2 passing); `other` 0.20 (4 of 6 failing, 2 passing) |",
    );
    expect(body).toContain("| 3 | `aaaaaaaa` | `refund-policy` 0.67");
    expect(body.indexOf("### Where the failing runs went")).toBeGreaterThan(body.indexOf("### Audit"));
    const { localisation: _none, ...plain } = { ...balanced, localisation };
    expect(renderPrBody(baseInput({ member: plain }))).not.toContain("Where the failing runs went");
  });
});
