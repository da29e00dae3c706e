// SkillEvolver Table 3: Check 5 (coverage) and Check 7 (under-abstraction) on the example bank, and
// the defaults: every check the paper marks critical reports errors unless configured otherwise.
import { beforeAll, describe, expect, it } from "vitest";
import { auditBank } from "../../src/core/audit/audit.js";
import type { SkillBank } from "../../src/core/bank/skill.js";
import { AUDIT_CHECKS, PAPER_CHECKS } from "../../src/records/audit-check.js";
import { Config } from "../../src/core/config/config.js";
import { exampleBank, examplePoolFields, inputOf, withAppended, withFile } from "./audit-fixture.js";
import type { CaseField } from "../../src/core/audit/case-texts.js";

let base: SkillBank;
let cases: CaseField[];
beforeAll(async () => {
  base = await exampleBank();
  cases = await examplePoolFields();
});

const of = (candidate: SkillBank, check: string, extra: Partial<Parameters<typeof auditBank>[0]> = {}) =>
  auditBank({ ...inputOf(base, candidate, cases), ...extra }).filter((f) => f.check === check);

describe("Check 7, under-abstraction", () => {
  it("errs on an imperative claim that fixes a threshold the base bank never states", () => {
    const found = of(
      withAppended(base, "compensation", "- Never offer more than 275 dollars in total."),
      "underAbstraction",
    );
    expect(found).toEqual([
      expect.objectContaining({
        severity: "error",
        skill: "compensation",
        file: "compensation/SKILL.md",
        evidence: expect.stringContaining('imperative claim fixes "275"'),
      }),
    ]);
  });
  it("errs on a quoted state code", () => {
    const found = of(
      withAppended(base, "compensation", "- Only compensate when the status is `DELAYED_LONG`."),
      "underAbstraction",
    );
    expect(found.map((f) => f.evidence)).toEqual([expect.stringContaining('"DELAYED_LONG"')]);
  });
  it("passes a constant the base bank states (invariance), one with a re-derive sibling, and a statement of fact", () => {
    const invariant = withAppended(
      base,
      "compensation",
      "- Never offer more than 100 dollars per passenger.",
    );
    const rederive = withAppended(
      base,
      "compensation",
      "- Never offer more than 275 dollars in total.\n- The cap may change: look it up in the policy at run time.",
    );
    const fact = withAppended(base, "compensation", "- The airline flies 275 routes.");
    for (const bank of [invariant, rederive, fact]) expect(of(bank, "underAbstraction")).toEqual([]);
  });
  it("leaves a constant a case holds to the literals check (not reported twice)", () => {
    const bank = withAppended(base, "compensation", "- Always report a total saving of $23553.");
    expect(of(bank, "underAbstraction")).toEqual([]);
    expect(of(bank, "literals")).toHaveLength(1);
  });
});

describe("Check 5, coverage", () => {
  const mechanical =
    "## Amount\n\n1. Extract each passenger from the reservation.\n2. Count the passengers.\n3. Multiply the count by the certificate amount.\n";
  it("warns on a changed skill that now describes a mechanical task and bundles no script", () => {
    const found = of(withAppended(base, "compensation", mechanical), "coverage");
    expect(found).toEqual([
      expect.objectContaining({
        severity: "warning",
        skill: "compensation",
        evidence: "3 mechanical steps (compute, parse, convert, …) and no script under scripts/ to do them",
      }),
    ]);
  });
  it("is quiet with a bundled script, with fewer steps, and in high-pass mode", () => {
    const withScript = withFile(
      withAppended(base, "compensation", mechanical),
      "compensation/scripts/amount.py",
      "print(1)\n",
    );
    const fewer = withAppended(base, "compensation", "1. Count the passengers.\n2. Ask the customer.\n");
    for (const bank of [withScript, fewer]) expect(of(bank, "coverage")).toEqual([]);
    const run = (passed: boolean) => ({
      caseId: "a",
      skillsLoaded: ["compensation"],
      scriptsRun: [],
      passed,
    });
    const traces = (p: boolean[]) => ({ runs: p.map(run), changed: ["compensation"] });
    const bank = withAppended(base, "compensation", mechanical);
    expect(of(bank, "coverage", { traces: traces([true, true, true, false]) })).toEqual([]);
    expect(of(bank, "coverage", { traces: traces([true, true, false, false]) })).toHaveLength(1);
  });
});

describe("defaults: SkillEvolver Table 3", () => {
  it("numbers the nine checks (2 and 6 are one check here) and marks 1, 2, 4, 6, 7, 8, 9 critical", () => {
    const numbers = Object.values(PAPER_CHECKS).map((c) => c!.number);
    expect(numbers.sort()).toEqual(["1", "2, 6", "2b", "3", "4", "5", "7", "8", "9"]);
    const critical = AUDIT_CHECKS.filter((c) => PAPER_CHECKS[c]?.critical);
    expect(critical.sort()).toEqual(
      [
        "framing",
        "literals",
        "primaryActionNotHoisted",
        "shapeBake",
        "silentBypass",
        "underAbstraction",
      ].sort(),
    );
  });
  it("a critical check's finding is an error by default, and configurable like every check", () => {
    const bank = withFile(
      withAppended(base, "compensation", "- Never offer more than 275 dollars in total."),
      "checked-baggage/SKILL.md",
      base.skills
        .find((s) => s.name === "checked-baggage")!
        .source.replace(
          /^description: .*$/m,
          "description: Count free bags; use when a customer misses an important meeting.",
        ),
    );
    const defaults = auditBank(inputOf(base, bank, cases));
    for (const check of ["framing", "underAbstraction"])
      expect(defaults.filter((f) => f.check === check).map((f) => f.severity)).toEqual(["error"]);
    const config = Config.parse({ audit: { checks: { framing: "warning", underAbstraction: "off" } } });
    const configured = auditBank(inputOf(base, bank, cases), config.audit.checks);
    expect(configured.filter((f) => f.check === "framing").map((f) => f.severity)).toEqual(["warning"]);
    expect(configured.filter((f) => f.check === "underAbstraction")).toEqual([]);
  });
  it("rejects a check name it does not know, naming it", () => {
    const r = Config.safeParse({ audit: { checks: { coverge: "error" } } });
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toContain('Unrecognized key: \\"coverge\\"');
  });
  it("audit.repairRounds defaults to 2 and takes 0 to 10", () => {
    expect(Config.parse({}).audit.repairRounds).toBe(2);
    expect(Config.parse({ audit: { repairRounds: 0 } }).audit.repairRounds).toBe(0);
    expect(Config.safeParse({ audit: { repairRounds: 11 } }).success).toBe(false);
    expect(Config.safeParse({ audit: { repairRounds: 1.5 } }).success).toBe(false);
  });
});
