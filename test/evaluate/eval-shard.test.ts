// `skillops eval --shard i/N` and `skillops cache merge`: shards split the cases by a hash of the id
// (disjoint, covering, stable), their caches merge by union so a later whole evaluation is all cache
// hits, a conflicting key is refused with nothing written, and a bad shard spec is a usage error.
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EvalRecord } from "../../src/records/eval-record.js";
import { createDiskCache } from "../../src/io/cache/cache-store.js";
import { inShard, parseShard, shardOf } from "../../src/core/evaluate/shard.js";
import { runCli } from "../cli/run-cli.js";

// Passes when the case id ends in an even digit; 100 input and 10 output tokens a run.
const AGENT = String.raw`
import { readFileSync } from "node:fs";
const input = JSON.parse(readFileSync(0, "utf8"));
const even = Number(input.case.id.slice(-1)) % 2 === 0;
console.log(JSON.stringify({ output: { answer: even ? "ok" : "no" }, usage: { input_tokens: 100, output_tokens: 10 } }));
`;
const IDS = Array.from({ length: 9 }, (_, i) => `c${i}`);

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "skillops-eval-shard-"));
  await mkdir(join(root, "bank/helper"), { recursive: true });
  await writeFile(
    join(root, "bank/helper/SKILL.md"),
    "---\nname: helper\ndescription: Helps.\n---\nSay ok.\n",
  );
  await writeFile(join(root, "agent.mjs"), AGENT);
  await mkdir(join(root, "cases/general"), { recursive: true });
  for (const id of IDS)
    await writeFile(
      join(root, "cases/general", `${id}.yml`),
      `id: ${id}\ncategory: general\ndiagnosis: answer ok\ntask:\n  prompt: "Answer ${id}."\n  rubric:\n    - type: contains\n      path: $.answer\n      value: ok\nprovenance:\n  channel: manual\n  created: "2026-11-30T00:00:00Z"\n`,
    );
});
afterAll(async () => rm(root, { recursive: true, force: true }));

const evalArgs = (...more: string[]) => [
  ...["eval", "--bank", "bank", "--cases", "cases", "--runner", "command"],
  ...[
    "--agent-cmd",
    `'${process.execPath}' agent.mjs`,
    "--n",
    "2",
    "--k",
    "1",
    "--json",
    "--bootstrap",
    "200",
  ],
  ...more,
];

describe("shards of the cases", () => {
  it("are disjoint and cover every case", () => {
    for (const n of [1, 2, 3, 7]) {
      const owners = IDS.map((id) =>
        [1, 2, 3, 4, 5, 6, 7].filter((i) => i <= n && inShard(id, { index: i, count: n })),
      );
      expect(owners.every((o) => o.length === 1)).toBe(true);
    }
  });

  it("refuse a spec that is not i/N with 1 ≤ i ≤ N", () => {
    expect(parseShard(" 2 / 4 ")).toEqual({ index: 2, count: 4 });
    expect(() => parseShard("5/4")).toThrow(/i must be between 1 and N \(4\)/);
    expect(() => parseShard("0/4")).toThrow(/numbered from 1/);
    expect(() => parseShard("a/b")).toThrow(/must be i\/N/);
    expect(() => parseShard("1/0")).toThrow(/N must be at least 1/);
  });
});

describe("skillops eval --shard and cache merge", () => {
  it("evaluate the cases between them, and their merged cache serves the whole evaluation", async () => {
    const seen: string[] = [];
    for (const i of [1, 2, 3]) {
      const r = await runCli(evalArgs("--shard", `${i}/3`, "--cache-dir", `s${i}`), root);
      expect(r.code, r.stderr).toBe(0);
      const mine = IDS.filter((id) => shardOf(id, 3) === i);
      expect(r.stderr).toContain(`shard ${i}/3: ${mine.length} of 9 case(s)`);
      const cases = r.stdout ? EvalRecord.parse(JSON.parse(r.stdout)).cases.map((c) => c.id) : [];
      expect(cases.sort()).toEqual(mine);
      seen.push(...cases);
    }
    expect(seen.sort()).toEqual(IDS);
    const merged = await runCli(["cache", "merge", "s1", "s2", "s3", "--into", "all"], root);
    expect(merged.code, merged.stderr).toBe(0);
    const whole = await runCli(evalArgs("--cache-dir", "all"), root);
    const record = EvalRecord.parse(JSON.parse(whole.stdout));
    expect(record.executions.run).toBe(0);
    expect(record.executions.savedByCache).toBe(18);
  }, 120_000);

  it("refuses keys held with different values, and writes nothing", async () => {
    const key = "a".repeat(64);
    const run = (answer: string) => ({
      output: { answer },
      trace: [],
      usage: { input: 1, output: 1, cached: 0 },
    });
    await createDiskCache(join(root, "x")).put(key, run("ok"));
    await createDiskCache(join(root, "y")).put(key, run("no"));
    const r = await runCli(["cache", "merge", "x", "y", "--into", "xy"], root);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /1 conflicting key\(s\), nothing merged: key aaaaaaaaaaaaaaaa… in \.: .*x and .*y differ/,
    );
    await expect(readdir(join(root, "xy"))).rejects.toThrow(/ENOENT/);
  });

  it("are usage errors for a bad shard, a missing source or no --into", async () => {
    for (const spec of ["5/4", "0/4", "a/b"]) {
      const r = await runCli(evalArgs("--shard", spec), root);
      expect([r.code, r.stdout]).toEqual([2, ""]);
      expect(r.stderr).toMatch(/^error: --shard/);
    }
    expect((await runCli(["cache", "merge", "nowhere", "--into", "z"], root)).code).toBe(2);
    expect((await runCli(["cache", "merge", "x"], root)).code).toBe(2);
  });
});
