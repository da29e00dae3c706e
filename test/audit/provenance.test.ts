// Provenance per added line (Check 3): the run records which cases motivated each added line, and
// untraceableAssertions judges a rule by those cases and the skill's policy clauses.
import { beforeAll, describe, expect, it } from "vitest";
import { auditBank } from "../../src/core/audit/audit.js";
import type { AddedLineProvenance } from "../../src/core/audit/audit-input.js";
import type { CaseField } from "../../src/core/audit/case-texts.js";
import type { SkillBank } from "../../src/core/bank/skill.js";
import { provenanceOf, recordProvenance } from "../../src/core/evolve/provenance.js";
import type { Iteration } from "../../src/records/run-record.js";
import { exampleBank, inputOf, withAppended } from "./audit-fixture.js";

let base: SkillBank;
beforeAll(async () => {
  base = await exampleBank();
});

const CASES: CaseField[] = [
  {
    caseId: "c1",
    field: "diagnosis",
    text: "The agent should have checked the passport expiry before rebooking.",
  },
  {
    caseId: "c2",
    field: "diagnosis",
    text: "The agent must escalate a stroller complaint to the ground crew.",
  },
];
const RULE = "- Always check the passport expiry before rebooking.";

function untraceable(candidate: SkillBank, provenance?: AddedLineProvenance[], policies = {}) {
  const input = { ...inputOf(base, candidate, CASES), policies, ...(provenance ? { provenance } : {}) };
  return auditBank(input).filter((f) => f.check === "untraceableAssertions");
}

describe("untraceable assertions with provenance", () => {
  const candidate = () => withAppended(base, "compensation", RULE);
  const from = (cases: string[], policy?: string[]): AddedLineProvenance[] => [
    { skill: "compensation", text: RULE, cases, ...(policy ? { policy } : {}) },
  ];

  it("accepts a rule its own cases support", () => {
    expect(untraceable(candidate(), from(["c1"]))).toEqual([]);
  });
  it("flags the same rule when the cases behind it say something else, though the fallback would pass it", () => {
    expect(untraceable(candidate())).toEqual([]); // word overlap with any diagnosis: supported
    const found = untraceable(candidate(), from(["c2"]));
    expect(found).toHaveLength(1);
    expect(found[0]!.evidence).toMatch(
      /^new "always" rule with \d of \d words found in neither its cases \(c2\) nor a linked policy clause nor the base bank/,
    );
  });
  it("accepts a rule the linked policy clause states, and not one in another clause", () => {
    const policies = {
      "p.md":
        "# Policy\n\n## Rebooking\n\nCheck the passport expiry before rebooking.\n\n## Strollers\n\nEscalate.\n",
    };
    expect(untraceable(candidate(), from([], ["p.md#rebooking"]), policies)).toEqual([]);
    expect(untraceable(candidate(), from([], ["p.md#strollers"]), policies)).toHaveLength(1);
  });
  it("flags a rule built only from the bank's words that shares none with the cases behind it", () => {
    const rule = "- Never offer a certificate unless the customer asks.";
    const bank = withAppended(base, "compensation", rule);
    expect(untraceable(bank)).toEqual([]);
    const found = untraceable(bank, [{ skill: "compensation", text: rule, cases: ["c2"] }]);
    expect(found.map((f) => f.evidence)).toEqual([
      'new "never" rule with none of its 5 words in its cases (c2) or a linked policy clause',
    ]);
  });
});

describe("recording provenance on a rewrite", () => {
  it("maps each added line of a rewritten skill to the batches that planned the edit, with its policy links", () => {
    const child = withAppended(base, "compensation", `${RULE}\n- Also note the expiry.`);
    const record = {
      proposals: [
        {
          diagnoser: 0,
          batch: ["c1", "c3"],
          targets: [],
          rootCause: "",
          plans: [{ skill: "compensation", plan: "x" }],
        },
        {
          diagnoser: 1,
          batch: ["c2"],
          targets: [],
          rootCause: "",
          plans: [{ skill: "book-flight", plan: "y" }],
        },
        {
          diagnoser: 2,
          batch: ["c4"],
          targets: [],
          rootCause: "",
          plans: [{ skill: "compensation", plan: "z" }],
          failure: "model",
        },
      ],
      rewrites: [{ skill: "compensation", status: "rewritten", anchors: [] }],
    } as unknown as Iteration;
    recordProvenance(record, base, child);
    const lines = child.skills.find((s) => s.name === "compensation")!.source.split("\n");
    const p = record.rewrites[0]!.provenance!;
    expect(p.map((x) => x.text)).toEqual([RULE, "- Also note the expiry."]);
    expect(record.rewrites[0]!.provenanceCases).toEqual(["c1", "c3"]);
    for (const x of p) {
      expect(lines[x.line - 1]).toBe(x.text);
      expect(x.cases).toBeUndefined();
      expect(x.policy).toEqual(["tau2-airline/policy.md#refunds-and-compensation"]);
    }
    expect(provenanceOf([record])[0]).toEqual({
      skill: "compensation",
      text: RULE,
      cases: ["c1", "c3"],
      policy: ["tau2-airline/policy.md#refunds-and-compensation"],
    });
  });

  it("still reads a record that wrote the cases on every line", () => {
    const old = {
      rewrites: [
        {
          skill: "compensation",
          status: "rewritten",
          anchors: [],
          provenance: [{ line: 3, text: RULE, cases: ["c9"] }],
        },
      ],
    } as unknown as Iteration;
    expect(provenanceOf([old])).toEqual([{ skill: "compensation", text: RULE, cases: ["c9"] }]);
  });
});
