// ddmin over a refused child never splits a tool bundle (edit-units.ts, issue 16: a Retype and its
// callers are one atomic bundle): every bank ddmin tests holds each bundle's files either all at the
// child's version or all at the parent's. A child whose failing edits are script changes only
// learns no nogood, and the iteration says why (nogood-step.ts).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SkillBank } from "../../src/core/bank/skill.js";
import { ddmin } from "../../src/core/evolve/ddmin.js";
import { bankWithUnits, editUnits } from "../../src/core/evolve/edit-units.js";
import { bankEditsOf } from "../../src/core/nogoods/nogood.js";
import { applyBundle } from "../../src/core/evolve/tools/tool-bundle.js";
import { bankOf, skillMd, textAt } from "./tool-bank.js";

const SKILLS = ["s0", "s1", "s2", "s3", "s4"];
const md = (name: string, a: string, b: string) => skillMd(name, `## Steps\n\n${a}\n\n## Never\n\n${b}`);

function parentBank(): SkillBank {
  const files: Record<string, string> = {};
  for (const s of SKILLS) {
    files[`${s}/SKILL.md`] = md(s, `Do ${s}.`, `Never skip ${s}.`);
    files[`${s}/scripts/t.py`] = `import sys\nprint(sys.argv[1])  # ${s}\n`;
  }
  return bankOf(files);
}

interface Scenario {
  /** Per bundle: its tool's skill, the caller skills, whether it deletes the tool (an Inline). */
  bundles: { tool: number; callers: number[]; inline: boolean }[];
  /** Prose edits: skill and section (0 = Steps, 1 = Never). */
  prose: { skill: number; section: number }[];
  seed: number;
}

/** The child: the parent with each bundle's tool and callers changed, then the prose edits. */
function childOf(parent: SkillBank, sc: Scenario): { child: SkillBank; bundles: string[][] } {
  let child = parent;
  const bundles: string[][] = [];
  sc.bundles.forEach((b, i) => {
    const tool = `${SKILLS[b.tool]}/scripts/t.py`;
    const callers = [...new Set(b.callers)].map((c) => SKILLS[c]!);
    const files = [
      { path: tool, content: b.inline ? null : `import sys\nprint(sys.argv[1], ${i})\n` },
      ...callers.map((c) => {
        const now = textAt(child, `${c}/SKILL.md`)!;
        return { path: `${c}/SKILL.md`, content: now.replace(`Do ${c}.`, `Do ${c}. Call ${tool} v${i}.`) };
      }),
    ];
    child = applyBundle(child, files);
    bundles.push(files.map((f) => f.path));
  });
  for (const [j, p] of sc.prose.entries()) {
    const s = SKILLS[p.skill]!;
    const now = textAt(child, `${s}/SKILL.md`)!;
    const next =
      p.section === 0 ? now.replace("\n\n## Never", `\nProse ${j}.\n\n## Never`) : `${now}Rule ${j}.\n`;
    child = applyBundle(child, [{ path: `${s}/SKILL.md`, content: next }]);
  }
  return { child, bundles };
}

const scenario = fc.record({
  bundles: fc.array(
    fc.record({
      tool: fc.integer({ min: 0, max: 4 }),
      callers: fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 3 }),
      inline: fc.boolean(),
    }),
    { maxLength: 3 },
  ),
  prose: fc.array(
    fc.record({ skill: fc.integer({ min: 0, max: 4 }), section: fc.integer({ min: 0, max: 1 }) }),
    {
      maxLength: 5,
    },
  ),
  seed: fc.integer(),
});

describe("ddmin units with tool bundles", () => {
  it("never tests a bank that splits a bundle", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (sc) => {
        const parent = parentBank();
        const { child, bundles } = childOf(parent, sc);
        const dirOf = (skill: string) => child.skills.find((s) => s.name === skill)?.dir;
        const units = editUnits(bankEditsOf(parent, child), bundles, dirOf);
        const tested: SkillBank[] = [];
        // A deterministic but arbitrary verdict per subset (non-monotone), so ddmin explores widely.
        const fails = async (subset: readonly (typeof units)[number][]) => {
          const bank = bankWithUnits(parent, child, subset);
          tested.push(bank);
          const key = subset.map((u) => units.indexOf(u)).join(",");
          let h = sc.seed;
          for (const ch of key) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
          return subset.length === units.length || (h & 3) === 0;
        };
        const found = await ddmin(units, fails);
        tested.push(bankWithUnits(parent, child, found.subset));
        for (const bank of tested)
          for (const files of bundles) {
            const atChild = files.map((p) => textAt(bank, p) === textAt(child, p));
            const atParent = files.map((p) => textAt(bank, p) === textAt(parent, p));
            expect(atChild.every(Boolean) || atParent.every(Boolean)).toBe(true);
          }
        // With every unit chosen the child comes back whole.
        const whole = bankWithUnits(parent, child, units);
        for (const f of child.files) expect(textAt(whole, f.path)).toBe(textAt(child, f.path));
        expect(whole.files.length).toBe(child.files.length);
      }),
      { numRuns: 50 },
    );
  });

  it("makes a bundle and every section edit of its callers one unit; other edits stay separate", () => {
    const parent = parentBank();
    const sc: Scenario = {
      bundles: [{ tool: 0, callers: [1, 2], inline: false }],
      prose: [
        { skill: 3, section: 0 },
        { skill: 3, section: 1 },
        { skill: 1, section: 1 },
      ],
      seed: 0,
    };
    const { child, bundles } = childOf(parent, sc);
    const dirOf = (skill: string) => child.skills.find((s) => s.name === skill)?.dir;
    const units = editUnits(bankEditsOf(parent, child), bundles, dirOf);
    expect(units.map((u) => [u.files, u.edits.map((e) => `${e.skill}:${e.section}`).sort()])).toEqual([
      [["s0/scripts/t.py"], ["s1:never", "s1:steps", "s2:steps"]],
      [[], ["s3:steps"]],
      [[], ["s3:never"]],
    ]);
  });
});
