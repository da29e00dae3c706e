import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import matter from "gray-matter";
import { afterAll, describe, expect, it } from "vitest";

// gray-matter's typings omit its (documented) cache; reach it to prove we never fill it.
const matterCache = matter as unknown as { cache: Record<string, unknown>; clearCache(): void };
import { parseSkillMd } from "../../src/core/bank/parse.js";
import { skipWithoutCorpus } from "../support/corpora.js";
import {
  FIXTURE_SKILLS,
  readCorpusSkillSources,
  readSkillSources,
  SKILL_CORPORA,
  type SkillSource,
} from "./skill-sources.js";

const scratch = mkdtempSync(join(tmpdir(), "skillops-parse-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function itParsesEach(skills: SkillSource[]): void {
  it.each(skills.map((s) => [s.path, s] as const))("%s parses with a name and description", (_p, s) => {
    const r = parseSkillMd(s.source, s.path);
    expect(r.ok).toBe(true);
    expect(r.diagnostics).toEqual([]);
    expect(typeof r.frontmatter.name).toBe("string");
    expect(typeof r.frontmatter.description).toBe("string");
    expect(s.source.endsWith(r.body)).toBe(true);
  });
}

describe.skipIf(skipWithoutCorpus(...SKILL_CORPORA))("parseSkillMd on the real corpus", () => {
  const skills = readCorpusSkillSources();
  it("finds every SKILL.md under the corpora", () => {
    expect(skills.length).toBe(10);
  });
  itParsesEach(skills);
});

describe("parseSkillMd on our fixtures (test/fixtures/skills)", () => {
  const skills = readSkillSources(FIXTURE_SKILLS);
  it("finds every SKILL.md under test/fixtures/skills", () => {
    expect(skills.map((s) => s.path)).toEqual([
      "long-description/SKILL.md",
      "minimal/SKILL.md",
      "misnamed/SKILL.md",
      "with-resources/SKILL.md",
      "yaml-variety/SKILL.md",
    ]);
  });
  itParsesEach(skills);

  it("yaml-variety: comments, quoting styles, a folded scalar and a flow map read as plain strings", () => {
    const s = skills.find((x) => x.folder === "yaml-variety")!;
    const r = parseSkillMd(s.source, s.path);
    expect(r.frontmatter).toEqual({
      name: "yaml-variety",
      description:
        "Folded: these lines are joined with spaces, so the description is one line of text. It mentions a colon: here, and a 'quote'.",
      license: "Apache-2.0",
      compatibility: 'Needs python3 and network access; "quoted words" stay as written.',
      "allowed-tools": "Bash(git:*) Read",
      metadata: { author: "Ada", tags: "yaml, round-trip", note: "tab\tand \u00e9" },
    });
    expect(r.lines.get("name")).toBe(4);
    expect(r.body).toBe("\nBody after a blank line.\nNo trailing newline at the end of this file.");
  });
});

describe("gray-matter is configured safely", () => {
  const payload = (marker: string, opener: string) =>
    `${opener}\n{ name: (require("fs").writeFileSync(${JSON.stringify(marker)}, "pwned"), "x"), description: "d" }\n---\nbody\n`;

  it("control: stock gray-matter evaluates a ---js block (the payload is live)", () => {
    const marker = join(scratch, "control");
    matter(payload(marker, "---js"));
    expect(existsSync(marker)).toBe(true);
    matterCache.clearCache();
  });

  it.each(["---js", "---javascript", "--- JavaScript", "---coffee", "---json", "---toml"])(
    "%s frontmatter is rejected and never evaluated",
    (opener) => {
      const marker = join(scratch, `never-${opener.replace(/\W/g, "")}`);
      const r = parseSkillMd(payload(marker, opener), "evil/SKILL.md");
      expect(existsSync(marker)).toBe(false);
      expect(r.ok).toBe(false);
      expect(r.diagnostics).toEqual([
        expect.objectContaining({
          file: "evil/SKILL.md",
          line: 1,
          severity: "error",
          code: "SKILL_FRONTMATTER_LANGUAGE",
        }),
      ]);
    },
  );

  it("reads YAML 1.2 failsafe: dates, octal-looking and float-looking values stay strings", () => {
    const src =
      "---\nname: x\ndescription: d\nmetadata:\n  created: 2024-01-31\n  zip: 012345\n  version: 1.10\n  flag: yes\n  empty:\n---\n";
    const { frontmatter } = parseSkillMd(src, "x/SKILL.md");
    expect(frontmatter.metadata).toEqual({
      created: "2024-01-31",
      zip: "012345",
      version: "1.10",
      flag: "yes",
      empty: "",
    });
  });

  it("never shares parsed objects between parses of the same text", () => {
    const src = "---\nname: x\ndescription: d\nmetadata:\n  tags: a\n---\n";
    const a = parseSkillMd(src, "x/SKILL.md");
    a.frontmatter.metadata!.tags = "mutated";
    const b = parseSkillMd(src, "x/SKILL.md");
    expect(b.frontmatter.metadata!.tags).toBe("a");
    expect(a.frontmatter).not.toBe(b.frontmatter);
    expect(Object.keys(matterCache.cache)).not.toContain(src);
  });

  it("reports bad YAML every time, not only on the first parse", () => {
    const src = "---\nname: x\ndescription: Use when: the user asks\n---\n";
    for (let i = 0; i < 2; i++) {
      const r = parseSkillMd(src, "x/SKILL.md");
      expect(r.ok).toBe(false);
      expect(r.diagnostics).toEqual([expect.objectContaining({ line: 3, code: "SKILL_YAML_INVALID" })]);
    }
  });
});

describe("parse diagnostics", () => {
  it("names the file line of a YAML error further down", () => {
    const src = '---\nname: x\ndescription: ok\nmetadata:\n  tags: a\n  refs: "b\n---\n';
    const r = parseSkillMd(src, "x/SKILL.md");
    expect(r.diagnostics[0]).toMatchObject({
      file: "x/SKILL.md",
      code: "SKILL_YAML_INVALID",
      severity: "error",
    });
    expect(r.diagnostics[0]!.line).toBe(6);
  });

  it("reports duplicate keys", () => {
    const r = parseSkillMd("---\nname: x\nname: y\ndescription: d\n---\n", "x/SKILL.md");
    expect(r.diagnostics).toEqual([expect.objectContaining({ code: "SKILL_YAML_INVALID", line: 3 })]);
  });

  it.each([
    ["# no frontmatter\n", "SKILL_FRONTMATTER_MISSING"],
    ["", "SKILL_FRONTMATTER_MISSING"],
    ["---\nname: x\ndescription: never closed\n", "SKILL_FRONTMATTER_UNCLOSED"],
    ["---\n- a\n- b\n---\n", "SKILL_YAML_INVALID"],
  ])("%j → %s", (src, code) => {
    const r = parseSkillMd(src, "x/SKILL.md");
    expect(r.ok).toBe(false);
    expect(r.diagnostics.map((d) => d.code)).toEqual([code]);
  });

  it("records the line of every key, including metadata keys", () => {
    const r = parseSkillMd(
      "---\nname: x\ndescription: d\nmetadata:\n  refs: a, b\n  tags: t\n---\n",
      "x/SKILL.md",
    );
    expect(Object.fromEntries(r.lines)).toEqual({
      name: 2,
      description: 3,
      metadata: 4,
      "metadata.refs": 5,
      "metadata.tags": 6,
    });
  });

  it("handles a BOM and CRLF line endings", () => {
    const r = parseSkillMd("\uFEFF---\r\nname: x\r\ndescription: d\r\n---\r\nbody\r\n", "x/SKILL.md");
    expect(r.ok).toBe(true);
    expect(r.frontmatter).toEqual({ name: "x", description: "d" });
    expect(r.body).toBe("body\r\n");
  });
});

describe("values other YAML clients would type differently", () => {
  it("are strings for us, with a warning at their line suggesting quotes", () => {
    const src =
      '---\nname: x\ndescription: d\nmetadata:\n  version: 1.0\n  reviewed: yes\n  quoted: "2.0"\n  on: text\n---\n';
    const r = parseSkillMd(src, "x/SKILL.md");
    expect(r.ok).toBe(true);
    expect(r.frontmatter.metadata).toEqual({ version: "1.0", reviewed: "yes", quoted: "2.0", on: "text" });
    expect(r.diagnostics.map((d) => [d.line, d.severity, d.code])).toEqual([
      [5, "warning", "SKILL_YAML_AMBIGUOUS"],
      [6, "warning", "SKILL_YAML_AMBIGUOUS"],
    ]);
  });
});
