// Issue 44, SkillSmith's nogoods with remedies: a refused edit says what to do instead (keep what it
// removed; narrow what it only added), and its lesson reaches the skills that hold a copy of an edited
// section (remedy.ts), which the diagnosers of those skills are shown with the "instead" line.
import { describe, expect, it } from "vitest";
import { loadBank, replaceSkillSource } from "../../src/core/bank/bank.js";
import { remedyOf } from "../../src/core/evolve/nogoods/remedy.js";
import { renderTried } from "../../src/core/llm/prompts/diagnoser.js";
import { sectionEditsOf } from "../../src/core/nogoods/nogood.js";
import { Nogood } from "../../src/records/nogood.js";

const enc = new TextEncoder();
const procedure =
  "## Procedure\n\nOpen the ledger, find the entry by its reference and compare the totals.\n";
const skill = (name: string, body: string) => ({
  path: `${name}/SKILL.md`,
  bytes: enc.encode(`---\nname: ${name}\ndescription: ${name} rules.\n---\n# ${name}\n\n${body}`),
});
const bank = loadBank([
  skill("refunds", procedure),
  skill("ledger", procedure),
  skill("tax", "## Rates\n\nUse the current rate table for every filing.\n"),
]).bank;
const edited = (name: string, from: string, to: string) => {
  const source = bank.skills.find((s) => s.name === name)!.source;
  return sectionEditsOf(bank, replaceSkillSource(bank, name, source.replace(from, to)), name);
};

describe("nogood remedies", () => {
  it("an edit that removed lines is told to keep them; one that only added, to say when they apply", () => {
    const removing = edited("refunds", "and compare the totals.", "and refund at once.");
    const r = remedyOf(removing, ["billing"], bank);
    expect(r.text).toBe(
      'Keep what the edit removed ("open the ledger, find the entry by its reference and compare the totals."): ' +
        "billing rely on it. Add the new guidance beside it, or narrow it to the cases it was written for.",
    );
    const adding = edited("tax", "every filing.\n", "every filing.\n\nAlways round down.\n");
    expect(remedyOf(adding, ["tax"], bank).text).toMatch(/^The added lines broke tax: say when they apply/);
  });

  it("reaches the skills holding a copy of an edited section, and only those", () => {
    const removing = edited("refunds", "and compare the totals.", "and refund at once.");
    expect(remedyOf(removing, ["billing"], bank).scope).toEqual(["ledger"]);
    const adding = edited("tax", "every filing.\n", "every filing.\n\nAlways round down.\n");
    expect(remedyOf(adding, [], bank).scope).toEqual([]);
  });

  it("a nogood file may carry one (older files without it still parse), and the diagnosers see it", () => {
    const edits = edited("tax", "every filing.\n", "every filing.\n\nAlways round down.\n");
    const base = {
      ...{ version: 1, id: "0".repeat(64), edits, minimal: true, runId: "r", origin: "gate" },
      ...{
        evidence: { cases: [], categories: ["tax"], reasons: ["tax below floor"] },
        createdAt: "2026-11-30",
      },
    };
    expect(Nogood.safeParse(base).success).toBe(true);
    expect(Nogood.safeParse({ ...base, remedy: remedyOf(edits, ["tax"], bank) }).success).toBe(true);
    const text = renderTried([
      {
        skill: "tax",
        section: "rates",
        origin: "gate",
        removed: [],
        added: ["x"],
        reasons: [],
        categories: [],
        remedy: "Do y.",
      },
    ]);
    expect(text).toContain("instead: Do y.");
  });
});
