// The evaluation-spend line of a frontier PR: present when the run record has the figure, labelled
// simulated in a simulated run, beside (never instead of) the deployment costs of the trade-off table.
import { describe, expect, it } from "vitest";
import { renderPrBody } from "../../src/core/render/pr-body/pr-body.js";
import { baseInput } from "./pr-fixtures.js";

describe("PR body: evaluation spend", () => {
  it("shows what the run paid against naive evaluation, after the trade-off table", () => {
    const input = baseInput();
    const body = renderPrBody({
      ...input,
      run: { ...input.run, evaluationSpend: { spent: 190_324, naive: 602_889 } },
    });
    expect(body).toContain(
      "**Evaluation spend:** this run paid 190,324 model tokens (agent and judge) to evaluate its candidates; naive FRAMES evaluation of the same candidates: 602,889, so it paid 31.6% of the naive model tokens.",
    );
    expect(body.indexOf("Evaluation spend")).toBeGreaterThan(
      body.indexOf("### Where it sits on the frontier"),
    );
  });

  it("labels a simulated run's figure, and a record without the figure renders no line", () => {
    const input = baseInput();
    const sim = renderPrBody({
      ...input,
      run: { ...input.run, simulated: true, evaluationSpend: { spent: 5, naive: 0 } },
    });
    expect(sim).toContain("**Evaluation spend (simulated):** this run paid 5 model tokens");
    expect(renderPrBody(input)).not.toContain("Evaluation spend");
  });
});
