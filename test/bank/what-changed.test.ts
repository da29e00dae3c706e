// "What changed" derived from two banks (bank/what-changed.ts): a lineage's earlier edits are not lost
// to its last one, and over generated bank diffs every changed skill and every changed `##` section
// is named, in the sentences and in what the PR body and both reports render from them.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { whatChanged } from "../../src/core/bank/what-changed.js";
import { skillSentences } from "../../src/core/bank/what-changed-sentences.js";
import { renderPrBody } from "../../src/core/render/pr-body/pr-body.js";
import { skillChanges } from "../../src/core/github/plan.js";
import { renderReportHtml } from "../../src/core/report/html.js";
import { renderReportMarkdown } from "../../src/core/report/markdown.js";
import { bankOf } from "../evolve/tool-bank.js";
import { baseInput } from "../github/pr-fixtures.js";
import { handBuiltRecord } from "../report/fixtures.js";

type Sections = [heading: string, lines: string[]][];
type BankSpec = Record<string, Sections>;

function skillText(name: string, sections: Sections): string {
  const body = sections.map(([h, lines]) => `## ${h}\n\n${lines.join("\n")}`).join("\n\n");
  return `---\nname: ${name}\ndescription: The ${name} skill. Use when ${name} comes up.\n---\n\n# ${name}\n\n${body}\n`;
}

const bankOfSpec = (spec: BankSpec) =>
  bankOf(Object.fromEntries(Object.entries(spec).map(([n, s]) => [`${n}/SKILL.md`, skillText(n, s)])));

describe("whatChanged", () => {
  it("counts every item a lineage added to a section, not only its last edit's", () => {
    const base = bankOfSpec({ compensation: [["Anything else", ["No compensation otherwise."]]] });
    const first = ["- Check the reservation records first.", "- Offer a certificate only after a change."];
    const both = [...first, "- The number of passengers never changes."];
    const member = bankOfSpec({
      compensation: [
        ["Anything else", ["No compensation otherwise."]],
        ["Checks", both],
      ],
    });
    const [s] = whatChanged(base, member).skills;
    expect(skillSentences(s!)).toEqual([
      "section “Checks” added: +5 lines, 3 list items added: “Check the reservation records first.”; " +
        "“Offer a certificate only after a change.”; “The number of passengers never changes.”",
    ]);
  });

  it("names frontmatter keys, changed and removed sections, reordering and scripts", () => {
    const base = bankOfSpec({
      a: [
        ["One", ["- x"]],
        ["Two", ["- y"]],
        ["Three", ["- z"]],
      ],
    });
    const files = {
      "a/SKILL.md": skillText("a", [
        ["Two", ["- y", "- y2"]],
        ["One", ["- x"]],
      ]).replace("The a skill.", "The a skill, reworded."),
      "a/scripts/run.py": "print('hi')\n",
    };
    const [s] = whatChanged(base, bankOf(files)).skills;
    expect(skillSentences(s!)).toEqual([
      "frontmatter changed: description",
      "section “Two” changed: +1 −0 lines, 1 list item added: “y2”",
      "section “Three” removed: −3 lines, 1 list item removed: “z”",
      "sections reordered",
      "script a/scripts/run.py added: +1 line",
    ]);
    expect(s!.files[0]!.patch).toContain("+print('hi')");
  });
});

const HEADINGS = [
  "Steps",
  "Checks",
  "Never",
  "Refunds",
  "Edge cases",
  "Tone",
  "Who may receive it",
  "Anything else",
];
const LINES = [
  "- Check the records.",
  "- Ask once.",
  "Be brief.",
  "1. Confirm the id.",
  "",
  "- Refuse politely.",
];
const sectionsArb: fc.Arbitrary<Sections> = fc
  .uniqueArray(fc.constantFrom(...HEADINGS), { minLength: 1, maxLength: 5 })
  .chain((hs) =>
    fc.tuple(
      ...hs.map((h) =>
        fc
          .array(fc.constantFrom(...LINES), { minLength: 1, maxLength: 4 })
          .map((l): [string, string[]] => [h, l]),
      ),
    ),
  );
