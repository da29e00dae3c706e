// Typed repair sites and p_i × suspiciousness (SkillSmith §3.2–3.3; sites.ts), the counterfactual
// bank of a site (counterfactual.ts), and the diagnoser block that carries both (quoted as data, read
// back by the simulated endpoint).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadBank } from "../../src/core/bank/bank.js";
import { exposedSkills } from "../../src/core/bank/exposure.js";
import { rankSuspects } from "../../src/core/evolve/localise/ochiai.js";
import { counterfactualOf } from "../../src/core/evolve/localise/counterfactual.js";
import { allocateBudget } from "../../src/core/evolve/budget/allocation.js";
import { confirmedKind, priorsOf, rankSites, siteKindOf } from "../../src/core/evolve/localise/sites.js";
import { readSuspectLines, renderSuspectLines } from "../../src/core/llm/prompts/localisation-block.js";
import type { ContextBudgetRecord } from "../../src/records/context-budget-record.js";
import type { Suspect } from "../../src/records/suspect.js";

const suspect = (component: string, cases: string[], score = 0.5): Suspect => ({
  component,
  score,
  ef: 1,
  ep: 1,
  failing: 2,
  cases,
});

const CASES = [
  { id: "c1", skills: ["refunds"] },
  { id: "c2", skills: ["shipping"] },
  { id: "c3", skills: [] },
];

describe("site types", () => {
  it("a script is a tool; a section or skill is itself, unless its failing cases all belong to other skills", () => {
    expect(siteKindOf(suspect("refunds/scripts/check.py", ["c1"]), CASES)).toBe("tool");
    expect(siteKindOf(suspect("refunds#Checks", ["c1"]), CASES)).toBe("section");
    expect(siteKindOf(suspect("refunds", ["c1", "c2"]), CASES)).toBe("skill");
    expect(siteKindOf(suspect("refunds", ["c2"]), CASES)).toBe("description");
    expect(siteKindOf(suspect("refunds#Checks", ["c2"]), CASES)).toBe("description");
    // A case that names no skills says nothing about retrieval.
    expect(siteKindOf(suspect("refunds", ["c2", "c3"]), CASES)).toBe("skill");
  });

  it("a refuted section or skill becomes missing; a refuted tool or description keeps its type", () => {
    expect(confirmedKind("section", "refuted")).toBe("missing");
    expect(confirmedKind("skill", "refuted")).toBe("missing");
    expect(confirmedKind("tool", "refuted")).toBe("tool");
    expect(confirmedKind("description", "refuted")).toBe("description");
    expect(confirmedKind("section", "confirmed")).toBe("section");
  });
});

