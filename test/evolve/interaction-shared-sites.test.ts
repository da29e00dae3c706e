// Issue 44, SkillSmith's localisation: `interaction` sites (a pair of skills whose runs fail together
// more than either alone: interaction-sites.ts) and `shared` sites (a section or script whose text
// other skills hold too: shared-sites.ts), ranked with p_i of both skills for a pair, and carried to
// the diagnosers in the block, which the simulated endpoint reads back.
import { describe, expect, it } from "vitest";
import { loadBank } from "../../src/core/bank/bank.js";
import { interactionSites } from "../../src/core/evolve/localise/interaction-sites.js";
import { rankSuspects } from "../../src/core/evolve/localise/ochiai.js";
import { copiesOf, withSharedSites } from "../../src/core/evolve/localise/shared-sites.js";
import { rankSites } from "../../src/core/evolve/localise/sites.js";
import type { SpectrumRow } from "../../src/core/evolve/localise/spectrum.js";
import { readSuspectLines, renderSuspectLines } from "../../src/core/llm/prompts/localisation-block.js";

const row = (c: string, passed: boolean, touched: string[]): SpectrumRow => ({ case: c, passed, touched });
/** The interaction site of ledger and refunds, which the two failing runs of c1 loaded together. */
const PAIR = {
  ...{ component: "ledger+refunds", score: 1, ef: 2, ep: 0, failing: 2, cases: ["c1"] },
  kind: "interaction" as const,
};

describe("interaction sites", () => {
  it("a pair whose runs fail together, and pass apart, is a site; a pair one skill explains is not", () => {
    const together = [
      row("c1", false, ["ledger", "refunds"]),
      row("c2", false, ["ledger", "refunds"]),
      row("c3", true, ["ledger"]),
      row("c4", true, ["ledger"]),
      row("c5", true, ["refunds"]),
    ];
    const ranked = rankSuspects(together);
    const pairs = interactionSites(together, ranked);
    expect(pairs).toEqual([
      {
        component: "ledger+refunds",
        score: 1,
        ef: 2,
        ep: 0,
        failing: 2,
        cases: ["c1", "c2"],
        kind: "interaction",
      },
    ]);
    expect(Math.max(...ranked.map((s) => s.score))).toBeLessThan(1);
    // Here ledger fails with or without refunds: the pair scores below ledger and is left to it.
    const alone = [
      row("c1", false, ["ledger", "refunds"]),
      row("c2", false, ["ledger"]),
      row("c3", true, ["refunds"]),
    ];
    expect(interactionSites(alone, rankSuspects(alone))).toEqual([]);
  });

  it("a pair's p_i is both skills' propensities, and it keeps its type when ranked", () => {
    const pair = PAIR;
    const prior = (skill: string) => ({ ledger: 0.5, refunds: 0.8 })[skill] ?? 1;
    const [ranked] = rankSites([pair], [{ id: "c1", skills: ["ledger"] }], prior);
    expect(ranked).toMatchObject({ kind: "interaction", prior: 0.4, priority: 0.4 });
  });
});

describe("shared sites", () => {
  const enc = new TextEncoder();
  const procedure =
    "## Procedure\n\nOpen the ledger, find the entry by its reference and compare the totals.\n";
  const skill = (name: string, body: string) => ({
    path: `${name}/SKILL.md`,
    text: `---\nname: ${name}\ndescription: ${name} rules.\n---\n# ${name}\n\n${body}`,
  });
  const bank = loadBank(
    [
      skill("refunds", `${procedure}\n## Short\n\nSee the policy.\n`),
      skill(
        "ledger",
        `## Steps\n\nOpen the ledger,  find the entry by its reference\nand compare the totals.\n\n## Short\n\nSee the policy.\n`,
      ),
      skill("tax", "## Rates\n\nUse the current rate table.\n"),
      { path: "refunds/scripts/check.py", text: "print('ok')\n" },
      { path: "tax/scripts/check.py", text: "print('ok')\n" },
      { path: "ledger/scripts/check.py", text: "print('other')\n" },
    ].map((f) => ({ path: f.path, bytes: enc.encode(f.text) })),
  ).bank;

  it("a section or script other skills hold with the same text is shared, with its copies", () => {
    expect(copiesOf("refunds#Procedure", bank)).toEqual(["ledger#Steps"]); // another heading, other spacing
    expect(copiesOf("refunds#Short", bank)).toEqual([]); // too short to be a resource
    expect(copiesOf("tax#Rates", bank)).toEqual([]);
    expect(copiesOf("refunds/scripts/check.py", bank)).toEqual(["tax/scripts/check.py"]);
    const site = (component: string, kind: "section" | "tool" | "skill") => ({
      ...{ component, score: 1, ef: 1, ep: 0, failing: 1, cases: ["c1"], kind },
    });
    const typed = withSharedSites(
      [
        site("refunds#Procedure", "section"),
        site("refunds/scripts/check.py", "tool"),
        site("refunds", "skill"),
      ],
      bank,
    );
    expect(typed.map((s) => [s.kind, s.also])).toEqual([
      ["shared", ["ledger#Steps"]],
      ["shared", ["tax/scripts/check.py"]],
      ["skill", undefined],
    ]);
  });

  it("the diagnosers' block carries both types and a shared site's copies, and reads them back", () => {
    const lines = [
      { ...PAIR, prior: 1, priority: 1 },
      {
        component: "refunds#Procedure",
        score: 0.5,
        ef: 1,
        ep: 1,
        failing: 2,
        cases: ["c2"],
        kind: "shared" as const,
        prior: 1,
        priority: 0.5,
        also: ["ledger#Steps"],
      },
    ];
    const text = renderSuspectLines(lines);
    expect(text).toContain("the same text is also in: ledger#Steps");
    expect(readSuspectLines(text)).toEqual(lines);
  });
});
