import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Case } from "../../src/records/case.js";
import { summarizeCase } from "../../src/core/cases/case-summary.js";
import { parseCase, renderCase } from "../../src/core/cases/parse-case.js";

// Names a YAML writer must quote or that YAML reads as non-strings, beside ordinary ones.
const awkward = fc.constantFrom("true", "null", "123", "1e3", "0x1F", "a b", "a: b", "#x", "-x", "'q'", "ä");
const name = fc.oneof({ arbitrary: fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/), weight: 4 }, awkward);
const arbitraryCase = fc
  .record({
    id: fc.oneof(fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,20}$/), fc.constantFrom("1e3", "true", "0x1f")),
    category: fc.constantFrom("general", "hallucination", "special"),
    diagnosis: fc.oneof(
      { arbitrary: fc.constant("The agent refused, as it should."), weight: 3 },
      fc.string({ minLength: 1 }).filter((s) => s.trim() !== ""),
      fc.constant("line one\nskills:\n  - not-a-skill"),
      fc.constant("skills: [x]"),
    ),
    skills: fc.array(name, { maxLength: 4 }),
    draft: fc.constantFrom(undefined, true, false),
  })
  .map((r) =>
    Case.parse({
      id: r.id,
      category: r.category,
      diagnosis: r.diagnosis,
      task: { prompt: "Do it.\nskills:\n- fake", rubric: [{ type: "judge", criterion: "It is done." }] },
      skills: r.skills,
      provenance: {
        channel: "manual",
        created: "2026-11-30T00:00:00Z",
        ...(r.draft === undefined ? {} : { draft: r.draft }),
      },
    }),
  );

describe("summarizeCase", () => {
  it("agrees with the full parse whenever it answers, and answers for plain names", () => {
    let answered = 0;
    fc.assert(
      fc.property(arbitraryCase, (c) => {
        const text = renderCase(c);
        const full = parseCase(text, `${c.category}/${c.id}.yml`);
        expect(full.case).toEqual(c);
        const quick = summarizeCase(text);
        if (quick) {
          answered++;
          const draft = c.provenance.draft === true ? { draft: true } : {};
          // An unlinked case also carries its raw diagnosis and prompt, on one line, for retrieval links.
          const { linkText, ...summary } = quick;
          expect(summary).toStrictEqual({ id: c.id, category: c.category, skills: c.skills, ...draft });
          if (c.skills.length > 0) expect(linkText).toBeUndefined();
          else expect(linkText).toMatch(/^[^\n\t]*Do it\. skills: - fake$/);
        }
        const plain = [c.id, ...c.skills].every(
          (s) => /^[a-z][a-z0-9._-]*$/.test(s) && !["true", "null"].includes(s),
        );
        if (plain && !c.diagnosis.includes("\n") && /^[\w ,.]+$/.test(c.diagnosis))
          expect(quick).toBeDefined();
      }),
      { numRuns: 300 },
    );
    expect(answered).toBeGreaterThan(40); // ~100 expected: the fast path is exercised
  });

  it("reads a draft flag only directly under provenance", () => {
    const base = "id: a\ncategory: general\nskills: []\n";
    const at = (provenance: string) => summarizeCase(`${base}provenance:\n${provenance}`);
    expect(at("  channel: manual\n  draft: true\n")?.draft).toBe(true);
    expect(at("  draft: false\n  channel: manual\n")).toStrictEqual({
      id: "a",
      category: "general",
      skills: [],
      linkText: "",
    });
    // Deeper text that merely reads "draft: true" (a block scalar) is not the flag.
    expect(at("  note: |\n    draft: true\n  channel: manual\n")?.draft).toBeUndefined();
    // A value the scan does not read exactly is the parser's call.
    expect(at("  draft: yes\n")).toBeUndefined();
    expect(summarizeCase(`${base}provenance: { draft: true }\n`)).toBeUndefined();
  });

  it("declines shapes it cannot read exactly, leaving them to the parser", () => {
    const base = "id: a\ncategory: general\ndiagnosis: d\n";
    for (const text of [
      `${base}skills: [x, y]\n`, // flow list
      `${base}skills:\n  - x # note\n`, // comment
      `${base}skills:\n  - "x"\n`, // quoted
      `${base}skills:\n  - x\n    - y\n`, // odd indentation
      `${base}skills: !!seq\n  - x\n`, // tag
      `${base}"skills":\n  - x\n`, // quoted key
      `---\n${base}`, // document marker
      `${base}id: b\n`, // duplicate key
      "id: 'a'\ncategory: general\n", // quoted id
      `${base}skills:\n`, // null
    ])
      expect(summarizeCase(text), text).toBeUndefined();
    expect(summarizeCase(`${base}skills: []\n`)).toEqual({
      id: "a",
      category: "general",
      skills: [],
      linkText: "d",
    });
    expect(summarizeCase(`${base}skills:\n- x\n- y\nprovenance: {}\n`)).toEqual({
      id: "a",
      category: "general",
      skills: ["x", "y"],
    });
  });
});
