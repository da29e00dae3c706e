// `skillops validate` resolves `metadata.policy` back-links against the policy files they name
// (relative to the working folder): a heading the readable file lacks is an error; a file that
// cannot be read is not checked. The example bank's links name tau2-airline/policy.md, and the
// in-repo examples/policy/airline.md has the same headings, so it stands in for that file here.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli } from "./run-cli.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "skillops-validate-links-"));
  await cp(join(REPO_ROOT, "skill-bank"), join(dir, "bank"), { recursive: true });
  await mkdir(join(dir, "tau2-airline"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const policy = () => readFile(join(REPO_ROOT, "examples/policy/airline.md"), "utf8");

describe("validate checks metadata.policy back-links", () => {
  it("every back-link resolves: ok", async () => {
    await writeFile(join(dir, "tau2-airline/policy.md"), await policy());
    const r = await runCli(["validate", "bank"], dir);
    expect(r.stdout).toContain("bank: ok: 7 skill(s), 0 error(s)");
    expect(r.code).toBe(0);
  });

  it("a heading the file no longer has: an error on each skill linking it, exit 1", async () => {
    const text = (await policy()).replace("## Cancel flight", "## Cancellations");
    await writeFile(join(dir, "tau2-airline/policy.md"), text);
    const r = await runCli(["validate", "bank"], dir);
    expect(r.code).toBe(1);
    const errors = r.stdout.split("\n").filter((l) => l.includes("SKILL_POLICY_ANCHOR"));
    expect(errors.map((l) => l.split(":")[0])).toEqual([
      "bank/cancel-reservation/SKILL.md",
      "bank/find-reservation/SKILL.md",
    ]);
    expect(errors[0]).toContain(
      "metadata.policy tau2-airline/policy.md#cancel-flight: tau2-airline/policy.md has no heading with the anchor #cancel-flight",
    );
    const one = await runCli(["validate", "bank/cancel-reservation"], dir);
    expect(one.code).toBe(1);
    expect(one.stdout).toMatch(/^bank\/cancel-reservation\/SKILL\.md:6: error SKILL_POLICY_ANCHOR/m);
  });

  it("a policy file that is not there is not checked (a fresh clone without the corpus)", async () => {
    const r = await runCli(["validate", "bank"], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("SKILL_POLICY_ANCHOR");
  });
});
