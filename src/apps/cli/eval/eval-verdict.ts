// The exit status of `skillops eval`, from the record alone (pure): a run that failed to execute
// (the agent crashed, timed out, broke its contract, or the endpoint failed) makes the numbers
// meaningless, so it is a failure even when the pass rate looks fine; a failing rubric is a result.
// `--fail-under RATE` adds a threshold on the total pass rate.
import type { CaseResult, EvalRecord, ExecutionRecord, ItemVerdict } from "../../../records/eval-record.js";
import { percent } from "../../../vocabulary/percent.js";

export interface ExecutionFailure {
  case: string;
  runIndex: number;
  error: string;
}

export interface EvalVerdict {
  exitCode: 0 | 1;
  /** One plain sentence per reason for exit 1, for stderr. */
  problems: string[];
}

/** Every run, over every case, that produced no answer to score. */
export function executionFailures(record: EvalRecord): ExecutionFailure[] {
  return record.cases.flatMap((c) =>
    c.runDetails
      .filter((r): r is ExecutionRecord & { error: string } => r.error !== undefined)
      .map((r) => ({ case: `${c.category}/${c.id}`, runIndex: r.runIndex, error: r.error })),
  );
}

/** The first rubric item that failed in any run of the case, if a run got as far as scoring. */
export function firstFailedItem(c: CaseResult): ItemVerdict | undefined {
  for (const r of c.runDetails) {
    const item = r.items.find((i) => !i.pass);
    if (item) return item;
  }
  return undefined;
}

/** The error's first line; the stderr tail it announces is printed with the case. */
const firstLine = (error: string) => error.split("\n")[0]!.replace(/; stderr tail:$/, "");

export function evalVerdict(record: EvalRecord, failUnder?: number): EvalVerdict {
  const problems: string[] = [];
  const failed = executionFailures(record);
  const runs = record.cases.reduce((n, c) => n + c.runs, 0);
  if (failed.length > 0) {
    const first = failed[0]!;
    problems.push(
      `${failed.length} of ${runs} run(s) failed to execute (agent error, crash or timeout); first, ${first.case} run ${first.runIndex}: ${firstLine(first.error)}`,
    );
  }
  if (failUnder !== undefined && record.total.rate < failUnder)
    problems.push(
      `total pass rate ${percent(record.total.rate)} is under --fail-under ${percent(failUnder)}`,
    );
  return { exitCode: problems.length > 0 ? 1 : 0, problems };
}
