// Run records for the report tests: one produced by the real engine on a seeded simulated world,
// and one built by hand through the schema (a non-simulated run with hostile text in it).
import { EvolveConfig } from "../../src/core/config/config.js";
import { RunRecord } from "../../src/records/run-record.js";
import { runConfigOf } from "../../src/core/evolve/run.js";
import { generateWorld } from "../../src/sim/generate.js";
import { runSimulatedEvolution } from "../support/sim-roles/run.js";

export async function simulatedRecord(): Promise<RunRecord> {
  const world = generateWorld({ seed: 3, rules: 9 });
  const result = await runSimulatedEvolution(
    world,
    // Estimated costs (exactCost off), so the report's ≈ marks and intervals have something to show.
    { ...runConfigOf(EvolveConfig.parse({ maxIterations: 4, exactCost: false })), bootstrap: 300 },
    { now: () => new Date("2026-11-30T00:00:00Z") },
  );
  return result.record;
}

const cost = (input: number, output: number) => ({ input, output, cached: 0 });
const rate = (r: number, n: number) => ({
  rate: r,
  low: Math.max(0, r - 0.2),
  high: Math.min(1, r + 0.15),
  n,
});
const A = "a".repeat(64);
const B = "b".repeat(64);
const C = "c".repeat(64);

export function handBuiltRecord(): RunRecord {
  const measured = {
    passRate: 0.7,
    perCategory: { general: 0.8, refunds: 0.5 },
    cost: cost(900, 80),
    cases: 10,
    complete: true,
  };
  const vote = {
    mode: "section" as const,
    threshold: 0.4,
    kept: [{ skill: "refunds", votes: 2 }],
    dropped: [],
  };
  return RunRecord.parse({
    version: 1,
    simulated: false,
    runId: "run-<b>2026</b>",
    startedAt: "2026-11-30T01:00:00Z",
    finishedAt: "2026-11-30T01:20:00Z",
    inputs: { bank: A, cases: B, pool: C },
    config: runConfigOf(EvolveConfig.parse({})),
    categories: ["general", "refunds"],
    scope: { skills: ["refunds"], relevance: [{ skill: "refunds", score: 3.2 }] },
    cases: ["c1", "c2"],
    baseline: {
      candidate: A,
      total: { rate: 0.5, low: 0.3, high: 0.7, n: 10 },
      perCategory: { general: 0.6, refunds: 0.4 },
      perCategoryDetail: { general: rate(0.6, 5), refunds: rate(0.4, 5) },
      cost: cost(800, 70),
      floors: { general: 0.57, refunds: 0.38 },
    },
    iterations: [
      {
        t: 1,
        parent: A,
        batches: 1,
        proposals: [],
        vote,
        plan: [],
        rewrites: [],
        child: { candidate: B, measured, sample: [] },
        gate: {
          admitted: true,
          reasons: [
            { category: "general", observed: 0.8, floor: 0.57, ok: true },
            { category: "refunds", observed: 0.5, floor: 0.38, ok: true },
          ],
        },
        entered: true,
        removed: [],
        frontierAfter: [A, B],
        tokens: {},
      },
      {
        t: 2,
        parent: B,
        batches: 1,
        proposals: [],
        vote,
        plan: [],
        rewrites: [],
        child: { candidate: C, measured: { ...measured, passRate: 0.3, complete: false }, sample: [] },
        gate: {
          admitted: false,
          reasons: [{ category: "general", observed: 0.2, floor: 0.57, ok: false, early: true }],
        },
        entered: false,
        removed: [],
        frontierAfter: [A, B],
        tokens: {},
      },
    ],
    stop: { reason: "patience", afterIteration: 2 },
    frontier: [
      {
        candidate: A,
        born: 0,
        total: { rate: 0.5, low: 0.3, high: 0.7, n: 10 },
        perCategory: { general: rate(0.6, 5), refunds: rate(0.4, 5) },
        cost: cost(800, 70),
        operatingPoint: "cost",
        selected: false,
        resolved: [],
        changes: [],
        whatChanged: { skills: [], other: [] },
      },
      {
        candidate: B,
        parent: A,
        born: 1,
        total: { rate: 0.7, low: 0.5, high: 0.9, n: 10 },
        perCategory: { general: rate(0.8, 5), refunds: rate(0.6, 5) },
        cost: cost(900, 80),
        operatingPoint: "accuracy",
        selected: true,
        resolved: ["c1"],
        changes: [
          {
            skill: "refunds",
            t: 1,
            summary:
              "Says refunds need <script>alert(1)</script> the receipt | and [a link](https://evil.example) @someone",
          },
        ],
        whatChanged: {
          skills: [
            {
              skill: "refunds",
              status: "modified",
              lines: { added: 1, removed: 0 },
              frontmatter: [],
              sections: [
                {
                  heading: "Checks",
                  status: "changed",
                  lines: { added: 1, removed: 0 },
                  items: { added: 1, removed: 0 },
                  addedItems: ["Confirm the booking reference before any change."],
                  removedItems: [],
                },
              ],
              reordered: false,
              files: [],
            },
          ],
          other: [],
        },
      },
    ],
    selected: B,
    executions: { run: 40, savedByCache: 5, savedByEarlyStop: 7, savedBySequentialRejection: 3, naive: 55 },
    tokens: { agent: cost(36000, 3000), diagnoser: cost(5000, 900) },
  });
}
