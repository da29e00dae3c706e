// SKILL.md frontmatter is read within FRONTMATTER_CAPS: a huge or hostile block is refused at once
// with the cap in the message, where it used to take minutes (quadratic duplicate-key checks).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isMap, isScalar, parseDocument, Scalar } from "yaml";
import {
  FRONTMATTER_CAPS,
  parseSkillMd,
  plainTypedElsewhere,
  typedElsewhere,
} from "../../src/core/bank/parse.js";

describe("frontmatter caps", () => {
  it("refuses a 1.4 MB frontmatter (under the 2 MB file cap) at once, naming the cap", () => {
    let block = "";
    for (let i = 0; block.length < 1_400_000; i++) block += `key${i}: value\n`;
    // The cap's own message is the proof it was refused before parsing (no timing: bench:parse-caps).
    const r = parseSkillMd(`---\nname: x\ndescription: d\n${block}---\nbody\n`, "x/SKILL.md");
    expect(r.ok).toBe(false);
    expect(r.diagnostics).toEqual([
      expect.objectContaining({
        file: "x/SKILL.md",
        line: 1,
        code: "SKILL_YAML_INVALID",
        message: expect.stringMatching(
          /^the frontmatter is 1,4\d\d,\d{3} characters; the cap is 65,536$/,
        ) as unknown,
      }),
    ]);
    expect(FRONTMATTER_CAPS.maxChars).toBe(65_536);
  });

  it("refuses a YAML tag beyond the core schema at its line (gray-matter accepted it silently)", () => {
    const r = parseSkillMd(
      "---\nname: x\ndescription: d\nmetadata:\n  run: !!js/function 'function () { return 1 }'\n---\n",
      "x/SKILL.md",
    );
    expect(r.ok).toBe(false);
    expect(r.diagnostics).toEqual([
      expect.objectContaining({
        line: 5,
        code: "SKILL_YAML_INVALID",
        message: "the tag !!js/function is not allowed (only the YAML core schema's)",
      }),
    ]);
  });
});

describe("plainTypedElsewhere", () => {
  const plainScalar = (s: string) => {
    const doc = parseDocument(`k: ${s}\n`, { schema: "failsafe" });
    const value = isMap(doc.contents) ? doc.contents.items[0]?.value : undefined;
    return doc.errors.length === 0 && isScalar(value) && value.type === Scalar.PLAIN && value.value === s;
  };

  it("agrees with typedElsewhere (two parses) on every plain scalar", () => {
    const unit = fc.constantFrom(..."0123456789.+-_:eExXoObB yYnNaAtTrRuUlLfFsSiI~<=#TZ,[]{}!&*|>'\"%@`?");
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 10 }), (s) => {
        fc.pre(plainScalar(s));
        expect(plainTypedElsewhere(s)).toBe(typedElsewhere(s));
      }),
      { numRuns: 3_000 },
    );
    for (const word of ["~", "Null", "yes", "OFF", "y", ".inf", "-.Inf", ".NaN", "0x1F", "0o17", "017"])
      expect(plainTypedElsewhere(word)).toBe(true);
    for (const word of ["1_000", "12:30:00", "2024-01-31", "e3", "1.10", "abc", "60 days"])
      expect(plainTypedElsewhere(word)).toBe(typedElsewhere(word));
  });
});
