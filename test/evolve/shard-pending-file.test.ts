// A shard job (`evolve --shard i/N`) evaluates from <out>/pending.json alone (pending-file.ts), so a
// pending file it cannot trust is refused with what is wrong, before anything is evaluated or written:
// one that is not JSON or not a pending measurement, one from another run than the checkpoint beside
// it, one whose bank files are not the candidate it names, and one this job's runner would read under
// other cache keys than the step job looks up. The file is checked before it is used: its size before
// a byte is read, and its digest over every field, so a `command` rubric item slipped into a case (which
// the cache keys do not cover) is refused before anything runs. The other edits re-seal the digest, as an
// attacker who knows the format would, to show the checks behind it still hold. Simulated world.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pendingDigest } from "../../src/apps/cli/evolve/pending-file.js";
import { runCli } from "../cli/run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "skillops-shard-pending-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const RUN = ["evolve", "--world", "world.yml", "--config", "skillops.yml", "--max-iterations", "1"];

beforeAll(async () => {
  const world = await runCli(["sim", "new", "--seed", "3", "--rules", "4", "--cases-per-rule", "1"], dir);
  writeFileSync(join(dir, "world.yml"), world.stdout);
  writeFileSync(join(dir, "skillops.yml"), "evolve:\n  seed: 3\n");
  const step = await runCli([...RUN, "--out", "step", "--shards", "2", "--nogoods", "ng"], dir);
  expect(step.code, step.stderr).toBe(3);
}, 300_000);

type Json = Record<string, unknown>;

/** A shard job on a copy of the step job's folder whose pending.json `edit` changed. */
async function shardOn(name: string, edit: (text: string) => string, after?: () => void) {
  cpSync(join(dir, "step"), join(dir, name), { recursive: true });
  const file = join(dir, name, "pending.json");
  writeFileSync(file, edit(readFileSync(file, "utf8")));
  after?.();
  const r = await runCli([...RUN, "--out", name, "--shard", "1/2", "--shard-out", `${name}-out`], dir);
  return { ...r, wrote: existsSync(join(dir, `${name}-out`)) };
}

/** An edit to the parsed file; re-sealed (its digest recomputed) unless `seal` is false. */
const editJson =
  (change: (p: Json) => void, seal = true) =>
  (text: string) => {
    const p = JSON.parse(text) as Json;
    change(p);
    if (seal) p.digest = pendingDigest(p);
    return JSON.stringify(p);
  };

describe("a shard job refuses a pending.json it cannot trust, and writes nothing", () => {
  it("evaluates its slice from an untouched one (the control)", async () => {
    const r = await shardOn("good", (t) => t);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/shard 1\/2: evaluated \d+ of the pending measurement's 4 case\(s\)/);
  }, 120_000);

  it("not JSON: exit 1", async () => {
    const r = await shardOn("not-json", (t) => t.slice(0, t.length / 2));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/pending\.json is not JSON .*nothing was evaluated/);
    expect(r.wrote).toBe(false);
  });

  it("not a pending measurement (a field missing, as from an older version): exit 1, naming the field", async () => {
    const r = await shardOn(
      "no-cases",
      editJson((p) => delete p.cases),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/pending\.json is not a pending measurement: cases: /);
    expect(r.wrote).toBe(false);
  });

  it("from another run than the checkpoint beside it: exit 2", async () => {
    const r = await shardOn(
      "other-run",
      editJson((p) => (p.runId = "another-run")),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/pending\.json is from run another-run but continuation\.json from run /);
    expect(r.wrote).toBe(false);
  });

  it("whose bank files are not the candidate it names: exit 1", async () => {
    const r = await shardOn(
      "bank-edited",
      editJson((p) => {
        const [first] = p.bank as { text: string }[];
        first!.text += "\nOne more line.\n";
      }),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /its bank files hash to [0-9a-f]{12}, not to the candidate [0-9a-f]{12} it names/,
    );
    expect(r.wrote).toBe(false);
  });

  it("whose runner settings are not this job's: exit 1", async () => {
    const r = await shardOn(
      "other-runner",
      editJson((p) => (p.settingsKey = "another runner")),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/this job's runner settings .* are not the step job's another runner/);
    expect(r.wrote).toBe(false);
  });

  it("whose cases give other cache keys than the step job's: exit 1", async () => {
    const r = await shardOn(
      "case-edited",
      editJson((p) => {
        const [first] = p.cases as { task: { prompt: string } }[];
        first!.task.prompt += " (edited)";
      }),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/other cache keys than the ones the step job looks up/);
    expect(r.wrote).toBe(false);
  });

  it("a command rubric item added to a case, digest not re-sealed: exit 1, before anything runs", async () => {
    const r = await shardOn(
      "command-added",
      editJson((p) => {
        const [first] = p.cases as { task: { rubric: unknown[] } }[];
        first!.task.rubric.push({ type: "command", run: ["sh", "-c", "touch planted"] });
      }, false),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /pending\.json: its content does not hash to the digest it names \(a case's prompt, files or rubric.*nothing was evaluated/,
    );
    expect(r.wrote).toBe(false);
    expect(existsSync(join(dir, "command-added", "planted"))).toBe(false);
  });

  it("over its 64 MiB cap: refused by its size, unread, naming the file, its size and the cap", async () => {
    const file = join(dir, "huge", "pending.json");
    // Grown sparse to 300 MiB: zeros after the JSON, so only the size check can name the cap.
    const r = await shardOn(
      "huge",
      (t) => t,
      () => truncateSync(file, 300 * 1024 * 1024),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `${file} is 300.0 MiB, over the 64.0 MiB cap for a pending measurement; it was not read and nothing was evaluated`,
    );
    expect(r.wrote).toBe(false);
    rmSync(file);
  });
});
