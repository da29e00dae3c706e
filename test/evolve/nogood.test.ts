// Nogood matching and retirement (src/core/nogoods/nogood.ts) and the section splice (skill-sections.ts),
// as properties over generated SKILL.md files and section edits.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadBank, replaceSkillSource } from "../../src/core/bank/bank.js";
import type { SkillBank } from "../../src/core/bank/skill.js";
import { bankWithEdits } from "../../src/core/evolve/edit-subset.js";
import { bankEditsOf, isActive, makeNogood, matchingNogood } from "../../src/core/nogoods/nogood.js";
import { Nogood } from "../../src/records/nogood.js";
import { rejectedNogoods } from "../../src/core/nogoods/rejected-nogoods.js";
import { spliceSections, splitSections } from "../../src/core/bank/skill-sections.js";

const SECTIONS = ["Steps", "Refunds", "Escalation", "Limits", "Tone"];

function skillMd(name: string, bodies: readonly string[]): string {
  const body = bodies.map((b, i) => `## ${SECTIONS[i]}\n\n${b}\n`).join("\n");
  return `---\nname: ${name}\ndescription: Handles ${name} requests. Use for ${name}.\n---\n\n# ${name}\n\n${body}`;
}

function bankOf(sources: Record<string, string>): SkillBank {
  const enc = new TextEncoder();
  return loadBank(Object.entries(sources).map(([n, s]) => ({ path: `${n}/SKILL.md`, bytes: enc.encode(s) })))
    .bank;
}

const parentBodies = SECTIONS.map((s) => `Follow the ${s.toLowerCase()} rule.`);
const parent = bankOf({ alpha: skillMd("alpha", parentBodies), beta: skillMd("beta", parentBodies) });

/** A child that rewrites the chosen sections (by index) of alpha with the given text. */
function childOf(edits: readonly { section: number; text: string }[]): SkillBank {
  const bodies = [...parentBodies];
  for (const e of edits) bodies[e.section] = e.text;
  return replaceSkillSource(parent, "alpha", skillMd("alpha", bodies));
}

const arbEdits = fc.uniqueArray(
  fc.record({
    section: fc.integer({ min: 0, max: SECTIONS.length - 1 }),
    text: fc.constantFrom("Never refund.", "Ask a manager first.", "Refund at once."),
  }),
  { selector: (e) => e.section, minLength: 1, maxLength: 4 },
);

const nogoodFrom = (child: SkillBank, pick: (n: number) => boolean): Nogood =>
  makeNogood({
    edits: bankEditsOf(parent, child).filter((_, i) => pick(i)),
    minimal: true,
    evidence: { cases: [], categories: ["refunds"], reasons: ["refunds 0.40 < floor 0.50"] },
    runId: "run-1",
    origin: "gate",
    createdAt: "2026-11-30T00:00:00Z",
  });

