// The trace-based checks' view of a measured child (Check 9, Check 5's high-pass skip): its own runs,
// the skills this iteration changed, and which cases each edit was for.
import type { RunTrace, TraceInput } from "../audit/run-traces.js";
import type { CaseResult } from "../../records/eval-record.js";
import { casesBehind } from "./provenance.js";
import type { Iteration } from "../../records/run-record.js";

export function runTraces(results: readonly CaseResult[]): RunTrace[] {
  return results.flatMap((r) =>
    r.runDetails.map((d) => ({
      caseId: r.id,
      skillsLoaded: d.skillsLoaded,
      scriptsRun: d.scriptsRun ?? [],
      passed: d.pass,
    })),
  );
}

export function childTraces(
  record: Iteration,
  changed: readonly string[],
  results: readonly CaseResult[],
): TraceInput {
  const motivatedBy = Object.fromEntries(changed.map((s) => [s, casesBehind(record.proposals, s)]));
  return { runs: runTraces(results), changed, motivatedBy };
}
