// The simulated model's identity names what decides its answers, not the bank a run deploys: a world
// and the same world after a merge (its bank replaced by a member's files, its pool grown) are the
// same model, so cache and memo keys agree and the same bank and case get the same answer.
import { describe, expect, it } from "vitest";
import { referenceAgent } from "../support/endpoint-agent.js";
import { loadBank } from "../../src/core/bank/bank.js";
import { cacheKey } from "../../src/core/evaluate/cache.js";
import type { Runner } from "../../src/core/evaluate/runner.js";
import { withSimulatedModel } from "../../src/sim/endpoint/simulated-model.js";
import { generateWorld } from "../../src/sim/generate.js";
import { mergedWorld } from "../../src/sim/merged-world.js";
import { worldBankFiles, worldInputs } from "../../src/sim/world-inputs.js";
import { WorldError, type World } from "../../src/sim/world.js";

const world = generateWorld({ seed: 90417, rules: 8, casesPerRule: 2 });
const enc = new TextEncoder();
const dec = new TextDecoder();

/** A member that added one evolution case's clause to its home skill: what a run would select. */
function memberFiles(w: World) {
  const wc = w.evolution[0]!;
  const rule = w.rules.find((r) => r.id === wc.rule)!;
  return worldBankFiles(w).map((f) =>
    f.path === `${rule.skill}/SKILL.md`
      ? { ...f, bytes: enc.encode(`${dec.decode(f.bytes)}\n- ${rule.clause}\n`) }
      : f,
  );
}

async function asked(w: World, files = memberFiles(world)) {
  const bank = loadBank(files).bank;
  return withSimulatedModel(async (model) => {
    const runner: Runner = referenceAgent(model);
    const answers = [];
    for (const wc of world.evolution.slice(0, 4)) {
      const input = { case: wc.case, skills: bank.skills, runIndex: 0, files: {} };
      const r = await runner.run(input);
      answers.push({
        key: cacheKey({ ...input, settingsKey: runner.settingsKey }),
        output: r.output,
        usage: r.usage,
      });
    }
    return { settings: runner.settingsKey, answers };
  }, w);
}

describe("the simulated model's identity", () => {
  const merged = mergedWorld(world, {
    files: memberFiles(world),
    pool: world.evolution,
    feedback: world.heldOut.slice(0, 2),
  });

  it("a merged world deploys the member's files and keeps the rest of the world", () => {
    const text = (fs: readonly { path: string; bytes: Uint8Array }[]) =>
      Object.fromEntries(fs.map((f) => [f.path, dec.decode(f.bytes)]));
    expect(text(worldInputs(merged).bank.files)).toEqual(text(memberFiles(world)));
    expect(text(worldInputs(merged).bank.files)).not.toEqual(text(worldInputs(world).bank.files));
    expect(merged.pool).toHaveLength(world.pool.length + world.evolution.length);
    expect(merged.skills).toEqual(world.skills);
  });

  it("a world and the same world after a merge give the same keys and answers for the same bank and case", async () => {
    const before = await asked(world);
    const after = await asked(merged);
    expect(after.settings).toBe(before.settings);
    expect(after.answers).toEqual(before.answers);
  });

  it("a world whose rules or parameters differ is another model", async () => {
    const other = { ...world, params: { ...world.params, pMiss: world.params.pMiss / 2 } };
    expect((await asked(other)).settings).not.toBe((await asked(world)).settings);
  });

  it("a merge that names a rule the world lacks is refused plainly", () => {
    const stray = { ...world.evolution[0]!, rule: "no-such-rule" };
    expect(() => mergedWorld(world, { files: [], pool: [stray], feedback: [] })).toThrow(
      new WorldError(`merge: case ${stray.case.id} tests rule "no-such-rule", which the world does not have`),
    );
  });
});
