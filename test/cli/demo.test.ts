import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../bank/corpus.js";
import { runCli } from "./run-cli.js";

const scratch = mkdtempSync(join(tmpdir(), "skillops-demo-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("skillops demo (initial: validate and summarise the example bank)", () => {
  it("summarises ./skill-bank and counts the regression pool", async () => {
    const r = await runCli(["demo", "--json"], REPO_ROOT);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as { skills: { name: string }[]; errors: number; candidate: string; pool: { cases: number } | null };
    expect(doc.errors).toBe(0);
    expect(doc.skills.length).toBeGreaterThan(0);
    expect(doc.candidate).toMatch(/^[0-9a-f]{8}$/);
    expect(doc.pool?.cases).toBeGreaterThan(0);
  });

  it("exits 1 and lists the problems when the bank is invalid", async () => {
    mkdirSync(join(scratch, "skill-bank/bad"), { recursive: true });
    writeFileSync(join(scratch, "skill-bank/bad/SKILL.md"), "---\nname: worse\ndescription: d\n---\n");
    const r = await runCli(["demo"], scratch);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("skill-bank/bad/SKILL.md:2: error SKILL_NAME_MISMATCH");
    expect(r.stdout).toContain("regression pool: none yet");
  });
});
