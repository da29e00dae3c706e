// The trade-off table's costs: measured over every run, or marked ≈ with the runs they average and
// the 95% interval when early stop left runs unrun (evolve.exactCost off, the default).
import { describe, expect, it } from "vitest";
import { renderPrBody } from "../../src/core/render/pr-body/pr-body.js";
import { baseInput } from "./pr-fixtures.js";

describe("PR body: estimated costs", () => {
  it("says the costs were measured over every run when none is an estimate", () => {
    const body = renderPrBody(baseInput());
    expect(body).toContain("Costs are measured tokens per case, averaged over every run of every case.");
    expect(body).not.toContain("≈");
  });

  it("marks an estimated member's cells and gives its runs and interval, and an open interval as such", () => {
    const input = baseInput();
    const member = {
      ...input.member,
      cost: { ...input.member.cost, estimate: { runs: 24, planned: 36, low: 1002, high: 1036.4 } },
    };
    const deployed = {
      ...input.deployed,
      cost: { ...input.deployed.cost, estimate: { runs: 12, planned: 36, low: 400, high: null } },
    };
    const body = renderPrBody({ ...input, member, deployed });
    expect(body).toContain(`**≈${member.cost.input.toLocaleString("en-US")}**`);
    expect(body).toContain("Those marked ≈ are estimates");
    expect(body).toContain("this PR: 24 of 36 runs, 95% interval 1,002–1,036 tokens per case");
    expect(body).toContain(
      "deployed now: 12 of 36 runs, 95% interval at least 400, open above: no case ran twice",
    );
    expect(body).toContain("`evolve.exactCost: true`");
    expect(body).not.toContain("averaged over every run of every case");
  });
});
