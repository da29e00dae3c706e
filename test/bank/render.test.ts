import fc from "fast-check";
import matter from "gray-matter";
import { describe, expect, it } from "vitest";
import { parseSkillMd } from "../../src/core/bank/parse.js";
import { renderSkillMd } from "../../src/core/bank/render.js";
import type { SkillFrontmatter } from "../../src/core/bank/skill.js";
import { skipWithoutCorpus } from "../support/corpora.js";
import {
  FIXTURE_SKILLS,
  readCorpusSkillSources,
  readSkillSources,
  SKILL_CORPORA,
  type SkillSource,
} from "./skill-sources.js";

function itRoundTripsEach(skills: SkillSource[]): void {
  it.each(skills.map((s) => [s.path, s] as const))(
    "%s: parse → render reproduces the file byte for byte",
    (_p, s) => {
      const { frontmatter, body } = parseSkillMd(s.source, s.path);
      expect(renderSkillMd(frontmatter, body, s.source)).toBe(s.source);
    },
  );

  it.each(skills.map((s) => [s.path, s] as const))(
    "%s: a changed body keeps the frontmatter bytes",
    (_p, s) => {
      const { frontmatter, body } = parseSkillMd(s.source, s.path);
      const out = renderSkillMd(frontmatter, `${body}\n## Added\nNew step.\n`, s.source);
      expect(out.startsWith(s.source.slice(0, s.source.length - body.length))).toBe(true);
      expect(parseSkillMd(out, s.path).body).toBe(`${body}\n## Added\nNew step.\n`);
    },
  );
}

describe.skipIf(skipWithoutCorpus(...SKILL_CORPORA))("renderSkillMd on the real corpus", () => {
  itRoundTripsEach(readCorpusSkillSources());
});

describe("renderSkillMd on our fixtures (test/fixtures/skills)", () => {
  itRoundTripsEach(readSkillSources(FIXTURE_SKILLS));
});

describe("renderSkillMd", () => {
  it("byte-exact for BOM + CRLF files", () => {
    const src = "\uFEFF---\r\nname: x\r\ndescription: d\r\n---\r\nbody\r\n";
    const { frontmatter, body } = parseSkillMd(src, "x/SKILL.md");
    expect(renderSkillMd(frontmatter, body, src)).toBe(src);
  });

  it("edits a changed frontmatter in place, keeping comments and the order of untouched keys", () => {
    const src =
      "---\n# owned by the airline team\nname: x\ndescription: 'Old text.'\nlicense: MIT\nmetadata:\n  tags: a, b\n---\nBody\n";
    const { frontmatter, body } = parseSkillMd(src, "x/SKILL.md");
    const next: SkillFrontmatter = {
      ...frontmatter,
      description: "New text: with a colon.",
      metadata: { tags: "a, b", version: "2" },
    };
    const out = renderSkillMd(next, body, src);
    expect(out).toContain("# owned by the airline team\nname: x\n");
    expect(out).toContain("license: MIT\n");
    const again = parseSkillMd(out, "x/SKILL.md");
    expect(again.diagnostics).toEqual([]);
    expect(again.frontmatter).toEqual(next);
    expect(again.body).toBe("Body\n");
  });

  it("quotes edited values that YAML 1.1/1.2-core clients would read as numbers, booleans or dates", () => {
    const src = "---\nname: x\ndescription: d\nmetadata:\n  zip: 012345\n---\nBody\n";
    const { frontmatter, body } = parseSkillMd(src, "x/SKILL.md");
    const next = {
      ...frontmatter,
      metadata: { zip: "012345", version: "1.10", reviewed: "yes", created: "2024-01-31" },
    };
    const out = renderSkillMd(next, body, src);
    expect(out).toContain('version: "1.10"\n  reviewed: "yes"\n  created: "2024-01-31"\n');
    expect(matter(out, {}).data).toEqual(next);
  });

  it("drops a removed key", () => {
    const src = "---\nname: x\ndescription: d\nlicense: MIT\n---\nBody\n";
    const { frontmatter, body } = parseSkillMd(src, "x/SKILL.md");
    const { license: _gone, ...rest } = frontmatter;
    const out = renderSkillMd(rest, body, src);
    expect(out).toBe("---\nname: x\ndescription: d\n---\nBody\n");
  });

  it("round-trips any string-valued frontmatter and body (property)", () => {
    const key = fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/);
    const tricky = fc.constantFrom(
      "1.0",
      "012345",
      "yes",
      "no",
      "on",
      "y",
      "2024-01-31",
      "null",
      "~",
      "",
      "true",
      "0x1F",
      "1e3",
      ".inf",
      "a: b",
      "- x",
      "# c",
      "@x",
      "'q'",
    );
    const text = fc.oneof(fc.string({ unit: "grapheme", maxLength: 40 }), tricky);
    fc.assert(
      fc.property(
        text,
        text,
        fc.dictionary(key, text, { maxKeys: 4 }),
        fc.string({ maxLength: 80 }),
        (name, description, metadata, rawBody) => {
          const body = rawBody.replace(/^---/gm, "- --");
          const fm: SkillFrontmatter = { name, description, metadata };
          const out = renderSkillMd(fm, body);
          const parsed = parseSkillMd(out, "x/SKILL.md");
          expect(parsed.diagnostics).toEqual([]);
          expect(parsed.frontmatter).toEqual(fm);
          expect(parsed.body).toBe(body);
          // Other clients read YAML 1.1 (gray-matter's stock js-yaml engine): same strings there too.
          expect(matter(out, {}).data).toEqual(fm);
        },
      ),
      { numRuns: 500 },
    );
  });
});
