// `skillops sim new --kind`: each world kind is written, and a kind the generator does not know, a
// kind combined with --bank, or a deceptive world with too few rules is refused with the reason. Simulated.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { World } from "../../src/sim/world.js";
import { runCli } from "../cli/run-cli.js";

describe("skillops sim new --kind", () => {
  it("writes a world of the kind asked for", async () => {
    const dir = await mkdtemp(join(tmpdir(), "skillops-sim-kind-"));
    const out = await runCli(["sim", "new", "--seed", "5", "--kind", "deceptive", "--json"], dir);
    expect(out.code).toBe(0);
    const world = World.parse(JSON.parse(out.stdout));
    expect(world.worldKind).toBe("deceptive");
    expect(world.traps?.length).toBeGreaterThan(0);
  });

  it.each([
    [
      ["--kind", "hard"],
      /--kind must be one of default, deceptive, sparse-faults, defective-tools, over-budget, valley, harmful-text, got "hard"/,
    ],
    [["--kind", "over-budget", "--bank", "."], /--kind over-budget generates its own bank/],
    [["--kind", "deceptive", "--rules", "6"], /--kind deceptive: .*five rules or more/],
    [["--kind", "valley", "--rules", "6"], /--kind valley: .*five rules or more/],
  ])("refuses %j", async (args, message) => {
    const dir = await mkdtemp(join(tmpdir(), "skillops-sim-kind-"));
    const out = await runCli(["sim", "new", "--seed", "5", ...args], dir);
    expect(out.code).not.toBe(0);
    expect(out.stderr).toMatch(message);
  });
});
