// `skillops evolve` reads the regression pool through its index: a case file is parsed in full only
// when it is sampled (or chosen as an anchor). What the index scan itself cannot read still refuses
// the run up front; a case whose other fields are invalid stops the run only if it is sampled.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { RunRecord } from "../../src/records/run-record.js";
import { double, evolveIn, prepare } from "./openai-refund-world.js";

afterEach(async () => double?.close());

/** A case the index scan reads (plain id, category, skills) but the schema refuses: rubric type "fuzzy". */
const badBody = (id: string, skill: string) =>
  `id: ${id}\ncategory: general\ndiagnosis: d\ntask:\n  prompt: p\n  rubric:\n    - type: fuzzy\n      value: x\nskills:\n  - ${skill}\nprovenance:\n  channel: manual\n  created: "2026-11-30T00:00:00Z"\n`;

describe("skillops evolve over a lazily read pool", () => {
  it("completes when an invalid case file is never sampled, and caches the index", async () => {
    const dir = await prepare();
    // One pool case per child (half of the two evolution cases), drawn from the edited skill's
    // cases first: ok-1 (refunds; no anchors, which are never sampled). The shipping case is never drawn.
    await writeFile(join(dir, "pool/general/bad-ship.yml"), badBody("bad-ship", "shipping"));
    const { code, stdout, stderr } = await evolveIn(dir, ["--anchors", "0"]);
    expect(stderr).not.toMatch(/^error/m);
    expect(code).toBe(0);
    const record = RunRecord.parse(JSON.parse(stdout));
    const sampled = record.iterations.flatMap((it) => it.child?.sample ?? []);
    expect(sampled).toContain("ok-1");
    expect(sampled).not.toContain("bad-ship");
    const cache = await readFile(join(dir, ".skillops-cache/pool-index.tsv"), "utf8");
    expect(
      cache
        .split("\n")
        .filter((l) => l.startsWith("general/"))
        .map((l) => l.split("\t")[0]),
    ).toEqual(["general/bad-ship.yml", "general/ok-1.yml"]);
  });

  it("stops with the file named when an invalid case file is sampled", async () => {
    const dir = await prepare();
    await writeFile(join(dir, "pool/general/ok-1.yml"), badBody("ok-1", "refunds"));
    const { code, stderr } = await evolveIn(dir);
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /regression pool: 1 sampled case file\(s\) invalid, first: general\/ok-1\.yml:7: .*fuzzy.*run skillops validate/,
    );
  });

  it("refuses up front, as before, a pool file the index cannot read", async () => {
    const dir = await prepare();
    await writeFile(join(dir, "pool/general/broken.yml"), "id: broken\ncategory: [general\n");
    const { code, stderr } = await evolveIn(dir);
    expect(code).toBe(1);
    expect(stderr).toMatch(/--pool pool: 1 invalid case file\(s\), first: general\/broken\.yml:3:/);
    expect(double!.requests).toEqual([]); // refused before any model call
  });

  it("never samples a draft pool case, and says it skipped it", async () => {
    const dir = await prepare();
    const ok = await readFile(join(dir, "pool/general/ok-1.yml"), "utf8");
    await writeFile(
      join(dir, "pool/general/ok-1.yml"),
      ok.replace("  channel: manual\n", "  channel: manual\n  draft: true\n"),
    );
    const { code, stdout, stderr } = await evolveIn(dir);
    expect(code).toBe(0);
    expect(stderr).toMatch(
      /--pool pool: skipped 1 draft case\(s\) not yet accepted by a maintainer \(ok-1\)/,
    );
    const record = RunRecord.parse(JSON.parse(stdout));
    expect(record.iterations.flatMap((it) => it.child?.sample ?? [])).toEqual([]);
  });
});
