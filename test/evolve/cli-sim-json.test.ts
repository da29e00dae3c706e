// `skillops sim new --json` writes the same world as JSON, and `evolve --world` reads it.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { RunRecord } from "../../src/records/run-record.js";
import { runCli } from "../cli/run-cli.js";

describe("skillops sim new --json", () => {
  it("is the YAML world as one JSON document, and evolve --world runs on it the same", async () => {
    const dir = await mkdtemp(join(tmpdir(), "skillops-sim-json-"));
    const yaml = await runCli(["sim", "new", "--seed", "5", "--rules", "6"], dir);
    for (const argv of [
      ["sim", "new", "--seed", "5", "--rules", "6", "--json"],
      ["--json", "sim", "new", "--seed", "5", "--rules", "6"],
    ]) {
      const json = await runCli(argv, dir);
      expect(json.code).toBe(0);
      expect(JSON.parse(json.stdout)).toEqual(parse(yaml.stdout));
    }
    const json = await runCli(["sim", "new", "--seed", "5", "--rules", "6", "--json"], dir);
    await writeFile(join(dir, "world.json"), json.stdout);
    await writeFile(join(dir, "world.yml"), yaml.stdout);
    const fromJson = await runCli(
      ["evolve", "--world", "world.json", "--out", "a", "--json", "--max-iterations", "2"],
      dir,
    );
    const fromYaml = await runCli(
      ["evolve", "--world", "world.yml", "--out", "b", "--json", "--max-iterations", "2"],
      dir,
    );
    expect(fromJson.code).toBe(0);
    const [a, b] = [
      RunRecord.parse(JSON.parse(fromJson.stdout)),
      RunRecord.parse(JSON.parse(fromYaml.stdout)),
    ];
    expect(a.frontier.map((m) => m.candidate)).toEqual(b.frontier.map((m) => m.candidate));
  });

  it("a bad flag is still a usage error with --json", async () => {
    const r = await runCli(["sim", "new", "--seed", "x", "--json"], tmpdir());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--seed must be an integer/);
  });
});
