import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FIXTURE_SKILLS } from "../bank/skill-sources.js";
import { corporaRoot, skipWithoutCorpus } from "../support/corpora.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli } from "./run-cli.js";

const scratch = mkdtempSync(join(tmpdir(), "skillops-cli-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function makeBank(name: string, skills: Record<string, string>): string {
  const root = join(scratch, name);
  for (const [dir, src] of Object.entries(skills)) {
    mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, dir, "SKILL.md"), src);
  }
  return root;
}

describe("skillops validate", () => {
  it("the example bank validates strictly (exit 0)", async () => {
    const r = await runCli(["validate", "skill-bank"], REPO_ROOT);
    expect(r.stdout).toMatch(/skill-bank: ok: \d+ skill\(s\), 0 error\(s\)/);
    expect(r.code).toBe(0);
  });

  const CORPORA = corporaRoot();
  const noCorpus = skipWithoutCorpus("agent-skills");

  it.skipIf(noCorpus)("prints path:line: error CODE message and exits 1 on the corpus", async () => {
    const r = await runCli(["validate", join(CORPORA, "agent-skills")], REPO_ROOT);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      `${join(CORPORA, "agent-skills/claude-api/SKILL.md")}:3: error SKILL_DESCRIPTION_TOO_LONG description is 1068 characters; the limit is 1024\n`,
    );
    expect(r.stdout).toContain(
      `${join(CORPORA, "agent-skills/template/SKILL.md")}:2: error SKILL_NAME_MISMATCH`,
    );
  });

  it.skipIf(noCorpus)(
    "accepts a skill folder and a SKILL.md path, relative to the working directory (corpus)",
    async () => {
      const ok = await runCli(["validate", "agent-skills/mcp-builder"], CORPORA);
      expect(ok.code).toBe(0);
      const bad = await runCli(["validate", "agent-skills/claude-api/SKILL.md"], CORPORA);
      expect(bad.code).toBe(1);
      expect(bad.stdout).toContain("agent-skills/claude-api/SKILL.md:3: error SKILL_DESCRIPTION_TOO_LONG");
    },
  );

  it("prints path:line: error CODE message and exits 1 on our fixtures", async () => {
    const r = await runCli(["validate", FIXTURE_SKILLS], REPO_ROOT);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      `${join(FIXTURE_SKILLS, "long-description/SKILL.md")}:3: error SKILL_DESCRIPTION_TOO_LONG description is 1044 characters; the limit is 1024\n`,
    );
    expect(r.stdout).toContain(`${join(FIXTURE_SKILLS, "misnamed/SKILL.md")}:2: error SKILL_NAME_MISMATCH`);
  });

  it("accepts a skill folder and a SKILL.md path, relative to the working directory (fixtures)", async () => {
    const fixtures = dirname(FIXTURE_SKILLS);
    const ok = await runCli(["validate", "skills/with-resources"], fixtures);
    expect(ok.code).toBe(0);
    const bad = await runCli(["validate", "skills/long-description/SKILL.md"], fixtures);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain("skills/long-description/SKILL.md:3: error SKILL_DESCRIPTION_TOO_LONG");
  });

  it("--strict (default) vs --lenient for unknown keys", async () => {
    const root = makeBank("modes", { a: "---\nname: a\ndescription: d\nmodel: opus\n---\n" });
    const strict = await runCli(["validate", root], scratch);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain(`${join(root, "a/SKILL.md")}:4: error SKILL_UNKNOWN_KEY`);
    const lenient = await runCli(["validate", root, "--lenient"], scratch);
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toContain(":4: warning SKILL_UNKNOWN_KEY");
  });

  it("--json before or after the command prints one JSON document", async () => {
    const root = makeBank("json", {
      a: "---\nname: a\ndescription: d\nmetadata:\n  refs: b\n---\n",
      b: "---\nname: b\ndescription: d\n---\n",
    });
    for (const argv of [
      ["validate", root, "--json"],
      ["--json", "validate", root],
    ]) {
      const r = await runCli(argv, scratch);
      expect(r.code).toBe(0);
      const doc = JSON.parse(r.stdout) as {
        ok: boolean;
        skills: { name: string }[];
        candidate: string;
        diagnostics: unknown[];
      };
      expect(doc.ok).toBe(true);
      expect(doc.skills.map((s) => s.name)).toEqual(["a", "b"]);
      expect(doc.candidate).toMatch(/^[0-9a-f]{8}$/);
    }
  });

  it("a skill folder resolves refs against its sibling skills", async () => {
    const root = makeBank("siblings", {
      a: "---\nname: a\ndescription: d\nmetadata:\n  refs: b, nope\n---\n",
      b: "---\nname: b\ndescription: d\n---\n",
    });
    const r = await runCli(["validate", join(root, "a")], scratch);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("SKILL_REF_UNKNOWN metadata.refs names 'nope'");
    expect(r.stdout).not.toContain("names 'b'");
  });

  it("usage errors exit 2 with a message", async () => {
    const both = await runCli(["validate", "skill-bank", "--strict", "--lenient"], REPO_ROOT);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("--strict and --lenient cannot be used together");
    const missing = await runCli(["validate", "no-such-folder"], REPO_ROOT);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no-such-folder: no such file or folder");
    const notSkill = await runCli(["validate", "package.json"], REPO_ROOT);
    expect(notSkill.code).toBe(2);
    expect(notSkill.stderr).toContain(
      "package.json: expected a bank folder, a skill folder or a SKILL.md file",
    );
    const unknown = await runCli(["validate", "--frobnicate"], REPO_ROOT);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown option '--frobnicate'");
    const cmd = await runCli(["frobnicate"], REPO_ROOT);
    expect(cmd.code).toBe(2);
  });

  it("--help exits 0 and shows examples", async () => {
    const r = await runCli(["--help"], REPO_ROOT);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Examples:");
    expect(r.stdout).toContain("validate");
  });
});
