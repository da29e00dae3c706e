// Which files a member's commit deletes (member-deletions.ts): only what its run removed from the
// starting bank and nobody changed on the default branch since.
import { describe, expect, it } from "vitest";
import type { BankFile } from "../../src/core/bank/skill.js";
import { memberDeletions } from "../../src/core/github/member-deletions.js";

const f = (path: string, text: string): BankFile => ({ path, bytes: new TextEncoder().encode(text) });

describe("memberDeletions", () => {
  const start = [
    f("a/SKILL.md", "a"),
    f("a/scripts/t.py", "t"),
    f("b/scripts/u.sh", "u"),
    f("bank.yml", "m"),
  ];
  it("deletes a removed file the default branch still holds unchanged, keeps one a person edited", () => {
    const base = [
      f("a/SKILL.md", "a"),
      f("a/scripts/t.py", "t"),
      f("b/scripts/u.sh", "u2"),
      f("bank.yml", "m"),
    ];
    expect(memberDeletions(start, base, [f("a/SKILL.md", "a2")])).toEqual({
      deleted: ["a/scripts/t.py"],
      kept: ["b/scripts/u.sh"],
    });
  });
  it("deletes nothing the member still has, nothing already gone, and never bank.yml", () => {
    const base = [f("a/SKILL.md", "a"), f("bank.yml", "m")];
    expect(memberDeletions(start, base, [f("a/SKILL.md", "a")])).toEqual({ deleted: [], kept: [] });
    expect(memberDeletions(start, start, start)).toEqual({ deleted: [], kept: [] });
  });
});