const SKILLS = ["alpha", "beta", "gamma", "delta"];
type Op = "keep" | "drop" | "change";
const editArb = fc.record({
  base: fc
    .uniqueArray(fc.constantFrom(...SKILLS), { minLength: 1, maxLength: 3 })
    .chain((names) => fc.tuple(...names.map((n) => sectionsArb.map((s): [string, Sections] => [n, s])))),
  skillOps: fc.array(fc.constantFrom("keep", "remove", "modify"), { minLength: 3, maxLength: 3 }),
  sectionOps: fc.array(fc.constantFrom<Op>("keep", "drop", "change"), { minLength: 5, maxLength: 5 }),
  added: fc.array(fc.constantFrom(...HEADINGS), { maxLength: 2 }),
  newSkill: fc.option(sectionsArb, { nil: undefined }),
});

type Edit = typeof editArb extends fc.Arbitrary<infer T> ? T : never;

/** The candidate and, independently of the code under test, what changed in it. */
function applyEdits(e: Edit) {
  const base: BankSpec = Object.fromEntries(e.base);
  const cand: BankSpec = {};
  const expected: { skill: string; sections: string[] }[] = [];
  e.base.forEach(([name, sections], i) => {
    const op = e.skillOps[i]!;
    if (op === "remove") return void expected.push({ skill: name, sections: sections.map(([h]) => h) });
    if (op === "keep") return void (cand[name] = sections);
    const next: Sections = [];
    const touched: string[] = [];
    sections.forEach(([h, lines], j) => {
      const sop = e.sectionOps[j % e.sectionOps.length]!;
      if (sop !== "keep") touched.push(h);
      if (sop === "change") next.push([h, [...lines, `- New rule ${j}.`]]);
      else if (sop === "keep") next.push([h, lines]);
    });
    for (const h of e.added)
      if (!sections.some(([x]) => x === h) && !next.some(([x]) => x === h)) {
        next.push([h, ["- Added rule."]]);
        touched.push(h);
      }
    cand[name] = next;
    if (touched.length) expected.push({ skill: name, sections: touched });
  });
  if (e.newSkill && !base.omega) {
    cand.omega = e.newSkill;
    expected.push({ skill: "omega", sections: e.newSkill.map(([h]) => h) });
  }
  return { base: bankOfSpec(base), cand: bankOfSpec(cand), expected };
}

describe("every changed skill and section is mentioned (property)", () => {
  it("in the sentences, the PR body, report.md and report.html", () => {
    fc.assert(
      fc.property(editArb, (e) => {
        const { base, cand, expected } = applyEdits(e);
        const what = whatChanged(base, cand);
        expect(what.skills.map((s) => s.skill).sort()).toEqual(expected.map((x) => x.skill).sort());
        const views = skillChanges(base.files, cand.files, { changes: [] });
        const body = renderPrBody(baseInput({ skills: views }));
        const hand = handBuiltRecord();
        const record = {
          ...hand,
          frontier: hand.frontier.map((m) => ({ ...m, whatChanged: what, changes: [] })),
        };
        const md = renderReportMarkdown(record);
        const html = renderReportHtml(record);
        for (const x of expected) {
          const sentences = skillSentences(what.skills.find((s) => s.skill === x.skill)!);
          expect(body).toContain(`**\`${x.skill}\`**`);
          expect(md).toContain(`\`${x.skill}\``);
          expect(html).toContain(`<code>${x.skill}</code>`);
          for (const h of x.sections) {
            expect(sentences.some((t) => t.startsWith(`section “${h}”`))).toBe(true);
            for (const text of [body, md, html]) expect(text).toContain(`section “${h}”`);
            // Added items are named, not only counted: one quotation per item.
            const sentence = sentences.find((t) => t.startsWith(`section “${h}”`))!;
            const m = /(\d+) list items? added: (.*)/.exec(sentence);
            if (m) expect(m[2]!.match(/“[^”]*”/g)).toHaveLength(Math.min(Number(m[1]), 8));
          }
          const named = sentences
            .filter((t) => t.startsWith("section “"))
            .map((t) => /^section “([^”]*)”/.exec(t)![1]);
          expect(named.sort()).toEqual([...x.sections].sort());
        }
      }),
      { numRuns: 120, seed: 25 },
    );
  });
});
