// `evolve.gateTest` end to end: a bad value is refused with a message naming the key and the values,
// the default run is FRAMES Eq. 2 exactly as an explicit `floor` (and records no gateTest), and
// `paired` reaches the gate, whose reasons then carry the bound it decided on.
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Config } from "../../src/core/config/config.js";
import { RunRecord } from "../../src/records/run-record.js";
import { runCli } from "../cli/run-cli.js";

/** Each run in its own folder: nogoods a run learns are kept beside the bank and read by the next. */
async function evolveWith(world: string, config: string | undefined, out: string) {
  const dir = await mkdtemp(join(tmpdir(), `skillops-gatetest-${out}-`));
  await writeFile(join(dir, "world.yml"), world);
  if (config !== undefined) await writeFile(join(dir, `${out}.yml`), config);
  const r = await runCli(
    [
      "evolve",
      "--world",
      "world.yml",
      "--out",
      out,
      "--max-iterations",
      "3",
      ...(config !== undefined ? ["--config", `${out}.yml`] : []),
    ],
    dir,
  );
  return { ...r, dir };
}

async function recordOf(run: Promise<{ code: number; dir: string }>, out: string): Promise<RunRecord> {
  const r = await run;
  expect(r.code).toBe(0);
  return RunRecord.parse(JSON.parse(await readFile(join(r.dir, out, "run-record.json"), "utf8")));
}

const decisions = (r: RunRecord) =>
  JSON.stringify({
    it: r.iterations.map((i) => [
      i.child?.candidate,
      i.gate.admitted,
      i.gate.reasons.map((x) => x.ok),
      i.entered,
    ]),
    frontier: r.frontier.map((m) => m.candidate),
    selected: r.selected,
  });

describe("evolve.gateTest", () => {
  it("refuses an unknown value with the key, the allowed values and what it got", () => {
    const r = Config.safeParse({ evolve: { gateTest: "pairs" } });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(["evolve", "gateTest"]);
    expect(r.error!.issues[0]!.message).toBe(
      'evolve.gateTest must be "floor" (FRAMES Eq. 2, the default) or "paired" (the paired gate), got "pairs"',
    );
    expect(Config.parse({ evolve: { gateTest: "paired" } }).evolve.gateTest).toBe("paired");
    expect(Config.parse({}).evolve.gateTest).toBeUndefined();
  });

  it("the CLI exits non-zero on a bad value, and the default equals `floor` while `paired` is recorded", async () => {
    const world = (await runCli(["sim", "new", "--seed", "7", "--rules", "12"], tmpdir())).stdout;
    const bad = await evolveWith(world, "evolve:\n  gateTest: pairs\n", "bad");
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('evolve.gateTest must be "floor"');

    const byDefault = await recordOf(evolveWith(world, undefined, "default"), "default");
    const floor = await recordOf(evolveWith(world, "evolve:\n  gateTest: floor\n", "floor"), "floor");
    const paired = await recordOf(evolveWith(world, "evolve:\n  gateTest: paired\n", "paired"), "paired");
    expect(byDefault.config.gateTest).toBeUndefined();
    expect(decisions(byDefault)).toBe(decisions(floor));
    expect(paired.config.gateTest).toBe("paired");
    const measured = (r: RunRecord) => r.iterations.flatMap((i) => i.gate.reasons).filter((x) => !x.early);
    expect(measured(byDefault).length).toBeGreaterThan(0);
    // Every complete reason carries the paired comparison; only the paired gate records its bound.
    expect(measured(byDefault).every((x) => x.paired !== undefined && x.paired.upper === undefined)).toBe(
      true,
    );
    expect(measured(paired).every((x) => typeof x.paired?.upper === "number")).toBe(true);
  });
});
