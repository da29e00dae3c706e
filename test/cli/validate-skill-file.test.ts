// `skillops validate` on folders without a SKILL.md: "a skill is a directory containing, at minimum,
// a SKILL.md file" (Agent Skills spec). A folder with none, and a folder with only a lowercase
// skill.md, are errors in both modes — the same code whether the folder is named directly, its
// file is named, or it sits inside a bank.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "./run-cli.js";

const scratch = mkdtempSync(join(tmpdir(), "skillops-validate-file-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function put(path: string, text: string): void {
  mkdirSync(join(scratch, path, ".."), { recursive: true });
  writeFileSync(join(scratch, path), text);
}

const skill = (name: string) => `---\nname: ${name}\ndescription: Does ${name} things.\n---\nBody.\n`;
put("lower-bank/good/SKILL.md", skill("good"));
put("lower-bank/lower/skill.md", skill("lower"));
put("notes-only/notes.txt", "not a skill\n");
mkdirSync(join(scratch, "empty"));
put("with-folder/good/SKILL.md", skill("good"));
put("with-folder/plain/README.md", "no skill here\n");

describe("skillops validate: the SKILL.md file", () => {
  it.each(["lower-bank", "lower-bank/lower", "lower-bank/lower/skill.md"])(
    "a lowercase skill.md is error SKILL_MD_LOWERCASE when %s is named (strict and lenient)",
    async (path) => {
      for (const mode of ["--strict", "--lenient"]) {
        const r = await runCli(["validate", path, mode], scratch);
        expect(r.code).toBe(1);
        expect(r.stdout).toContain(
          "lower-bank/lower/skill.md:0: error SKILL_MD_LOWERCASE the skill file must be named SKILL.md",
        );
        expect(r.stdout).not.toMatch(/BANK_SKILL_AT_ROOT/);
      }
    },
  );

  it.each(["empty", "notes-only"])(
    "a folder with no SKILL.md at all (%s) is error SKILL_MD_MISSING, exit 1 with --strict and --lenient",
    async (path) => {
      for (const mode of ["--strict", "--lenient"]) {
        const r = await runCli(["validate", path, mode, "--json"], scratch);
        expect(r.code).toBe(1);
        const out = JSON.parse(r.stdout) as { ok: boolean; diagnostics: { file: string; code: string }[] };
        expect(out.ok).toBe(false);
        expect(out.diagnostics.filter((d) => d.code === "SKILL_MD_MISSING").map((d) => d.file)).toEqual([
          path,
        ]);
      }
    },
  );

  it("a folder without SKILL.md inside a bank is SKILL_MD_MISSING on that folder only", async () => {
    const r = await runCli(["validate", "with-folder"], scratch);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("with-folder/plain:0: error SKILL_MD_MISSING folder plain/ has no SKILL.md");
    expect(r.stdout).toMatch(/with-folder: failed: 1 skill\(s\), 1 error\(s\)/);
    const good = await runCli(["validate", "with-folder/good"], scratch);
    expect(good.code).toBe(0);
  });
});