describe("p_i × suspiciousness", () => {
  const allocation: ContextBudgetRecord = {
    budget: 100,
    scopeTokens: 300,
    masking: { runs: 0, rho: 0.5, executions: 0, hidden: [], outcomes: [] },
    effects: [
      { skill: "refunds", tokens: 100, main: 0.1, share: 0.1 },
      { skill: "shipping", tokens: 50, main: 0.3, share: 0.9 },
    ],
    interactions: [],
    exposure: ["shipping"],
    exposureTokens: 50,
  };

  it("p_i is the propensity the allocation recorded, and 1 without an allocation", () => {
    const recorded = {
      ...allocation,
      effects: allocation.effects.map((e, i) => ({ ...e, shown: [0.25, 0.75][i]! })),
    };
    const p = priorsOf(recorded);
    expect(p("refunds")).toBe(0.25);
    expect(p("shipping")).toBe(0.75);
    expect(p("other")).toBe(1);
    expect(priorsOf(undefined)("refunds")).toBe(1);
  });

  it("a record without propensities: the replicator's min(1, C·y_i/c_i), Hedge's 1 − exp(−C·y_i/c_i)", () => {
    const replicator = priorsOf(allocation);
    expect(replicator("refunds")).toBeCloseTo(0.1, 12);
    expect(replicator("shipping")).toBe(1);
    for (const dynamics of ["hedge", "thompson"] as const) {
      const hedge = priorsOf({ ...allocation, allocation: dynamics });
      expect(hedge("refunds")).toBeCloseTo(1 - Math.exp(-0.1), 12);
      expect(hedge("shipping")).toBeCloseTo(1 - Math.exp(-1.8), 12);
    }
  });

  it("a replicator allocation's priors are the replicator's propensities, not Hedge's", () => {
    const skills = [
      { name: "refunds", tokens: 100 },
      { name: "shipping", tokens: 50 },
      { name: "returns", tokens: 150 },
    ];
    const effects = { intercept: 0.5, main: [0.2, 0.3, 0.01], pair: skills.map(() => [0, 0, 0]) };
    const made = allocateBudget({ skills, effects, budget: 160 });
    const record: ContextBudgetRecord = {
      ...allocation,
      budget: 160,
      effects: skills.map((s, i) => ({
        skill: s.name,
        tokens: s.tokens,
        main: effects.main[i]!,
        share: made.shares[s.name]!,
        shown: made.shown[s.name]!,
      })),
    };
    const p = priorsOf(record);
    // The two best per token fill up to their size: shown always (the Hedge formula would say 1 − 1/e).
    expect(made.shown.shipping).toBe(1);
    expect(made.shown.refunds).toBe(1);
    for (const s of skills) {
      expect(p(s.name)).toBe(made.shown[s.name]);
      // The old recordless formula agrees with what the replicator used.
      expect(
        priorsOf({ ...record, effects: record.effects.map(({ shown: _, ...e }) => e) })(s.name),
      ).toBeCloseTo(made.shown[s.name]!, 12);
    }
    expect(p("refunds")).not.toBeCloseTo(1 - Math.exp(-1), 3);
  });

  it("a skill seldom in context ranks below a less suspicious one that usually is", () => {
    const ranked = rankSites(
      [suspect("refunds#Checks", ["c1"], 0.9), suspect("shipping", ["c2"], 0.5)],
      CASES,
      priorsOf({ ...allocation, allocation: "hedge" }),
    );
    expect(ranked.map((s) => s.component)).toEqual(["shipping", "refunds#Checks"]);
    expect(ranked[0]!.priority).toBeCloseTo(0.5 * (1 - Math.exp(-1.8)), 12);
  });

  const rows = fc.array(
    fc.record({
      case: fc.constantFrom("c1", "c2", "c3"),
      passed: fc.boolean(),
      touched: fc.uniqueArray(
        fc.constantFrom("refunds", "shipping", "refunds#Checks", "shipping/scripts/x.py"),
        {
          maxLength: 3,
        },
      ),
    }),
    { minLength: 1, maxLength: 20 },
  );

  it("sites come in non-increasing priority; with p_i = 1 the order is Ochiai's", () => {
    fc.assert(
      fc.property(rows, fc.double({ min: 0, max: 1, noNaN: true }), (rs, q) => {
        const ranked = rankSuspects(rs);
        const sites = rankSites(ranked, CASES, (skill) => (skill === "refunds" ? q : 1));
        for (let i = 1; i < sites.length; i++)
          expect(sites[i - 1]!.priority!).toBeGreaterThanOrEqual(sites[i]!.priority!);
        const plain = rankSites(ranked, CASES, () => 1);
        expect(plain.map((s) => s.component)).toEqual(ranked.map((s) => s.component));
      }),
    );
  });
});

