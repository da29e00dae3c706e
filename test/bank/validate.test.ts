import { describe, expect, it } from "vitest";
import { parseSkillMd } from "../../src/core/bank/parse.js";
import type { Skill } from "../../src/core/bank/skill.js";
import { validateSkill, type ValidateOptions } from "../../src/core/bank/validate.js";
import { skipWithoutCorpus } from "../support/corpora.js";
import {
  FIXTURE_SKILLS,
  readCorpusSkillSources,
  readSkillSources,
  SKILL_CORPORA,
  type SkillSource,
} from "./skill-sources.js";

function skillOf(source: string, folder = "x"): Skill {
  const p = parseSkillMd(source, `${folder}/SKILL.md`);
  return {
    name: folder,
    dir: folder,
    frontmatter: p.frontmatter,
    body: p.body,
    source,
    auxiliary: [],
    knowledge: [],
  };
}

const strict: ValidateOptions = { mode: "strict" };
const errorsOf = (source: string, opts: ValidateOptions = strict, folder = "x") =>
  validateSkill(skillOf(source, folder), opts).filter((d) => d.severity === "error");

function itValidatesEach(skills: SkillSource[], expected: Record<string, string[]>): void {
  it.each(skills.map((s) => [s.path, s] as const))("%s", (path, s) => {
    const codes = validateSkill(skillOf(s.source, s.folder), strict)
      .filter((d) => d.severity === "error")
      .map((d) => d.code);
    expect(codes).toEqual(expected[path] ?? []);
  });
}

describe.skipIf(skipWithoutCorpus(...SKILL_CORPORA))("validateSkill on the real corpus", () => {
  const skills = readCorpusSkillSources();
  // What the spec says about these files: claude-api's description is 1,068 characters (limit
  // 1,024) and template/SKILL.md is named template-skill in a folder called template.
  itValidatesEach(skills, {
    "agent-skills/claude-api/SKILL.md": ["SKILL_DESCRIPTION_TOO_LONG"],
    "agent-skills/template/SKILL.md": ["SKILL_NAME_MISMATCH"],
  });

  it("claude-api: the error names the file, the description's line and the length in code points", () => {
    const s = skills.find((c) => c.path === "agent-skills/claude-api/SKILL.md")!;
    const [d] = errorsOf(s.source, strict, "claude-api");
    expect(d).toEqual({
      file: "claude-api/SKILL.md",
      line: 3,
      severity: "error",
      code: "SKILL_DESCRIPTION_TOO_LONG",
      message: "description is 1068 characters; the limit is 1024",
    });
  });
});

describe("validateSkill on our fixtures (test/fixtures/skills)", () => {
  const skills = readSkillSources(FIXTURE_SKILLS);
  // The same two failures as in the corpus, written by us: a 1,044-character block-scalar
  // description and a name (renamed-skill) that is not its folder's.
  itValidatesEach(skills, {
    "long-description/SKILL.md": ["SKILL_DESCRIPTION_TOO_LONG"],
    "misnamed/SKILL.md": ["SKILL_NAME_MISMATCH"],
  });

  it("long-description: the error names the file, the description's line and the length in code points", () => {
    const s = skills.find((c) => c.path === "long-description/SKILL.md")!;
    const [d] = errorsOf(s.source, strict, "long-description");
    expect(d).toEqual({
      file: "long-description/SKILL.md",
      line: 3,
      severity: "error",
      code: "SKILL_DESCRIPTION_TOO_LONG",
      message: "description is 1044 characters; the limit is 1024",
    });
  });

  it("misnamed: the error names the file and the name's line", () => {
    const s = skills.find((c) => c.path === "misnamed/SKILL.md")!;
    expect(errorsOf(s.source, strict, "misnamed")).toEqual([
      expect.objectContaining({ file: "misnamed/SKILL.md", line: 2, code: "SKILL_NAME_MISMATCH" }),
    ]);
  });
});

describe("name", () => {
  it.each([
    ["pdf-processing", []],
    ["a", []],
    ["x".repeat(64), []],
    ["x".repeat(65), ["SKILL_NAME_INVALID"]],
    ["PDF-Processing", ["SKILL_NAME_INVALID"]],
    ["-pdf", ["SKILL_NAME_INVALID"]],
    ["pdf-", ["SKILL_NAME_INVALID"]],
    ["pdf--processing", ["SKILL_NAME_INVALID"]],
    ["pdf_processing", ["SKILL_NAME_INVALID"]],
    ["café", ["SKILL_NAME_INVALID"]],
    ["other-name", ["SKILL_NAME_MISMATCH"]],
  ])("%j → %j", (name, codes) => {
    const folder = codes.length === 0 ? name : "pdf-processing";
    const src = `---\nname: "${name}"\ndescription: d\n---\n`;
    expect(errorsOf(src, strict, folder).map((d) => d.code)).toEqual(codes);
  });

  it("is required", () => {
    expect(errorsOf("---\ndescription: d\n---\n")).toEqual([
      expect.objectContaining({ code: "SKILL_NAME_MISSING", line: 1 }),
    ]);
  });

  it("must be a string", () => {
    expect(errorsOf("---\nname: [x]\ndescription: d\n---\n").map((d) => d.code)).toEqual([
      "SKILL_NAME_INVALID",
    ]);
  });
});

