// Each deterministic check other than literals, with an edit that trips it and one that does not.
import { beforeAll, describe, expect, it } from "vitest";
import { auditBank } from "../../src/core/audit/audit.js";
import type { CaseField } from "../../src/core/audit/case-texts.js";
import type { SkillBank } from "../../src/core/bank/skill.js";
import { exampleBank, examplePoolFields, inputOf, withAppended, withFile } from "./audit-fixture.js";

let base: SkillBank;
let cases: CaseField[];
beforeAll(async () => {
  base = await exampleBank();
  cases = await examplePoolFields();
});

const checksOf = (candidate: SkillBank, check: string) =>
  auditBank(inputOf(base, candidate, cases)).filter((f) => f.check === check);

function withDescription(description: string): SkillBank {
  const s = base.skills.find((x) => x.name === "checked-baggage")!;
  const source = s.source.replace(/^description: .*$/m, `description: ${description}`);
  return withFile(base, `${s.dir}/SKILL.md`, source);
}

describe("framing", () => {
  it("errs (Check 1 is critical) when a rewritten description borrows a word only the cases use", () => {
    const found = checksOf(
      withDescription("Count free bags; use when a customer misses an important meeting."),
      "framing",
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: "error", skill: "checked-baggage", line: 3 });
    expect(found[0]!.evidence).toContain('"meeting"');
  });
  it("is quiet when the description uses the bank's own words", () => {
    expect(
      checksOf(withDescription("Checked baggage allowance per passenger and membership level."), "framing"),
    ).toEqual([]);
  });
});

describe("script bloat", () => {
  const script = (n: number) => Array.from({ length: n }, (_, i) => `x${i} = ${i}`).join("\n") + "\n";
  it("warns over 200 lines and errs over 400", () => {
    const warn = checksOf(withFile(base, "checked-baggage/scripts/count.py", script(201)), "scriptBloat");
    const error = checksOf(withFile(base, "checked-baggage/scripts/count.py", script(401)), "scriptBloat");
    expect(warn.map((f) => f.severity)).toEqual(["warning"]);
    expect(error.map((f) => f.severity)).toEqual(["error"]);
    expect(error[0]!.evidence).toBe("script has 401 lines (more than 400)");
  });
  it("accepts a script of 200 lines", () => {
    expect(checksOf(withFile(base, "checked-baggage/scripts/count.py", script(200)), "scriptBloat")).toEqual(
      [],
    );
  });
});

describe("untraceable assertions", () => {
  it("warns on a new must-rule whose words nothing supports", () => {
    const found = checksOf(
      withAppended(base, "compensation", "- Agents must recite loyalty haiku ceremonially."),
      "untraceableAssertions",
    );
    expect(found).toHaveLength(1);
    expect(found[0]!.evidence).toMatch(/^new "must" rule/);
  });
  it("is quiet when the rule restates the diagnoses", () => {
    const candidate = withAppended(
      base,
      "compensation",
      "- Never issue a certificate for a delay unless the customer changes or cancels.",
    );
    expect(checksOf(candidate, "untraceableAssertions")).toEqual([]);
  });
});

describe("edit validity", () => {
  it("errs on a link or file reference the bank does not hold, and on a link out of the bank", () => {
    const candidate = withAppended(
      base,
      "compensation",
      "See [the table](references/table.md), run `scripts/amount.py`, or [policy](../../policy.md).",
    );
    const found = checksOf(candidate, "editValidity");
    expect(found.map((f) => f.evidence)).toEqual([
      'reference "../../policy.md" leaves the bank',
      'reference "references/table.md" names compensation/references/table.md, which the bank does not hold',
      'reference "scripts/amount.py" names compensation/scripts/amount.py, which the bank does not hold',
    ]);
  });
  it("accepts links that resolve, to its own files and to a sibling skill", () => {
    const withRef = withFile(base, "compensation/references/table.md", "# Table\n");
    const candidate = withAppended(
      withRef,
      "compensation",
      "See [the table](references/table.md) and [lookup](../find-reservation/SKILL.md).",
    );
    expect(checksOf(candidate, "editValidity")).toEqual([]);
  });
  it("errs on metadata.refs naming a missing skill", () => {
    const s = base.skills.find((x) => x.name === "compensation")!;
    const candidate = withFile(
      base,
      `${s.dir}/SKILL.md`,
      s.source.replace('refs: "airline-conduct', 'refs: "lost-luggage, airline-conduct'),
    );
    const found = checksOf(candidate, "editValidity");
    expect(found.some((f) => f.evidence.includes('metadata.refs names "lost-luggage"'))).toBe(true);
  });
  it("errs on a metadata.policy anchor missing from the policy file, and accepts one that exists", () => {
    const policyPath = "tau2-airline/policy.md";
    const run = (text: string) =>
      auditBank({
        ...inputOf(base, withAppended(base, "compensation", "- Check the facts first."), cases),
        policies: { [policyPath]: text },
      }).filter((f) => f.check === "editValidity");
    expect(run("# Policy\n## Refunds and compensation\n")).toEqual([]);
    expect(run("# Policy\n## Refunds\n").map((f) => f.evidence)).toEqual([
      `metadata.policy anchor "#refunds-and-compensation" matches no heading of ${policyPath}`,
    ]);
  });
  it("errs when the candidate no longer validates --strict", () => {
    const s = base.skills.find((x) => x.name === "compensation")!;
    const candidate = withFile(
      base,
      `${s.dir}/SKILL.md`,
      s.source.replace("license:", "owner: someone\nlicense:"),
    );
    const found = checksOf(candidate, "editValidity");
    expect(found.some((f) => f.evidence.startsWith("fails --strict validation:"))).toBe(true);
  });
});

describe("severity overrides", () => {
  it("turns a check's findings into warnings, or off", () => {
    const candidate = withAppended(base, "find-reservation", "- Look up H8Q05L first.");
    const input = inputOf(base, candidate, cases);
    expect(auditBank(input).map((f) => f.severity)).toEqual(["error"]);
    expect(auditBank(input, { literals: "warning" }).map((f) => f.severity)).toEqual(["warning"]);
    expect(auditBank(input, { literals: "off" })).toEqual([]);
  });
});