describe("the counterfactual bank of a site", () => {
  const enc = new TextEncoder();
  const bankOf = (files: Record<string, string>) =>
    loadBank(Object.entries(files).map(([path, text]) => ({ path, bytes: enc.encode(text) }))).bank;
  const skill = (notes: string) =>
    `---\nname: refunds\ndescription: Use for refunds.\n---\n# Refunds\n\nOverview.\n\n## Notes\n\n${notes}\n\n## Checks\n\n- Check the receipt.\n`;
  const other = "---\nname: shipping\ndescription: Use for shipping.\n---\n# Shipping\n\nShip it.\n";
  const parent = bankOf({
    "refunds/SKILL.md": skill("- Never refund."),
    "refunds/scripts/check.py": "print('new')\n",
    "shipping/SKILL.md": other,
  });
  const grand = bankOf({
    "refunds/SKILL.md": skill("- Refund within 30 days."),
    "refunds/scripts/check.py": "print('old')\n",
    "shipping/SKILL.md": other,
  });
  const source = (b: ReturnType<typeof bankOf>, name: string) =>
    b.skills.find((s) => s.name === name)!.source;
  const file = (b: ReturnType<typeof bankOf>, path: string) => {
    const f = b.files.find((x) => x.path === path);
    return f && new TextDecoder().decode(f.bytes);
  };

  it("masks a section: cut out, the rest untouched", () => {
    const cf = counterfactualOf("refunds#Notes", parent, undefined, ["refunds", "shipping"])!;
    expect(cf.action).toBe("masked");
    expect(source(cf.bank, "refunds")).not.toContain("## Notes");
    expect(source(cf.bank, "refunds")).toContain("## Checks\n\n- Check the receipt.");
  });

  it("reverts a section the parent's parent had otherwise, and masks one it had the same", () => {
    const cf = counterfactualOf("refunds#Notes", parent, grand, ["refunds", "shipping"])!;
    expect(cf.action).toBe("reverted");
    expect(source(cf.bank, "refunds")).toBe(skill("- Refund within 30 days."));
    expect(counterfactualOf("refunds#Checks", parent, grand, ["refunds", "shipping"])!.action).toBe("masked");
  });

  it("reverts a changed script, deletes an unchanged one", () => {
    const reverted = counterfactualOf("refunds/scripts/check.py", parent, grand, ["refunds"])!;
    expect([reverted.action, file(reverted.bank, "refunds/scripts/check.py")]).toEqual([
      "reverted",
      "print('old')\n",
    ]);
    const masked = counterfactualOf("refunds/scripts/check.py", parent, parent, ["refunds"])!;
    expect([masked.action, file(masked.bank, "refunds/scripts/check.py")]).toEqual(["masked", undefined]);
  });

  it("masks a whole skill by hiding it from the agent; a site not in the bank has none", () => {
    const cf = counterfactualOf("shipping", parent, grand, ["refunds", "shipping"])!;
    expect(cf.action).toBe("masked");
    expect(exposedSkills(cf.bank, cf.bank.skills).map((s) => s.name)).toEqual(["refunds"]);
    expect(counterfactualOf("refunds#Nowhere", parent, grand, ["refunds"])).toBeUndefined();
    expect(counterfactualOf("billing", parent, grand, ["refunds"])).toBeUndefined();
    expect(counterfactualOf("refunds/scripts/none.py", parent, grand, ["refunds"])).toBeUndefined();
  });
});

describe("the diagnoser's block of repair sites", () => {
  it("reads back what it renders: type, p_i, weighted evidence, the check", () => {
    const lines = [
      {
        ...suspect("refunds#Notes", ["c1", "c2"], 0.75),
        ef: 4.5,
        kind: "section" as const,
        prior: 0.5,
        priority: 0.375,
        confirmation: { action: "masked" as const, verdict: "confirmed" as const, before: 0, after: 0.67 },
      },
      { ...suspect("refunds/scripts/check.py", [], 0.5), kind: "tool" as const, prior: 1, priority: 0.5 },
    ];
    const text = renderSuspectLines(lines);
    expect(text).toContain("masked and re-run: confirmed, passing runs 0.00 → 0.67");
    expect(readSuspectLines(text)).toEqual([
      { ...lines[0], priority: 0.5 * 0.75 },
      { ...lines[1], priority: 0.5 },
    ]);
  });
});
