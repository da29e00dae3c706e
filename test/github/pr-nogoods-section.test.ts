// The frontier PR's "Nogoods" section (src/core/render/pr-body/nogoods-section.ts): learned and applied
// nogoods of the run, absent when it had none.
import { describe, expect, it } from "vitest";
import { makeNogood } from "../../src/core/nogoods/nogood.js";
import type { NogoodsView } from "../../src/core/render/pr-body/nogoods-section.js";
import { renderPrBody } from "../../src/core/render/pr-body/pr-body.js";
import { baseInput } from "./pr-fixtures.js";

const learned = makeNogood({
  edits: [
    {
      skill: "refund-policy",
      section: "limits",
      skillVersion: "a".repeat(64),
      change: "b".repeat(64),
      removed: [],
      added: ["refund | everything"],
    },
  ],
  minimal: true,
  evidence: { cases: [{ id: "c1", category: "special" }], categories: ["special"], reasons: ["refused"] },
  runId: "run-1",
  origin: "gate",
  createdAt: "2026-11-30T00:00:00Z",
});

const view = (over: Partial<NogoodsView> = {}): NogoodsView => ({
  loaded: 3,
  retired: 1,
  created: [learned],
  applied: ["x"],
  vetoes: 2,
  evaluationsSaved: 2,
  ...over,
});

describe("the Nogoods section of a frontier PR", () => {
  it("says what was read, vetoed and learned, one row per learned nogood, after the audit", () => {
    const body = renderPrBody(baseInput({ nogoods: view() }));
    expect(body).toContain("### Nogoods — 1 learned, 1 applied");
    expect(body).toContain(
      "The run read 3 nogood(s) from `.skillops/nogoods/` (1 retired: their skill has changed since). 2 child(ren) repeated a known failing edit and were vetoed before evaluation, saving 2 evaluation(s).",
    );
    expect(body).toContain(
      `| \`${learned.id.slice(0, 8)}\` | gate | refund-policy § limits | special | yes |`,
    );
    expect(body.indexOf("### Nogoods")).toBeGreaterThan(body.indexOf("### Audit"));
  });

  it("is absent when the run read and learned no nogood", () => {
    expect(renderPrBody(baseInput())).not.toContain("### Nogoods");
    expect(
      renderPrBody(
        baseInput({ nogoods: view({ loaded: 0, created: [], applied: [], vetoes: 0, evaluationsSaved: 0 }) }),
      ),
    ).not.toContain("### Nogoods");
  });
});
