// A sharded run with a real model's client (`--model openai`, against the local OpenAI double): the
// step job hands the baseline to two shard jobs, which evaluate it from pending.json with the
// configured runner and send the model only the agent's requests (and the judge's, if a rubric had
// one): no role request at all. The next step job measures from the merged shard caches and goes on.
import { describe, afterEach, expect, it } from "vitest";
import { runCli } from "../cli/run-cli.js";
import { double, evolveIn, prepare, type Body } from "./openai-refund-world.js";

afterEach(async () => double?.close());

const roleOf = (body: unknown) => (body as Body).response_format?.json_schema?.name ?? "agent";

describe("skillops evolve --shard with --model openai", () => {
  it("the shard jobs ask the model only the agent's questions, and the run measures from their caches", async () => {
    const dir = await prepare();
    const step = await evolveIn(dir, ["--shards", "2", "--max-iterations", "1"]);
    expect(step.code, step.stderr).toBe(3);
    const before = double!.requests.length;
    for (const i of [1, 2]) {
      const shard = await evolveIn(dir, ["--shard", `${i}/2`, "--shard-out", `s${i}`]);
      expect(shard.code, shard.stderr).toBe(0);
      expect(shard.stderr).toMatch(
        new RegExp(`shard ${i}/2: evaluated \\d+ of the pending measurement's \\d+ case`),
      );
    }
    const asked = double!.requests.slice(before).map((r) => roleOf(r.body));
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked)).toEqual(new Set(["agent"]));

    const merged = await runCli(["cache", "merge", "s1", "s2", "--into", "out/shard-cache"], dir);
    expect(merged.code, merged.stderr).toBe(0);
    const runId = JSON.parse(step.stdout) as { runId: string };
    const rest = await evolveIn(dir, ["--shards", "2", "--max-iterations", "1", "--continue", runId.runId]);
    // The baseline now comes from the shards' caches; iteration 1's child is the next measurement
    // not at hand, so it is handed to the shards in its turn.
    expect(rest.code, rest.stderr).toBe(3);
    expect(rest.stderr).toMatch(/baseline E₀/);
    expect(rest.stderr).toMatch(/part 2: a measurement of \d+ case\(s\) waits for 2 shard jobs/);
  });
});
