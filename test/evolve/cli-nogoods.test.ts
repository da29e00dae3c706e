// `skillops evolve --nogoods DIR`: a run writes the nogoods it learned as one file each, the next run
// reads them (its simulated diagnosers heed them, so it makes another child where the first run's was
// refused; the veto itself is tested in nogood-loop.test.ts), and a broken nogood file is refused by name.
import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Nogood } from "../../src/records/nogood.js";
import { RunRecord } from "../../src/records/run-record.js";
import { runCli } from "../cli/run-cli.js";

// Localisation off: these seeds were chosen for diagnosers without it (localisation is tested on its own).
const KNOBS = ["--max-iterations", "3", "--epsilon", "0", "--patience", "8", "--no-localisation"];
const STORE = ["--nogoods", ".skillops/nogoods"];
// A world whose first iteration refuses its child (a nogood to learn) and whose next run then tries
// another; which worlds do depends on every prompt the agent is shown (3 since it is shown every
// skill the bank exposes; 10 when it saw the scope in bank order, issue 45; 3 before that).
const SIM_SEED = "3";

describe("skillops evolve and nogoods in git", () => {
  it("writes learned nogoods to .skillops/nogoods/<id>.json, and the next run reads them and avoids them", async () => {
    const dir = await mkdtemp(join(tmpdir(), "skillops-nogoods-"));
    const sim = await runCli(["sim", "new", "--seed", SIM_SEED, "--rules", "12"], dir);
    await writeFile(join(dir, "world.yml"), sim.stdout);
    const first = await runCli(
      ["evolve", "--world", "world.yml", "--out", "a", "--json", ...STORE, ...KNOBS],
      dir,
    );
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(
      /new nogood\(s\) written to \.skillops\/nogoods\/: commit them with the bank/,
    );
    const files = (await readdir(join(dir, ".skillops", "nogoods"))).sort();
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const n = Nogood.parse(JSON.parse(await readFile(join(dir, ".skillops", "nogoods", f), "utf8")));
      expect(f).toBe(`${n.id}.json`);
    }
    const second = await runCli(
      ["evolve", "--world", "world.yml", "--out", "b", "--json", ...STORE, ...KNOBS],
      dir,
    );
    expect(second.code).toBe(0);
    const record = RunRecord.parse(JSON.parse(second.stdout));
    expect(record.nogoods?.loaded).toBe(files.length);
    expect(second.stderr).toContain(`read ${files.length} nogood(s) from .skillops/nogoods/`);
    const before = RunRecord.parse(JSON.parse(first.stdout)).iterations[0]!;
    expect(before.nogoods?.created).toBeDefined(); // the first run's first child was refused
    const after = record.iterations[0]!;
    expect(after.nogoods?.vetoedBy).toBeUndefined();
    expect(after.child?.candidate).toBeDefined();
    expect(after.child!.candidate).not.toBe(before.child!.candidate);
    expect(record.nogoods?.vetoes).toBe(0);
  }, 120_000);

  it("refuses a nogood file whose id does not match its edits, naming the file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "skillops-nogoods-"));
    const sim = await runCli(["sim", "new", "--seed", SIM_SEED, "--rules", "12"], dir);
    await writeFile(join(dir, "world.yml"), sim.stdout);
    await runCli(["evolve", "--world", "world.yml", "--out", "a", ...STORE, ...KNOBS], dir);
    const store = join(dir, ".skillops", "nogoods");
    const [name] = await readdir(store);
    const n = JSON.parse(await readFile(join(store, name!), "utf8"));
    n.edits[0].section = "tampered";
    await writeFile(join(store, name!), JSON.stringify(n));
    const r = await runCli(["evolve", "--world", "world.yml", "--out", "b", ...STORE, ...KNOBS], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error: nogood ${join(store, name!)}: its id does not match its edits`);
    await writeFile(join(store, name!), "{");
    const bad = await runCli(["evolve", "--world", "world.yml", "--out", "b", ...STORE, ...KNOBS], dir);
    expect(bad.stderr).toMatch(/error: nogood .*: not JSON/);
  }, 120_000);
});

describe("skillops nogoods reject", () => {
  it("writes one nogood per section edit of a rolled-back candidate against its base", async () => {
    const dir = await mkdtemp(join(tmpdir(), "skillops-nogoods-"));
    const skill = (limits: string) =>
      `---\nname: refunds\ndescription: Handles refunds. Use for refund requests.\n---\n\n# Refunds\n\n## Limits\n\n${limits}\n\n## Tone\n\nBe kind.\n`;
    for (const [folder, limits] of [
      ["base", "Refund up to 100 EUR."],
      ["head", "Refund anything."],
    ] as const) {
      await mkdir(join(dir, folder, "refunds"), { recursive: true });
      await writeFile(join(dir, folder, "refunds", "SKILL.md"), skill(limits));
    }
    const r = await runCli(
      [
        "nogoods",
        "reject",
        "--base",
        "base",
        "--candidate",
        "head",
        "--origin",
        "rollback",
        "--reason",
        "#41 rolled back by #57",
      ],
      dir,
    );
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^1 nogood\(s\) from candidate [0-9a-f]{8} \(rollback\); 1 new in \.skillops\/nogoods\/\n$/,
    );
    const [name] = await readdir(join(dir, ".skillops", "nogoods"));
    const n = Nogood.parse(JSON.parse(await readFile(join(dir, ".skillops", "nogoods", name!), "utf8")));
    expect(n).toMatchObject({
      origin: "rollback",
      minimal: false,
      evidence: { reasons: ["#41 rolled back by #57"] },
    });
    expect(n.edits.map((e) => [e.skill, e.section, e.added])).toEqual([
      ["refunds", "limits", ["refund anything."]],
    ]);

    const same = await runCli(
      ["nogoods", "reject", "--base", "base", "--candidate", "base", "--origin", "rollback", "--reason", "x"],
      dir,
    );
    expect(same.code).toBe(1);
    expect(same.stderr).toBe(
      "error: --candidate base has no SKILL.md section that differs from --base base\n",
    );
    const bad = await runCli(
      ["nogoods", "reject", "--base", "base", "--candidate", "head", "--origin", "revert", "--reason", "x"],
      dir,
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--origin must be rollback or closed-pr, got "revert"');
  });
});

describe("simulated runs and nogoods", () => {
  it("keeps a simulated run's nogoods in its --out unless --nogoods says otherwise, and says what it read", async () => {
    const dir = await mkdtemp(join(tmpdir(), "skillops-nogoods-"));
    const sim = await runCli(["sim", "new", "--seed", SIM_SEED, "--rules", "12"], dir);
    await writeFile(join(dir, "world.yml"), sim.stdout);
    const first = await runCli(["evolve", "--world", "world.yml", "--out", "a", ...KNOBS], dir);
    expect(first.code).toBe(0);
    expect(first.stderr).toContain("read 0 nogood(s) from a/nogoods/");
    expect((await readdir(join(dir, "a", "nogoods"))).length).toBeGreaterThan(0);
    await expect(readdir(join(dir, ".skillops"))).rejects.toThrow(/ENOENT/);
    // Another simulated run starts clean: what one run's world taught stays in its own folder.
    const second = await runCli(["evolve", "--world", "world.yml", "--out", "b", ...KNOBS], dir);
    expect(second.stderr).toContain("read 0 nogood(s) from b/nogoods/");
  }, 120_000);
});
