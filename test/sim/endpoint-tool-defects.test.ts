// A tools world through the simulated endpoint and the real OpenAI client: the endpoint's agent runs
// a defect rule's script on the case's record (the reference agent really runs it, contained as the
// tests contain it), so the rule fails with the shipped tool and passes once the bank holds the
// patched one, as on the in-process agent. Simulated.
import { afterEach, describe, expect, it } from "vitest";
import { loadBank } from "../../src/core/bank/bank.js";
import { generateWorld } from "../../src/sim/generate.js";
import { withToolDefects } from "../../src/sim/tool-world.js";
import { worldBankFiles } from "../../src/sim/world-inputs.js";
import type { World } from "../../src/sim/world.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { createReferenceRunner } from "../../src/io/runners/reference.js";
import { TEST_CONTAINMENT } from "../support/containment.js";
import { connect, type Connected } from "./endpoint-support.js";

/** Certain outcomes: a run passes exactly when the world says its rule holds. */
const SURE = { pHit: { general: 1, hallucination: 1, special: 1 }, pMiss: 0 };
const world = withToolDefects(generateWorld({ seed: 11, params: SURE }));
const d = world.tools!.defects[0]!;
const wc = world.evolution.find((x) => d.rules.includes(x.rule))!;

/** The world's bank, with the defect's tool patched or as shipped. */
function bankOf(w: World, patched: boolean) {
  const defects = w.tools!.defects.map((x) => (x === d && patched ? { ...x, source: x.fixed } : x));
  const files = worldBankFiles({ ...w, tools: { ...w.tools!, defects } });
  return { skills: loadBank(files).bank.skills, skillFiles: files };
}

let c: Connected | undefined;
afterEach(async () => c?.endpoint.close());

describe("a tools world through the simulated endpoint", () => {
  it("the endpoint agent runs the tool on the case's record: the shipped tool fails the rule, the patched one passes it", async () => {
    expect(wc.case.task.files.map((f) => f.path)).toEqual(["record.txt"]);
    c = await connect(world);
    // A python start can take seconds on a loaded machine: the script's timeout is not what is tested.
    const endpointAgent = createReferenceRunner({
      containment: TEST_CONTAINMENT,
      model: c.model,
      modelSettings: c.model.settingsKey("agent"),
      maxTurns: 4,
      scriptTimeoutMs: 60_000,
      maxOutputBytes: 10_000,
    });
    const agents = [endpointAgent, createSimAgent(world)];
    const files = Object.fromEntries(wc.case.task.files.map((f) => [f.path, f.content ?? ""]));
    const passes = async (patched: boolean) =>
      Promise.all(
        agents.map(async (r) => {
          const out = await r.run({ case: wc.case, runIndex: 0, files, ...bankOf(world, patched) });
          return {
            pass: (out.output as { verdict: string }).verdict.startsWith("report-"),
            trace: out.trace,
          };
        }),
      );
    const shipped = await passes(false);
    expect(shipped.map((x) => x.pass)).toEqual([false, false]);
    expect(shipped[0]!.trace.some((e) => e.type === "script-ran")).toBe(true);
    expect((await passes(true)).map((x) => x.pass)).toEqual([true, true]);
  });
});