describe("description, compatibility, license, allowed-tools", () => {
  it("counts code points, not UTF-16 units", () => {
    const emoji = "😀".repeat(1024); // 2048 UTF-16 units, 1024 code points
    expect(errorsOf(`---\nname: x\ndescription: "${emoji}"\n---\n`)).toEqual([]);
    expect(errorsOf(`---\nname: x\ndescription: "${emoji}a"\n---\n`).map((d) => d.code)).toEqual([
      "SKILL_DESCRIPTION_TOO_LONG",
    ]);
  });

  it.each([
    ["---\nname: x\n---\n", "SKILL_DESCRIPTION_MISSING"],
    ["---\nname: x\ndescription: '  '\n---\n", "SKILL_DESCRIPTION_INVALID"],
    ["---\nname: x\ndescription: [a, b]\n---\n", "SKILL_DESCRIPTION_INVALID"],
    [`---\nname: x\ndescription: d\ncompatibility: ${"c".repeat(501)}\n---\n`, "SKILL_COMPATIBILITY_INVALID"],
    ["---\nname: x\ndescription: d\ncompatibility: ''\n---\n", "SKILL_COMPATIBILITY_INVALID"],
    ["---\nname: x\ndescription: d\nlicense: {a: b}\n---\n", "SKILL_LICENSE_INVALID"],
    ["---\nname: x\ndescription: d\nallowed-tools: [Read, Bash]\n---\n", "SKILL_ALLOWED_TOOLS_INVALID"],
  ])("%j → %s", (src, code) => {
    expect(errorsOf(src).map((d) => d.code)).toEqual([code]);
  });

  it("accepts every optional field when well-formed", () => {
    const src = `---\nname: x\ndescription: d\nlicense: Apache-2.0\ncompatibility: ${"c".repeat(500)}\nallowed-tools: Bash(git:*) Read\nmetadata:\n  author: me\n---\n`;
    expect(validateSkill(skillOf(src), strict)).toEqual([]);
  });
});

describe("metadata and our fields", () => {
  it("must map strings to strings; the error points at the offending key", () => {
    const src = "---\nname: x\ndescription: d\nmetadata:\n  ok: yes\n  tags: [a, b]\n---\n";
    expect(errorsOf(src)).toEqual([expect.objectContaining({ code: "SKILL_METADATA_INVALID", line: 6 })]);
    expect(errorsOf("---\nname: x\ndescription: d\nmetadata: text\n---\n").map((d) => d.code)).toEqual([
      "SKILL_METADATA_INVALID",
    ]);
  });

  it("refs must name skills of the bank", () => {
    const src = "---\nname: x\ndescription: d\nmetadata:\n  tags: a, b\n  refs: y, ghost\n---\n";
    const opts = { mode: "strict" as const, bankNames: new Set(["x", "y"]) };
    expect(errorsOf(src, opts)).toEqual([
      expect.objectContaining({
        code: "SKILL_REF_UNKNOWN",
        line: 6,
        message: "metadata.refs names 'ghost', but the bank has no skill of that name",
      }),
    ]);
    expect(errorsOf(src, { mode: "strict", bankNames: new Set(["x", "y", "ghost"]) })).toEqual([]);
  });

  it("refs entries must be skill names", () => {
    expect(
      errorsOf("---\nname: x\ndescription: d\nmetadata:\n  refs: Bad_Name\n---\n").map((d) => d.code),
    ).toEqual(["SKILL_REF_INVALID"]);
  });
});

describe("unknown top-level keys", () => {
  const src = "---\nname: x\ndescription: d\ntags: a, b\nmodel: opus\n---\n";
  it("are errors in strict mode, at the key's line, with a hint for our own fields", () => {
    const ds = validateSkill(skillOf(src), strict);
    expect(ds.map((d) => [d.severity, d.code, d.line])).toEqual([
      ["error", "SKILL_UNKNOWN_KEY", 4],
      ["error", "SKILL_UNKNOWN_KEY", 5],
    ]);
    expect(ds[0]!.message).toContain("metadata.tags");
  });
  it("are warnings in lenient mode", () => {
    const ds = validateSkill(skillOf(src), { mode: "lenient" });
    expect(ds.map((d) => d.severity)).toEqual(["warning", "warning"]);
  });
});

describe("relative links in the body", () => {
  it("warn when they name a file the skill does not have, at the link's line", () => {
    const src =
      "---\nname: x\ndescription: d\n---\n# X\nSee [the guide](./references/guide.md#top), [web](https://example.com),\n[missing](scripts/gone.py) and [up](../other/SKILL.md).\n";
    const skill = {
      ...skillOf(src),
      auxiliary: [
        { path: "references/guide.md", kind: "references" as const, size: 1, sha256: "0".repeat(64) },
      ],
    };
    expect(validateSkill(skill, strict).map((d) => [d.line, d.severity, d.code])).toEqual([
      [7, "warning", "SKILL_LINK_MISSING"],
      [7, "warning", "SKILL_LINK_OUTSIDE"],
    ]);
  });
});
