// `skillops audit` end to end over real folders: exit codes, output, config severities, script parsing.
import { cp, mkdtemp, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseScripts } from "../../src/apps/cli/audit/audit-scripts.js";
import { runCli } from "../cli/run-cli.js";
import { REPO } from "./audit-fixture.js";
import { NO_SANDBOX } from "../support/containment.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "audit-cli-"));
  await cp(join(REPO, "skill-bank"), join(dir, "base"), { recursive: true });
  await cp(join(REPO, "skill-bank"), join(dir, "cand"), { recursive: true });
  await cp(join(REPO, "regression-pool"), join(dir, "pool"), { recursive: true });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function append(skill: string, text: string): Promise<void> {
  const file = join(dir, "cand", skill, "SKILL.md");
  await writeFile(file, `${await readFile(file, "utf8")}\n${text}\n`);
}

// The parse checks run interpreters found on the caller's PATH (spawned programs get only the allowlist).
const audit = (...extra: string[]) =>
  runCli(["audit", "--base", "base", "--bank", "cand", "--pool", "pool", ...extra], dir, {
    PATH: process.env.PATH ?? "",
  });

describe("skillops audit", () => {
  it("exits 0 on an unchanged bank", async () => {
    const r = await audit();
    expect(r.stdout).toBe("audit: clean: 0 error(s), 0 warning(s)\n");
    expect(r.code).toBe(0);
  });

  it("exits 1 on a pasted reservation id, grouped by skill with file:line", async () => {
    await append("find-reservation", "- Look up H8Q05L first.");
    const r = await audit();
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^find-reservation\n {2}find-reservation\/SKILL\.md:\d+: error A1 literals: id "H8Q05L" appears in case tau2-airline-46-no-insurance-refund \(task\.prompt\)/,
    );
  });

  it("prints the findings as JSON with --json", async () => {
    await append("find-reservation", "- Look up H8Q05L first.");
    const r = await audit("--json");
    const out = JSON.parse(r.stdout) as { ok: boolean; findings: Record<string, unknown>[] };
    expect(out.ok).toBe(false);
    expect(out.findings[0]).toMatchObject({
      id: "A1",
      check: "literals",
      severity: "error",
      skill: "find-reservation",
      file: "find-reservation/SKILL.md",
    });
  });

  it("takes a check's severity from the config file", async () => {
    await append("find-reservation", "- Look up H8Q05L first.");
    await writeFile(join(dir, "cfg.yml"), "audit:\n  checks:\n    literals: warning\n");
    const r = await audit("--config", "cfg.yml");
    expect(r.stdout).toContain("warning A1 literals");
    expect(r.code).toBe(0);
  });

  it("exits 2 on a missing folder, an invalid bank, invalid cases or an invalid config", async () => {
    expect((await runCli(["audit", "--base", "base", "--bank", "nowhere"], dir)).stderr).toContain(
      "--bank nowhere: no such file or folder",
    );
    await writeFile(join(dir, "cand", "compensation", "SKILL.md"), "---\ndescription: x\n---\nbody\n");
    const bad = await runCli(["audit", "--base", "base", "--bank", "cand"], dir);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining("--bank cand is not a valid bank")]);
    await mkdir(join(dir, "cases", "general"), { recursive: true });
    await writeFile(join(dir, "cases", "general", "x.yml"), "id: x\n");
    const cases = await runCli(["audit", "--base", "base", "--bank", "base", "--cases", "cases"], dir);
    expect([cases.code, cases.stderr]).toEqual([
      2,
      expect.stringContaining("--cases cases has invalid cases"),
    ]);
    await writeFile(join(dir, "cfg.yml"), "audit:\n  checks:\n    literals: loud\n");
    const cfg = await runCli(["audit", "--base", "base", "--bank", "base", "--config", "cfg.yml"], dir);
    expect([cfg.code, cfg.stderr]).toEqual([2, expect.stringContaining("audit.checks.literals")]);
    expect((await runCli(["audit", "--base", "base"], dir)).code).toBe(2);
  });

  it("errs on a script that does not parse and accepts one that does", async () => {
    await mkdir(join(dir, "cand", "checked-baggage", "scripts"), { recursive: true });
    await writeFile(join(dir, "cand", "checked-baggage", "scripts", "ok.py"), "print(1 + 1)\n");
    await writeFile(join(dir, "cand", "checked-baggage", "scripts", "bad.js"), "function (\n");
    await writeFile(join(dir, "cand", "checked-baggage", "scripts", "bad.sh"), "if then fi (\n");
    const r = await audit("--json");
    const found = (JSON.parse(r.stdout) as { findings: { file: string; evidence: string }[] }).findings;
    expect(found.map((f) => f.file)).toEqual([
      "checked-baggage/scripts/bad.js",
      "checked-baggage/scripts/bad.sh",
    ]);
    expect(found[0]!.evidence).toMatch(/^script does not parse \(node\)/);
    expect(r.code).toBe(1);
  });

  it("skips a parse check with a reason when the interpreter is absent", async () => {
    // Unsandboxed: with PATH empty of interpreters, bubblewrap itself would not be found either.
    const r = await parseScripts(dir, [{ skill: "s", file: "s/scripts/x.py" }], {
      ...NO_SANDBOX,
      parentEnv: { PATH: join(dir, "no-bin") },
    });
    expect(r).toEqual([
      expect.objectContaining({
        status: "skipped",
        interpreter: "python3",
        message: expect.stringContaining("python3 is not available"),
      }),
    ]);
  });
});
