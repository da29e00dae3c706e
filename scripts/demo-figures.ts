// docs/demo.md's figures block, from the full demo's own printed lines: the ones that do not depend
// on the machine (counts, rates and candidates of the simulated run; never times, ports or memory).
// The demo is deterministic (a fixed seed, a fixed clock, the simulated world), so the block is the
// same on every machine; test/cli/demo-what-changed.test.ts compares it after its full run.
import type { DemoResult } from "../demo/run-demo.js";

export const DEMO_FIGURES = { page: "docs/demo.md", name: "demo-figures" } as const;

/** Printed lines kept, by how they start; the frontier's member lines follow their heading. */
const KEPT =
  /^(world:|baseline E0|gate floors|stopped:|agent executions|the choice \(simulated\):|frontier \(simulated\):| {2}\S+ +(cost|balanced|accuracy)|model requests by role|converted by|\d+ GitHub requests)/;

export function renderDemoFigures(result: Pick<DemoResult, "steps">): string {
  const lines = result.steps.flatMap((s) => s.lines);
  const iterations = lines.filter((l) => /^iteration \d+:/.test(l)).length;
  const kept = lines.filter((l) => KEPT.test(l));
  return [
    "What the full demo (`npm run demo`) prints, all of it simulated, on any machine (a fixed seed, a",
    `fixed clock, the simulated world); the run had ${iterations} iterations:`,
    "",
    "```text",
    ...kept,
    "```",
    "",
  ].join("\n");
}
