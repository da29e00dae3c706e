// Properties over generated input: parsing never throws, and in a bank of many skills each
// broken file gets its own diagnostic while the healthy skills still load cleanly.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadBank } from "../../src/core/bank/bank.js";
import { parseSkillMd } from "../../src/core/bank/parse.js";
import { renderSkillMd } from "../../src/core/bank/render.js";
import type { BankFile } from "../../src/core/bank/skill.js";

const enc = (s: string) => new TextEncoder().encode(s);

describe("parseSkillMd never throws", () => {
  it("on arbitrary text, and a readable file renders back byte for byte", () => {
    const frontmatterish = fc
      .tuple(
        fc.constantFrom("---\n", "---js\n", "---\r\n", "\uFEFF---\n", ""),
        fc.string({ maxLength: 60 }),
        fc.constantFrom("\n---\n", "\n---", "", "\n----\n"),
        fc.string({ maxLength: 40 }),
      )
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 120 }), frontmatterish), (src) => {
        const r = parseSkillMd(src, "x/SKILL.md");
        for (const d of r.diagnostics) expect(d.line).toBeGreaterThanOrEqual(1);
        if (r.ok) expect(renderSkillMd(r.frontmatter, r.body, src)).toBe(src);
        else expect(r.diagnostics.some((d) => d.severity === "error")).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

type Breakage = "none" | "yaml" | "js" | "mismatch" | "no-description" | "bad-ref" | "not-utf8" | "unclosed";
const EXPECTED: Record<Exclude<Breakage, "none">, string> = {
  yaml: "SKILL_YAML_INVALID",
  js: "SKILL_FRONTMATTER_LANGUAGE",
  mismatch: "SKILL_NAME_MISMATCH",
  "no-description": "SKILL_DESCRIPTION_MISSING",
  "bad-ref": "SKILL_REF_UNKNOWN",
  "not-utf8": "FILE_NOT_UTF8",
  unclosed: "SKILL_FRONTMATTER_UNCLOSED",
};

function skillFile(name: string, breakage: Breakage): BankFile {
  const path = `${name}/SKILL.md`;
  const ok = (extra = "") =>
    `---\nname: ${name}\ndescription: Handles ${name}. Use when asked.\n${extra}---\n# ${name}\n`;
  switch (breakage) {
    case "none":
      return { path, bytes: enc(ok()) };
    case "yaml":
      return { path, bytes: enc(`---\nname: ${name}\ndescription: Use when: broken\n---\n`) };
    case "js":
      return { path, bytes: enc(`---js\n{ name: "${name}" }\n---\n`) };
    case "mismatch":
      return { path, bytes: enc(ok().replace(`name: ${name}`, `name: ${name}-other`)) };
    case "no-description":
      return { path, bytes: enc(`---\nname: ${name}\n---\n`) };
    case "bad-ref":
      return { path, bytes: enc(ok("metadata:\n  refs: no-such-skill\n")) };
    case "not-utf8":
      return { path, bytes: new Uint8Array([...enc("---\nname: "), 0xff, 0x0a]) };
    case "unclosed":
      return { path, bytes: enc(`---\nname: ${name}\ndescription: d\n`) };
  }
}

describe("loadBank isolates bad files", () => {
  it("each broken skill gets its own diagnostic; healthy skills load without errors", () => {
    const breakage = fc.constantFrom<Breakage>(
      "none",
      "none",
      "yaml",
      "js",
      "mismatch",
      "no-description",
      "bad-ref",
      "not-utf8",
      "unclosed",
    );
    fc.assert(
      fc.property(fc.array(breakage, { minLength: 1, maxLength: 12 }), fc.integer(), (kinds, seed) => {
        const names = kinds.map((_, i) => `skill-${i}`);
        const files = kinds.map((k, i) => skillFile(names[i]!, k));
        // Order must not matter.
        const shuffled = [...files].sort(
          (a, b) => ((a.path.length * 31 + seed) % 7) - ((b.path.length * 31 + seed) % 7),
        );
        const { bank, diagnostics } = loadBank(shuffled, { mode: "strict" });
        kinds.forEach((k, i) => {
          const file = `${names[i]}/SKILL.md`;
          const errors = diagnostics
            .filter((d) => d.file === file && d.severity === "error")
            .map((d) => d.code);
          if (k === "none") expect(errors).toEqual([]);
          else expect(errors).toContain(EXPECTED[k]);
        });
        const loaded = new Set(bank.skills.map((s) => s.name));
        kinds.forEach((k, i) => {
          if (k === "none" || k === "mismatch" || k === "no-description" || k === "bad-ref")
            expect(loaded.has(names[i]!)).toBe(true);
        });
        expect(bank.files.length).toBe(files.length); // nothing dropped
      }),
      { numRuns: 200 },
    );
  });
});
