// The PR body's "Exposure" section (exposure-section.ts): which skills the member's bank.yml exposes
// and hides, their tokens against the run's context budget, the allocation that chose the list, and
// "simulated" when the run was.
import { describe, expect, it } from "vitest";
import { withExposure } from "../../src/core/bank/exposure.js";
import type { RunRecord } from "../../src/records/run-record.js";
import { exposureView, renderExposureSection } from "../../src/core/render/pr-body/exposure-section.js";
import { renderPrBody } from "../../src/core/render/pr-body/pr-body.js";
import { bankOf, skillMd } from "../evolve/tool-bank.js";
import { baseInput } from "./pr-fixtures.js";

const base = bankOf({
  "alpha/SKILL.md": skillMd("alpha", "A".repeat(400)),
  "beta/SKILL.md": skillMd("beta", "B".repeat(800)),
  "gamma/SKILL.md": skillMd("gamma", "C".repeat(1200)),
});
const member = withExposure(base, ["beta", "alpha"]);
const tokens = (name: string) => Math.ceil(base.skills.find((s) => s.name === name)!.source.length / 4);
const allocation = {
  budget: 600,
  scopeTokens: 0,
  masking: { runs: 6, rho: 0.5, executions: 72, hidden: [], outcomes: [] },
  effects: [],
  interactions: [],
  exposure: ["alpha", "beta"],
  exposureTokens: 0,
};
const record = {
  config: { contextBudget: 600 },
  iterations: [{ t: 1, contextBudget: allocation }],
  simulated: true,
} as unknown as RunRecord;

describe("the exposure section", () => {
  it("lists exposed and hidden skills with tokens, the budget, the allocation, labelled simulated", () => {
    const view = exposureView(base.files, member.files, record)!;
    expect(view.exposed.map((s) => s.name)).toEqual(["alpha", "beta"]);
    expect(view.hidden).toEqual([{ name: "gamma", tokens: tokens("gamma") }]);
    const body = renderPrBody(baseInput({ exposure: view }));
    const shown = tokens("alpha") + tokens("beta");
    expect(body).toContain("### Exposure — 2 of 3 skills shown (simulated run)");
    expect(body).toContain(
      `The agent sees ${shown} of the bank's ${shown + tokens("gamma")} skill tokens of a 600-token budget`,
    );
    expect(body).toContain("The deployed bank exposes every skill.");
    expect(body).toContain("at iteration 1 from 6 masking run(s) (72 agent executions");
    expect(body).toContain(`| Hidden | gamma (${tokens("gamma")}) |`);
  });

  it("shows a member that exposes everything against a deployed list, and nothing when neither has one", () => {
    const view = exposureView(member.files, base.files, { ...record, simulated: false })!;
    expect(view.hidden).toEqual([]);
    const [section] = renderExposureSection(view);
    expect(section).toContain("### Exposure — 3 of 3 skills shown\n");
    expect(section).toContain("The deployed bank exposes 2 skill(s): `alpha`, `beta`.");
    expect(section).not.toContain("masking");
    expect(exposureView(base.files, base.files, record)).toBeUndefined();
    expect(renderPrBody(baseInput())).not.toContain("### Exposure");
  });
});
