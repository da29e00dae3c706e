// The run record keeps, for each frontier member, what the gate judged: its rates on the evolution
// cases plus the pool sample, with n, and the sampled pool cases' ids. The PR renders those, beside
// the member's evolution-only rates, and an old record (no `gate`, no n) still loads and renders the
// gate's own verdict from its iteration rather than one recomputed from the evolution cases.
import { describe, expect, it } from "vitest";
import type { RunRecord } from "../../src/records/run-record.js";
import { type FrontierMember } from "../../src/records/run-record.js";
import type { prBodyInput } from "../../src/core/github/plan.js";
import { renderPrBody } from "../../src/core/render/pr-body/pr-body.js";
import { evolvedWorldRun, testBodyInput } from "../support/sim-roles/evolved-run.js";

const pct = (r: number) => `${(r * 100).toFixed(1)}%`;

let memo: ReturnType<typeof runOnce> | undefined;
const evolvedRun = () => (memo ??= runOnce());

async function runOnce() {
  // Seed 7: iteration 1's child passes general on 6 of the 8 cases the gate judged (75.0%), but on
  // 4 of the 6 evolution cases alone (66.7%): the pool sample moved the rate.
  const { record, cases } = await evolvedWorldRun({ seed: 7, rules: 9, maxIterations: 1, bootstrap: 200 });
  const member = record.frontier.find((m) => m.born === 1)!;
  return { record, cases, member };
}

function body(record: RunRecord, member: FrontierMember, cases: Parameters<typeof prBodyInput>[2]["cases"]) {
  return renderPrBody(testBodyInput(record, member, cases));
}

describe("what the gate judged, per frontier member", () => {
  it("records the gate's rates with n on the evolution cases plus the pool sample, and the sample's ids", async () => {
    const { record, member } = await evolvedRun();
    const child = record.iterations[0]!.child!;
    expect(member.gate).toBeDefined();
    const gate = member.gate!;
    expect(gate.t).toBe(1);
    expect(gate.sample).toEqual(child.sample);
    expect(gate.sample.length).toBeGreaterThan(0);
    expect(gate.cases).toBe(record.cases.length + gate.sample.length);
    expect(gate.reasons.reduce((s, r) => s + (r.n ?? 0), 0)).toBe(gate.cases);
    const general = gate.reasons.find((r) => r.category === "general")!;
    expect([general.observed, general.n]).toEqual([0.75, 8]);
    expect([member.perCategory.general!.rate, member.perCategory.general!.n]).toEqual([4 / 6, 6]);
    // The baseline was never gated.
    expect(record.frontier.find((m) => m.born === 0)?.gate).toBeUndefined();
  }, 60_000);

  it("the PR shows the gate's rate and n beside the evolution-set rate, and lists the sample", async () => {
    const { record, cases, member } = await evolvedRun();
    const text = body(record, member, cases);
    const floor = record.baseline.floors.general!;
    const row = text.split("\n").find((l) => l.startsWith("| general |"))!;
    expect(row).toContain(`| ${pct(floor)} | 75.0% (n=8) | 66.7% (`);
    expect(row).toContain(`✅ pass — 75.0% ≥ ${pct(floor)} |`);
    expect(text).toContain(
      `judged ${member.gate!.cases} cases: the ${record.cases.length} evolution cases and ${member.gate!.sample.length} sampled from the regression pool`,
    );
    for (const id of member.gate!.sample) expect(text).toMatch(new RegExp(`\\| \`${id}\` \\| [a-z]+ \\|`));
    expect(text).toContain(`from 0 feedback cases and ${record.cases.length} regression cases;`);
  }, 60_000);
});