describe("nogoods", () => {
  it("split and join give the SKILL.md back byte for byte; section keys are heading slugs", () => {
    const source = skillMd("alpha", parentBodies);
    const sections = splitSections(source);
    expect(sections.map((s) => s.lines.join("\n")).join("\n")).toBe(source);
    expect(sections.map((s) => s.key)).toEqual([
      "(frontmatter)",
      "(preamble)",
      "alpha",
      "steps",
      "refunds",
      "escalation",
      "limits",
      "tone",
    ]);
  });

  it("property: a child that carries every edit of a nogood (same skill version) is matched; one that lacks one is not", () => {
    fc.assert(
      fc.property(arbEdits, arbEdits, fc.func(fc.boolean()), (failing, other, pick) => {
        const nogood = nogoodFrom(childOf(failing), (i) => i === 0 || pick(i));
        const proposal = childOf(other);
        const edits = bankEditsOf(parent, proposal);
        const has = (e: Nogood["edits"][number]) =>
          edits.some((x) => x.section === e.section && x.change === e.change);
        expect(matchingNogood([nogood], edits) !== undefined).toBe(nogood.edits.every(has));
      }),
      { numRuns: 40 },
    );
  });

  it("property: a whitespace or case re-wrap of the same change still matches", () => {
    fc.assert(
      fc.property(arbEdits, (failing) => {
        const nogood = nogoodFrom(childOf(failing), () => true);
        const rewrapped = childOf(
          failing.map((e) => ({ ...e, text: `  ${e.text.toUpperCase().replace(/ /g, "   ")}` })),
        );
        expect(matchingNogood([nogood], bankEditsOf(parent, rewrapped))?.id).toBe(nogood.id);
      }),
      { numRuns: 40 },
    );
  });

  it("property: a nogood whose skill changed is retired and never vetoes", () => {
    fc.assert(
      fc.property(arbEdits, fc.string({ minLength: 1 }), (failing, drift) => {
        const child = childOf(failing);
        const nogood = nogoodFrom(child, () => true);
        expect(isActive(nogood, parent)).toBe(true);
        // The skill moves on (any byte of its folder), then the same edit is proposed on the new version.
        const moved = replaceSkillSource(parent, "alpha", `${parent.skills[0]!.source}\n<!-- ${drift} -->\n`);
        expect(isActive(nogood, moved)).toBe(false);
        const edits = bankEditsOf(moved, replaceSkillSource(moved, "alpha", child.skills[0]!.source));
        expect(matchingNogood([nogood], edits)).toBeUndefined();
      }),
      { numRuns: 40 },
    );
  });

  it("property: splicing every changed section gives the child, none the parent, and each subset exactly those edits", () => {
    fc.assert(
      fc.property(arbEdits, fc.func(fc.boolean()), (edits, pick) => {
        const child = childOf(edits);
        const all = bankEditsOf(parent, child);
        expect(bankWithEdits(parent, child, all).skills[0]!.source).toBe(child.skills[0]!.source);
        expect(bankWithEdits(parent, child, []).skills[0]!.source).toBe(parent.skills[0]!.source);
        const subset = all.filter((_, i) => pick(i));
        const rebuilt = bankEditsOf(parent, bankWithEdits(parent, child, subset));
        expect(rebuilt.map((e) => [e.section, e.change])).toEqual(subset.map((e) => [e.section, e.change]));
      }),
      { numRuns: 40 },
    );
  });

  it("splices an added and a removed section into place", () => {
    const p = "# A\n\none\n\n## B\n\ntwo\n\n## C\n\nthree\n";
    const c = "# A\n\none\n\n## B\n\ntwo\n\n## New\n\nnew\n";
    expect(spliceSections(p, c, new Set(["new"]))).toBe(
      "# A\n\none\n\n## B\n\ntwo\n\n## New\n\nnew\n\n## C\n\nthree\n",
    );
    expect(spliceSections(p, c, new Set(["c"]))).toBe("# A\n\none\n\n## B\n\ntwo\n");
  });

  it("the schema refuses a nogood without edits or with a bad hash, naming the field", () => {
    const good = nogoodFrom(childOf([{ section: 1, text: "Never refund." }]), () => true);
    expect(Nogood.parse(good)).toEqual(good);
    expect(() => Nogood.parse({ ...good, edits: [] })).toThrow(/edits/);
    expect(() => Nogood.parse({ ...good, id: "nope" })).toThrow(/id/);
  });
});

describe("rollbacks and closed PRs as nogoods", () => {
  it("a rolled-back candidate becomes one nogood per section edit, each vetoing a child that repeats it", () => {
    const candidate = childOf([
      { section: 1, text: "Never refund." },
      { section: 3, text: "Ask a manager first." },
    ]);
    const nogoods = rejectedNogoods(
      {
        origin: "rollback",
        base: parent,
        candidate,
        candidateHash: "c".repeat(64),
        reason: "#41 rolled back by #57",
      },
      () => new Date("2026-11-30T00:00:00Z"),
    );
    expect(nogoods.map((n) => [n.origin, n.minimal, n.edits.map((e) => e.section)])).toEqual(
      expect.arrayContaining([
        ["rollback", false, ["refunds"]],
        ["rollback", false, ["limits"]],
      ]),
    );
    expect(nogoods).toHaveLength(2);
    // A later child that keeps only the refunds edit is still vetoed; one with neither edit is not.
    const repeat = childOf([{ section: 1, text: "never   REFUND." }]);
    expect(matchingNogood(nogoods, bankEditsOf(parent, repeat))?.edits[0]!.section).toBe("refunds");
    const fresh = childOf([{ section: 1, text: "Refund at once." }]);
    expect(matchingNogood(nogoods, bankEditsOf(parent, fresh))).toBeUndefined();
  });
});
