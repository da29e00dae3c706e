// The model-call memo on the production path: the reference agent, the real `openai` client and the
// simulated endpoint over HTTP. A run repeated with the same request stream makes no model call; a
// child whose run never loads the edited skill pays nothing and answers as its parent did; a failed
// call is never stored.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import type { Skill } from "../../src/core/bank/skill.js";
import type { Case } from "../../src/records/case.js";
import { createMemoryMemo, type ModelMemoStore } from "../../src/core/evaluate/model-memo.js";
import { createReferenceRunner } from "../../src/io/runners/reference.js";
import { generateWorld } from "../../src/sim/generate.js";
import { worldBank } from "../../src/sim/world-inputs.js";
import { connect, type Connected } from "../sim/endpoint-support.js";
import { TEST_CONTAINMENT } from "../support/containment.js";

let c: Connected | undefined;
afterEach(async () => c?.endpoint.close());

const world = generateWorld({ seed: 31, rules: 4 });
const skills = worldBank(world).skills;
const cases = world.evolution.map((w) => w.case);

function runnerOf(conn: Connected, memo: ModelMemoStore | undefined) {
  return createReferenceRunner({
    containment: TEST_CONTAINMENT,
    model: conn.model,
    modelSettings: conn.model.settingsKey("agent"),
    maxTurns: 4,
    scriptTimeoutMs: 1000,
    maxOutputBytes: 10_000,
    ...(memo ? { memo } : {}),
  });
}

const filesOf = (k: Case) => Object.fromEntries(k.task.files.map((f) => [f.path, f.content ?? ""]));
const agentCalls = (conn: Connected) => conn.endpoint.requests.filter((r) => r.role === "agent").length;
const withEditedBody = (s: Skill): Skill => ({
  ...s,
  body: `${s.body}\n\nAlways restate the task first.`,
  source: `${s.source}\n\nAlways restate the task first.`,
});

describe("model-call memo", () => {
  it("a repeated run is served from the memo: no model call, same answer, its usage reported as reused", async () => {
    c = await connect(world);
    const memo = createMemoryMemo();
    const runner = runnerOf(c, memo);
    const input = { case: cases[0]!, skills, runIndex: 1, files: filesOf(cases[0]!) };
    const first = await runner.run(input);
    const calls = agentCalls(c);
    expect(calls).toBeGreaterThan(0);
    expect(first.reused).toBeUndefined();
    const again = await runner.run(input);
    expect(agentCalls(c)).toBe(calls);
    expect(again.output).toEqual(first.output);
    expect(again.usage).toEqual(first.usage);
    expect(again.reused).toEqual(first.usage);
    // Another run index is another sample: it is asked of the model.
    await runner.run({ ...input, runIndex: 2 });
    expect(agentCalls(c)).toBeGreaterThan(calls);
  });

  it("never stores a failed call: after a 500 the same run asks the model again", async () => {
    c = await connect(world);
    const memo = createMemoryMemo();
    const runner = runnerOf(c, memo);
    c.endpoint.misbehave({ role: "agent", times: 1, kind: "500" });
    const input = { case: cases[1]!, skills, runIndex: 0, files: filesOf(cases[1]!) };
    const failed = await runner.run(input);
    expect(failed.error).toMatch(/agent model call failed \(server\)/);
    expect(memo.size()).toBe(0);
    const ok = await runner.run(input);
    expect(ok.error).toBeUndefined();
    expect(ok.reused).toBeUndefined();
    expect(memo.size()).toBeGreaterThan(0);
  });

  it("property: a child with one skill edited pays nothing for runs that never load it, and answers identically", async () => {
    c = await connect(world);
    const conn = c;
    let unloaded = 0;
    let loadedEdited = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: cases.length - 1 }),
        fc.nat({ max: skills.length - 1 }),
        fc.nat({ max: 2 }),
        async (ci, si, runIndex) => {
          const memo = createMemoryMemo();
          const runner = runnerOf(conn, memo);
          const k = cases[ci]!;
          const edited = skills[si]!.name;
          const child = skills.map((s) => (s.name === edited ? withEditedBody(s) : s));
          const parent = await runner.run({ case: k, skills, runIndex, files: filesOf(k) });
          const before = agentCalls(conn);
          const run = await runner.run({ case: k, skills: child, runIndex, files: filesOf(k) });
          const touched = run.trace.some((e) => e.type === "skill-loaded" && e.skill === edited);
          if (touched) {
            loadedEdited++;
            expect(agentCalls(conn)).toBeGreaterThan(before);
          } else {
            unloaded++;
            expect(agentCalls(conn)).toBe(before);
            expect(run.reused).toEqual(run.usage);
            expect(run.output).toEqual(parent.output);
            expect(run.trace).toEqual(parent.trace);
          }
        },
      ),
      { numRuns: 24, seed: 17 },
    );
    // Both branches were exercised, so the property is not vacuous.
    expect(unloaded).toBeGreaterThan(0);
    expect(loadedEdited).toBeGreaterThan(0);
  });
});
