import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadBank } from "../../src/core/bank/bank.js";
import { diffBanks } from "../../src/core/bank/diff.js";
import { hashBank } from "../../src/core/bank/hash.js";
import type { BankFile } from "../../src/core/bank/skill.js";
import { shortCandidateId } from "../../src/records/candidate-id.js";

const enc = (s: string) => new TextEncoder().encode(s);
const file = (path: string, text: string): BankFile => ({ path, bytes: enc(text) });

describe("hashBank", () => {
  const files = [file("a/SKILL.md", "A"), file("b/SKILL.md", "B"), file("b/scripts/x.py", "print()")];

  it("is stable under file order (property) and is sha256 hex", () => {
    const h = hashBank(files);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    fc.assert(
      fc.property(
        fc.shuffledSubarray(files, { minLength: 3, maxLength: 3 }),
        (shuffled) => hashBank(shuffled) === h,
      ),
    );
    expect(shortCandidateId(h)).toBe(h.slice(0, 8));
  });

  it("frames pairs unambiguously: moving bytes between path and content changes the hash", () => {
    expect(hashBank([file("ab", "c")])).not.toBe(hashBank([file("a", "bc")]));
    expect(hashBank([file("a", "b"), file("c", "")])).not.toBe(hashBank([file("a", "bc")]));
    expect(hashBank([file("a", "x")])).not.toBe(hashBank([file("a", "y")]));
  });

  it("leaves out the root bank.yml (it records the hash itself) but not nested ones", () => {
    expect(hashBank([...files, file("bank.yml", "operatingPoint: x\n")])).toBe(hashBank(files));
    expect(hashBank([...files, file("a/bank.yml", "x")])).not.toBe(hashBank(files));
  });
});

describe("diffBanks", () => {
  const skill = (name: string, body: string) => `---\nname: ${name}\ndescription: d\n---\n${body}`;
  const a = loadBank([
    file("bank.yml", "v: 1\n"),
    file("keep/SKILL.md", skill("keep", "same\n")),
    file("edit/SKILL.md", skill("edit", "line 1\nline 2\nline 3\n")),
    file("edit/scripts/run.py", "print(1)\n"),
    file("edit/assets/img.bin", "\xff"),
    file("gone/SKILL.md", skill("gone", "bye\n")),
  ]).bank;
  const b = loadBank([
    file("bank.yml", "v: 2\n"),
    file("keep/SKILL.md", skill("keep", "same\n")),
    file("edit/SKILL.md", skill("edit", "line 1\nline two\nline 3\n")),
    file("edit/scripts/run.py", "print(2)\n"),
    file("edit/references/new.md", "new\n"),
    file("edit/knowledge.md", "# Knowledge: edit\n"),
    { path: "edit/assets/img.bin", bytes: new Uint8Array([0xfe, 0xff]) },
    file("fresh/SKILL.md", skill("fresh", "hello\n")),
  ]).bank;

  it("reports per skill added / removed / modified with unified diffs", () => {
    const d = diffBanks(a, b);
    expect(d.empty).toBe(false);
    expect(d.skills.map((s) => [s.name, s.status])).toEqual([
      ["edit", "modified"],
      ["fresh", "added"],
      ["gone", "removed"],
    ]);
    const edit = d.skills[0]!;
    expect(edit.files.map((f) => [f.skillPath, f.status, f.auxiliary, f.binary])).toEqual([
      ["SKILL.md", "modified", false, false],
      ["assets/img.bin", "modified", true, true],
      ["knowledge.md", "added", false, false],
      ["references/new.md", "added", true, false],
      ["scripts/run.py", "modified", true, false],
    ]);
    const patch = edit.files[0]!.patch!;
    expect(patch).toContain("--- a/edit/SKILL.md\n+++ b/edit/SKILL.md\n");
    expect(patch).toContain("-line 2\n+line two\n");
    expect([edit.files[0]!.added, edit.files[0]!.removed]).toEqual([1, 1]);
    expect(d.skills[2]!.files[0]!.patch).toContain("+++ /dev/null");
    expect(d.other.map((f) => [f.path, f.status])).toEqual([["bank.yml", "modified"]]);
  });

  it("is empty for identical banks", () => {
    expect(diffBanks(a, a)).toEqual({ skills: [], other: [], empty: true });
  });
});
