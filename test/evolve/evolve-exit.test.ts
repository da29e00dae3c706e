// `skillops evolve` exit status when roles fail, over HTTP against the OpenAI double: a role that
// failed on every call is exit 1 naming it; one that failed on some calls is a warning, exit 0.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { RunRecord } from "../../src/records/run-record.js";
import type { DoubleReply, RecordedRequest } from "../support/openai-double.js";
import { runCli } from "../cli/run-cli.js";
import { double, evolveIn, model, prepare, type Body } from "./openai-refund-world.js";

afterEach(async () => double?.close());

const roleOf = (req: RecordedRequest) => (req.body as Body).response_format?.json_schema?.name;
const refused: DoubleReply = {
  status: 400,
  json: { error: { message: "model overloaded", type: "invalid_request_error" } },
};

describe("skillops evolve exit status", () => {
  it("exits 1 when every diagnoser call failed, naming the role, the count and the first failure", async () => {
    const dir = await prepare("", (req) => (roleOf(req) === "diagnoser_proposal" ? refused : model(req)));
    const r = await evolveIn(dir, ["--git"]);
    expect(r.code).toBe(1);
    const record = RunRecord.parse(JSON.parse(r.stdout));
    const calls = record.iterations.flatMap((it) => it.proposals).length;
    expect(calls).toBeGreaterThan(0);
    expect(r.stderr).toContain(`error: every diagnoser call failed (${calls} of ${calls}): `);
    expect(r.stderr).toMatch(/model overloaded/);
    expect(r.stderr).toMatch(/nothing committed or published/);
  });

  it("exits 1 when every rewriter call failed", async () => {
    const dir = await prepare("", (req) => (roleOf(req) === "skill_rewrite" ? refused : model(req)));
    const r = await evolveIn(dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: every rewriter call failed \((\d+) of \1\): .*model overloaded/m);
  });

  it("a diagnoser that failed on some calls only is a warning: exit 0, the iterations ran", async () => {
    let diagnoses = 0;
    const dir = await prepare("", (req) =>
      roleOf(req) === "diagnoser_proposal" && diagnoses++ === 0 ? refused : model(req),
    );
    const r = await evolveIn(dir);
    expect(r.code).toBe(0);
    const record = RunRecord.parse(JSON.parse(r.stdout));
    const calls = record.iterations.flatMap((it) => it.proposals).length;
    expect(calls).toBeGreaterThan(1);
    expect(r.stderr).toContain(`warning: 1 of ${calls} diagnoser calls failed; first: `);
    expect(r.stderr).not.toMatch(/^error:/m);
  });

  it("exits 1 when no iteration could run (the budget went on the baseline); --max-iterations 0 is not that", async () => {
    const dir = await mkdtemp(join(tmpdir(), "skillops-evolve-exit-"));
    await writeFile(join(dir, "world.yml"), (await runCli(["sim", "new", "--seed", "2"], dir)).stdout);
    const spent = await runCli(["evolve", "--world", "world.yml", "--out", "a", "--budget-tokens", "1"], dir);
    expect(spent.code).toBe(1);
    expect(spent.stderr).toMatch(/^error: no iteration could run \(the run's token budget was spent/m);
    const none = await runCli(["evolve", "--world", "world.yml", "--out", "b", "--max-iterations", "0"], dir);
    expect(none.stderr).not.toMatch(/^error/m);
    expect(none.code).toBe(0);
  });
});
