// Common random numbers on the production path (the reference agent, the real `openai` client, the
// simulated endpoint over HTTP) on a sampled-model world (`seedHonoured: false`): an identical request
// twice gets independent draws, so only the memo couples a child's run i with its parent's. With the
// memo, every paired case whose runs never loaded the edited skill differs by exactly 0; without it,
// such cases do differ, so the coupling is the memo's doing.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import type { Skill } from "../../src/core/bank/skill.js";
import type { CaseResult } from "../../src/records/eval-record.js";
import { createMemoryMemo } from "../../src/core/evaluate/model-memo.js";
import { createReferenceRunner } from "../../src/io/runners/reference.js";
import { measure } from "../../src/core/evolve/measure.js";
import { casePairs, pairedDifference } from "../../src/core/evolve/gate/paired-comparison.js";
import { generateWorld } from "../../src/sim/generate.js";
import { worldBank } from "../../src/sim/world-inputs.js";
import { connect, type Connected } from "../sim/endpoint-support.js";
import { TEST_CONTAINMENT } from "../support/containment.js";

let c: Connected | undefined;
afterEach(async () => c?.endpoint.close());

const world = generateWorld({
  seed: 41,
  rules: 4,
  params: { seedHonoured: false, pHit: { general: 0.5, hallucination: 0.5, special: 0.5 }, pMiss: 0.3 },
});
const skills = worldBank(world).skills;
const cases = world.evolution.map((w) => w.case);

const edit = (s: Skill): Skill => ({
  ...s,
  body: `${s.body}\n\nAlways restate the task first.`,
  source: `${s.source}\n\nAlways restate the task first.`,
});

async function parentAndChild(conn: Connected, memo: boolean, edited: string) {
  const runner = createReferenceRunner({
    containment: TEST_CONTAINMENT,
    model: conn.model,
    modelSettings: conn.model.settingsKey("agent"),
    maxTurns: 4,
    scriptTimeoutMs: 1000,
    maxOutputBytes: 10_000,
    ...(memo ? { memo: createMemoryMemo() } : {}),
  });
  const on = async (ss: readonly Skill[]) =>
    (await measure({ skills: ss, cases, categories: world.categories, runner, n: 3, k: 1, earlyStop: false }))
      .results;
  const parent = await on(skills);
  const child = await on(skills.map((s) => (s.name === edited ? edit(s) : s)));
  return { parent, child };
}

const untouched = (r: CaseResult, edited: string) =>
  r.runDetails.every((d) => !d.skillsLoaded.includes(edited));

describe("paired differences under common random numbers", () => {
  it("property: with the memo, cases whose runs never loaded the edited skill differ by exactly 0", async () => {
    c = await connect(world);
    const conn = c;
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: skills.length - 1 }), async (si) => {
        const edited = skills[si]!.name;
        const { parent, child } = await parentAndChild(conn, true, edited);
        for (const category of world.categories) {
          const byId = new Map(child.map((r) => [r.id, r]));
          const pairs = casePairs(child, parent, category, 1);
          expect(pairs.length).toBe(cases.filter((k) => k.category === category).length);
          for (const p of pairs.filter((q) => untouched(byId.get(q.id)!, edited))) {
            checked++;
            expect(p.child - p.baseline).toBe(0);
            expect(p.identical).toBe(true);
          }
        }
      }),
      { numRuns: 6, seed: 5 },
    );
    expect(checked).toBeGreaterThan(0);
  });

  it("without the memo the same untouched cases are independent draws, and the paired interval is wider", async () => {
    c = await connect(world);
    const edited = skills[0]!.name;
    const off = await parentAndChild(c, false, edited);
    const on = await parentAndChild(c, true, edited);
    const diffsOf = (r: { parent: CaseResult[]; child: CaseResult[] }) =>
      world.categories.flatMap((cat) => casePairs(r.child, r.parent, cat, 1));
    const byId = new Map(off.child.map((r) => [r.id, r]));
    const offUntouched = diffsOf(off).filter((p) => untouched(byId.get(p.id)!, edited));
    expect(offUntouched.some((p) => p.child !== p.baseline)).toBe(true);
    const width = (r: typeof off) => {
      const d = pairedDifference(diffsOf(r), { seed: 1, B: 2000 });
      return d.hi - d.lo;
    };
    expect(width(on)).toBeLessThan(width(off));
  });

  it("a sampled world reproduces across endpoints: the same calls in the same order give the same draws", async () => {
    c = await connect(world);
    const first = await parentAndChild(c, false, skills[1]!.name);
    await c.endpoint.close();
    c = await connect(world);
    const again = await parentAndChild(c, false, skills[1]!.name);
    expect(again.child.map((r) => r.successes)).toEqual(first.child.map((r) => r.successes));
    expect(again.parent.map((r) => r.successes)).toEqual(first.parent.map((r) => r.successes));
  });
});
