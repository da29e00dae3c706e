import { describe, expect, it } from "vitest";
import { bankFilesOf, loadBank, replaceSkillSource } from "../../src/core/bank/bank.js";
import type { BankFile } from "../../src/core/bank/skill.js";

const enc = (s: string) => new TextEncoder().encode(s);
const file = (path: string, text: string): BankFile => ({ path, bytes: enc(text) });
const skillMd = (name: string, extra = "") =>
  `---\nname: ${name}\ndescription: Handles ${name}. Use when asked.\n${extra}---\n# ${name}\n`;

describe("loadBank", () => {
  it("builds skills with their auxiliary inventory and knowledge", () => {
    const { bank, diagnostics } = loadBank([
      file("bank.yml", "operatingPoint: null\n"),
      file("refund/SKILL.md", skillMd("refund", "metadata:\n  refs: lookup\n  tags: money, refunds\n")),
      file("refund/scripts/total.py", "print(1)\n"),
      file("refund/references/policy.md", "# policy\n"),
      file("refund/assets/logo.png", "\x89PNG"),
      file("refund/notes.txt", "misc\n"),
      file(
        "refund/knowledge.md",
        "# Knowledge: refund\n\n## 1\nCheck the fare class first.\n\nProvenance: issue #3 by @ann, accepted by @bo, 2026-11-30\n",
      ),
      file("lookup/SKILL.md", skillMd("lookup")),
    ]);
    expect(diagnostics).toEqual([]);
    const refund = bank.skills.find((s) => s.name === "refund")!;
    expect(refund.auxiliary.map((a) => [a.path, a.kind])).toEqual([
      ["assets/logo.png", "assets"],
      ["notes.txt", "other"],
      ["references/policy.md", "references"],
      ["scripts/total.py", "scripts"],
    ]);
    expect(refund.auxiliary[3]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(refund.knowledge).toEqual([
      { text: "Check the fare class first.", provenance: "issue #3 by @ann, accepted by @bo, 2026-11-30" },
    ]);
    expect(bank.files.map((f) => f.path)[0]).toBe("bank.yml");
  });

  it("one bad file never hides the diagnostics of the others", () => {
    const { bank, diagnostics } = loadBank([
      file("a/SKILL.md", "---\nname: a\ndescription: Use when: broken\n---\n"),
      file("b/SKILL.md", skillMd("b", "metadata:\n  refs: nowhere\n")),
      file("c/SKILL.md", skillMd("wrong")),
      file("d/SKILL.md", skillMd("c")),
      file("e/scripts/x.sh", "echo\n"),
      file("f/SKILL.md", "---js\n{ name: 'f' }\n---\n"),
      file("g/knowledge.md", "## 1\nno provenance\n"),
      file("g/SKILL.md", skillMd("g")),
      { path: "h/SKILL.md", bytes: new Uint8Array([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0x0a]) },
      file("../escape/SKILL.md", skillMd("escape")),
    ]);
    expect(diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual([
      "../escape/SKILL.md:0 BANK_PATH_INVALID",
      "a/SKILL.md:3 SKILL_YAML_INVALID",
      "b/SKILL.md:5 SKILL_REF_UNKNOWN",
      "c/SKILL.md:1 SKILL_DUPLICATE_NAME",
      "c/SKILL.md:2 SKILL_NAME_MISMATCH",
      "d/SKILL.md:1 SKILL_DUPLICATE_NAME",
      "d/SKILL.md:2 SKILL_NAME_MISMATCH",
      "e:0 SKILL_MD_MISSING",
      "f/SKILL.md:1 SKILL_FRONTMATTER_LANGUAGE",
      "g/knowledge.md:1 KNOWLEDGE_NO_PROVENANCE",
      "h/SKILL.md:0 FILE_NOT_UTF8",
    ]);
    // Unreadable skills are left out of `skills` but their files are kept, so nothing is lost on write.
    expect(bank.skills.map((s) => s.name)).toEqual(["b", "c", "d", "g"]);
    expect(bank.files.map((f) => f.path)).toContain("a/SKILL.md");
    expect(bank.files.map((f) => f.path)).toContain("e/scripts/x.sh");
  });

  it("duplicate folder names in different groups are reported", () => {
    const { diagnostics } = loadBank([
      file("team-a/x/SKILL.md", skillMd("x")),
      file("team-b/x/SKILL.md", skillMd("x")),
    ]);
    expect(diagnostics.filter((d) => d.code === "SKILL_DUPLICATE_NAME").map((d) => d.message)).toEqual([
      "skill name 'x' is also used by team-b/x/SKILL.md",
      "skill name 'x' is also used by team-a/x/SKILL.md",
    ]);
  });

  it("mode decides the severity of unknown keys (lenient by default)", () => {
    const files = [file("a/SKILL.md", skillMd("a", "model: opus\n"))];
    expect(loadBank(files).diagnostics.map((d) => d.severity)).toEqual(["warning"]);
    expect(loadBank(files, { mode: "strict" }).diagnostics.map((d) => d.severity)).toEqual(["error"]);
  });

  it("replaceSkillSource re-parses the skill and keeps every other file", () => {
    const { bank } = loadBank([
      file("a/SKILL.md", skillMd("a")),
      file("a/scripts/s.sh", "x"),
      file("b/SKILL.md", skillMd("b")),
    ]);
    const next = replaceSkillSource(bank, "a", skillMd("a").replace("Handles a.", "Handles a better."));
    expect(next.skills.find((s) => s.name === "a")!.frontmatter.description).toBe(
      "Handles a better. Use when asked.",
    );
    expect(bankFilesOf(next).map((f) => f.path)).toEqual(["a/SKILL.md", "a/scripts/s.sh", "b/SKILL.md"]);
    expect(bank.skills.find((s) => s.name === "a")!.frontmatter.description).toBe(
      "Handles a. Use when asked.",
    );
    const added = replaceSkillSource(next, "c", skillMd("c"));
    expect(added.skills.map((s) => s.name)).toEqual(["a", "b", "c"]);
  });
});
