// The checkpoint as an append-only log: folding the lines gives back every checkpoint the loop handed
// over, a later line carries only that iteration's news, a torn last line is left out, and a damaged
// line or a rewritten past is said, not guessed.
import { describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/core/config/config.js";
import { type Checkpoint, parseCheckpoint } from "../../src/core/evolve/checkpoint.js";
import {
  CheckpointLogError,
  createCheckpointLog,
  foldCheckpointLog,
} from "../../src/core/evolve/checkpoint-log.js";
import { runConfigOf, runEvolution } from "../../src/core/evolve/run.js";
import { generateWorld } from "../../src/sim/generate.js";
import { worldInputs } from "../../src/sim/world-inputs.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { createSimRoles } from "../support/sim-roles/roles.js";

/** Every checkpoint of a short simulated run, in order. */
async function checkpoints(seed: number): Promise<Checkpoint[]> {
  const world = generateWorld({ seed, rules: 12 });
  const w = worldInputs(world);
  const out: Checkpoint[] = [];
  await runEvolution(
    {
      bank: w.bank,
      cases: w.cases,
      pool: w.pool,
      categories: world.categories,
      config: { ...runConfigOf(EvolveConfig.parse({ seed, maxIterations: 5, patience: 5 })), bootstrap: 200 },
      simulated: true,
      inputs: { bank: "b", cases: "c", pool: "p", world: String(seed) },
    },
    {
      roles: createSimRoles(world),
      runner: createSimAgent(world),
      now: () => new Date("2026-11-30T00:00:00Z"),
      checkpoint: async (cp) => void out.push(structuredClone(cp)),
    },
  );
  return out;
}

describe("the checkpoint log", () => {
  it("folds back into each checkpoint, appending only what each iteration added", async () => {
    const cps = await checkpoints(5);
    expect(cps.length).toBeGreaterThan(3);
    const log = createCheckpointLog();
    let text = "";
    const seen = new Set<string>();
    cps.forEach((cp, i) => {
      const { rewrite, text: line } = log.encode(cp);
      expect(rewrite).toBe(i === 0);
      text += line;
      expect(foldCheckpointLog(text)).toEqual(parseCheckpoint(JSON.parse(JSON.stringify(cp))));
      if (i === 0) return;
      const parsed = JSON.parse(line) as { base?: unknown; iterations?: unknown[]; members?: object };
      expect(parsed.base).toBeUndefined();
      expect(parsed.iterations?.length ?? 0).toBe(
        cp.state.iterations.length - cps[i - 1]!.state.iterations.length,
      );
      // A member is written once, the first time it appears.
      for (const ref of Object.keys(parsed.members ?? {})) {
        expect(seen.has(ref)).toBe(false);
        seen.add(ref);
      }
    });
    // A kill during an append leaves a torn last line: the checkpoint before it still stands.
    const torn = `${text}${log.encode(cps.at(-1)!).text.slice(0, 40)}`;
    expect(foldCheckpointLog(torn)).toEqual(foldCheckpointLog(text));
  });

  it("writes a whole snapshot again when the past it appended to has changed", async () => {
    const cps = await checkpoints(7);
    const log = createCheckpointLog();
    log.encode(cps[1]!);
    const changed = structuredClone(cps[2]!);
    changed.state.iterations[0]!.note = "rewritten";
    const again = log.encode(changed);
    expect(again.rewrite).toBe(true);
    expect(foldCheckpointLog(again.text).state.iterations[0]!.note).toBe("rewritten");
  });

  it("refuses a damaged line and a log that does not start with a snapshot", async () => {
    const cps = await checkpoints(5);
    const log = createCheckpointLog();
    const first = log.encode(cps[0]!).text;
    const second = log.encode(cps[1]!).text;
    expect(() => foldCheckpointLog(`${first}{ half a li\n${second}`)).toThrow(CheckpointLogError);
    expect(() => foldCheckpointLog(`${first}{ half a li\n${second}`)).toThrow(/^line 2: /);
    expect(() => foldCheckpointLog(second)).toThrow(/line 1 is not a snapshot/);
    expect(() => foldCheckpointLog("{ half a fi")).toThrow(/no complete line/);
  });
});
