// The trace-based checks' view of a measured child (Checks 8 and 9): its own runs, the skills this
// iteration changed, the cases it fixed against its parent, and which cases each edit was for.
import type { RunTrace, TraceInput } from "../audit/run-traces.js";
import type { CaseResult } from "../../records/eval-record.js";
import type { RunContext } from "./context.js";
import { casesBehind } from "./provenance.js";
import type { Iteration } from "../../records/run-record.js";

export function runTraces(results: readonly CaseResult[]): RunTrace[] {
  return results.flatMap((r) =>
    r.runDetails.map((d) => ({ caseId: r.id, skillsLoaded: d.skillsLoaded, scriptsRun: d.scriptsRun ?? [] })),
  );
}

export function childTraces(
  ctx: RunContext,
  record: Iteration,
  changed: readonly string[],
  results: readonly CaseResult[],
): TraceInput {
  const parent = ctx.state.frontier.find((m) => m.id === record.parent)?.results ?? [];
  const failedByParent = new Set(parent.filter((r) => r.passAtK < 1).map((r) => r.id));
  const fixed = results.filter((r) => r.passAtK >= 1 && failedByParent.has(r.id)).map((r) => r.id);
  const motivatedBy = Object.fromEntries(changed.map((s) => [s, casesBehind(record.proposals, s)]));
  return { runs: runTraces(results), changed, fixed, motivatedBy };
}
