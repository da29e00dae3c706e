// `sim new --bank` on a team's own bank (issue 43): the world lays made-up rules into copies of the
// bank's skills, which an evolve then proposes as edits of them; so it is refused, saying why and
// writing nothing, unless --force says the bank is a scratch copy or the user means it.
import { describe, expect, it } from "vitest";
import { parseWorld } from "../../src/sim/world.js";
import { runCli } from "../cli/run-cli.js";
import { REPO_ROOT } from "../support/repo-root.js";

describe("skillops sim new --bank", () => {
  it("is refused without --force: exit 2, nothing on stdout, the reason on stderr", async () => {
    const r = await runCli(["sim", "new", "--seed", "7", "--bank", "skill-bank", "--rules", "6"], REPO_ROOT);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(
      "error: --bank skill-bank: sim new lays 6 made-up rules (simulated policy sentences, not your policy) into copies of these skills",
    );
    expect(r.stderr).toContain("with --git or --github such a run would commit them to your bank");
    expect(r.stderr).toContain("run again with --force");
  });

  it("writes the world over the bank with --force", async () => {
    const r = await runCli(
      ["sim", "new", "--seed", "7", "--bank", "skill-bank", "--rules", "6", "--force"],
      REPO_ROOT,
    );
    expect([r.code, r.stderr]).toEqual([0, ""]);
    const world = parseWorld(r.stdout);
    expect(world.rules).toHaveLength(6);
    expect(world.bankOrigin).toBe("skill-bank");
  });
});
