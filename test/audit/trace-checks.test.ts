// The trace-based checks (8 and 9) on the example bank, given runs as the evaluation records them.
import { beforeAll, describe, expect, it } from "vitest";
import { auditBank } from "../../src/core/audit/audit.js";
import type { RunTrace, TraceInput } from "../../src/core/audit/run-traces.js";
import type { SkillBank } from "../../src/core/bank/skill.js";
import { inputOf, exampleBank, withAppended, withFile } from "./audit-fixture.js";

let base: SkillBank;
beforeAll(async () => {
  base = await exampleBank();
});

const run = (caseId: string, skillsLoaded: string[], scriptsRun: string[] = []): RunTrace => ({
  caseId,
  skillsLoaded,
  scriptsRun,
});

function findings(candidate: SkillBank, traces: TraceInput, check: string) {
  return auditBank({ ...inputOf(base, candidate, []), traces }).filter((f) => f.check === check);
}

describe("silent bypass", () => {
  const candidate = () =>
    withAppended(withAppended(base, "compensation", "- Check the delay."), "book-flight", "- Ask.");
  it("errs when no changed skill was loaded while the cases its edit was for got fixed", () => {
    const traces = {
      runs: [run("a", ["find-reservation"]), run("b", [])],
      changed: ["compensation"],
      fixed: ["a"],
    };
    const found = findings(candidate(), traces, "silentBypass");
    expect(found).toEqual([
      expect.objectContaining({
        severity: "error",
        skill: "compensation",
        file: "compensation/SKILL.md",
        line: 0,
        evidence:
          "changed skill loaded in none of the candidate's 2 runs, yet it fixed 1 case(s) the edit was for (a)",
      }),
    ]);
  });
  it("warns when another changed skill was loaded (the gain may come from it)", () => {
    const traces = {
      runs: [run("a", ["book-flight"])],
      changed: ["compensation", "book-flight"],
      fixed: ["a"],
    };
    const found = findings(candidate(), traces, "silentBypass");
    expect(found.map((f) => [f.skill, f.severity])).toEqual([["compensation", "warning"]]);
    expect(found[0]!.evidence).toMatch(/the gain may come from book-flight, which runs did load$/);
  });
  it("is quiet when a run loaded the skill, when nothing was fixed, or when the fixed cases were not the edit's", () => {
    const loaded = { runs: [run("a", ["compensation"])], changed: ["compensation"], fixed: ["a"] };
    const nothingFixed = { runs: [run("a", [])], changed: ["compensation"], fixed: [] };
    const otherCases = { ...nothingFixed, fixed: ["a"], motivatedBy: { compensation: ["z"] } };
    for (const t of [loaded, nothingFixed, otherCases])
      expect(findings(candidate(), t, "silentBypass")).toEqual([]);
  });
  it("finds nothing without traces (the CLI without --runs)", () => {
    expect(auditBank(inputOf(base, candidate(), [])).filter((f) => f.check === "silentBypass")).toEqual([]);
  });
});

describe("primary action not hoisted", () => {
  const withPrimary = (how: "metadata" | "step") => {
    const s = base.skills.find((x) => x.name === "compensation")!;
    const source =
      how === "metadata"
        ? s.source.replace("metadata:\n", "metadata:\n  primary: scripts/amount.py\n")
        : s.source.replace(
            "# Compensation\n",
            "# Compensation\n\n1. Run `python3 scripts/amount.py` on the reservation.\n",
          );
    return withFile(
      withFile(base, "compensation/scripts/amount.py", "print(1)\n"),
      "compensation/SKILL.md",
      source,
    );
  };
  const traces = (scripts: string[]): TraceInput => ({
    runs: [run("a", ["compensation"], scripts), run("b", ["book-flight"])],
    changed: [],
    fixed: [],
  });
  it("warns when the runs that loaded the skill never ran its declared primary script", () => {
    for (const how of ["metadata", "step"] as const) {
      const bank = withPrimary(how);
      const found = findings(bank, traces([]), "primaryActionNotHoisted");
      const lines = bank.skills.find((s) => s.name === "compensation")!.source.split("\n");
      expect(found).toHaveLength(1);
      expect(found[0]!.evidence).toBe(
        "declares scripts/amount.py as its primary action, but none of the 1 run(s) that loaded the skill ran it",
      );
      expect(lines[found[0]!.line - 1]).toContain("scripts/amount.py");
    }
  });
  it("is quiet when a run ran it, or when no run loaded the skill", () => {
    expect(
      findings(
        withPrimary("metadata"),
        traces(["compensation/scripts/amount.py"]),
        "primaryActionNotHoisted",
      ),
    ).toEqual([]);
    const unloaded = { runs: [run("b", ["book-flight"])], changed: [], fixed: [] };
    expect(findings(withPrimary("step"), unloaded, "primaryActionNotHoisted")).toEqual([]);
  });
});

describe("silent bypass with a runner that traces no loads", () => {
  it("says nothing when no run reports any skill loaded", () => {
    const bank = withAppended(base, "compensation", "- Check the delay.");
    const traces = { runs: [run("a", []), run("b", [])], changed: ["compensation"], fixed: ["a"] };
    expect(findings(bank, traces, "silentBypass")).toEqual([]);
  });
});
