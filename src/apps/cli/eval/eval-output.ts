// Text output of `skillops eval`: the record per case and per category for the terminal, and the
// job summary for GitHub Actions.
import type { CaseResult, EvalRecord } from "../../../records/eval-record.js";
import type { RateWithInterval } from "../../../records/rate-with-interval.js";
import { colours, type CliIo } from "../context.js";
import { firstFailedItem } from "./eval-verdict.js";
import { percent } from "../../../vocabulary/percent.js";

export function printText(io: CliIo, record: EvalRecord): void {
  const c = colours(io);
  const ci = (r: RateWithInterval) => `[${percent(r.low)}, ${percent(r.high)}]`;
  io.stdout(`pass@${record.k} over ${record.total.n} case(s), n=${record.n} runs each\n`);
  for (const x of record.cases) {
    const mark = x.passAtK === 1 ? c.green("pass") : x.passAtK === 0 ? c.red("fail") : c.yellow("part");
    io.stdout(
      `  ${mark} ${x.category}/${x.id}  pass@k ${x.passAtK.toFixed(3)}  ${x.successes}/${x.runs} runs  tokens ${x.tokens.input.toFixed(0)} in | ${x.tokens.output.toFixed(0)} out\n`,
    );
    if (x.passAtK < 1) io.stdout(whyFailing(x));
  }
  for (const [cat, r] of Object.entries(record.perCategory))
    io.stdout(`${cat}: ${percent(r.rate)} ${ci(r)} (${r.n} cases)\n`);
  io.stdout(
    `${c.bold("total")}: ${percent(record.total.rate)} ${ci(record.total)} (${record.total.n} cases)\n`,
  );
  const dollars = record.cost.dollars !== undefined ? `, $${record.cost.dollars.toFixed(4)}` : "";
  io.stdout(
    `cost per case: ${record.cost.input.toFixed(1)} in | ${record.cost.output.toFixed(1)} out | ${record.cost.cached.toFixed(1)} cached tokens${dollars}\n`,
  );
  const e = record.executions;
  io.stdout(
    `executions: ${e.run} run, ${e.savedByCache} from cache, ${e.savedByEarlyStop} saved by early stop (naive: ${e.naive})${e.transientFailures ? `, ${e.transientFailures} transient failures` : ""}\n`,
  );
}

/** Why a case is not passing: the first run that did not execute (its error and stderr tail in
 * full), else the first failed rubric item and its reason. Indented under the case's line. */
export function whyFailing(x: CaseResult): string {
  const indent = (t: string) =>
    t
      .split("\n")
      .map((l) => `      ${l}`)
      .join("\n");
  const crashed = x.runDetails.find((r) => r.error !== undefined);
  if (crashed) return `    run ${crashed.runIndex} did not execute:\n${indent(crashed.error!.trimEnd())}\n`;
  const refused = x.runDetails.find((r) => r.refusal !== undefined);
  if (refused)
    return `    run ${refused.runIndex}: the agent refused:\n${indent(refused.refusal!.trimEnd())}\n`;
  const item = firstFailedItem(x);
  if (!item) return "";
  const reason = item.reason.trimEnd();
  return `    first failed rubric item: ${item.type}${item.failure ? ` (${item.failure})` : ""}${reason.includes("\n") ? `:\n${indent(reason)}` : `: ${reason}`}\n`;
}

/** The job summary in Actions: per-category rates with intervals, cost and executions. */
export function summaryMarkdown(record: EvalRecord, bank: string, cases: string): string {
  const rows = Object.entries(record.perCategory).map(
    ([cat, r]) => `| ${cat} | ${percent(r.rate)} | ${percent(r.low)}–${percent(r.high)} | ${r.n} |`,
  );
  const e = record.executions;
  return [
    `### skillops eval: \`${bank}\` on \`${cases}\``,
    "",
    `| category | pass@${record.k} | 95% interval | cases |`,
    "|---|---|---|---|",
    ...rows,
    `| **total** | **${percent(record.total.rate)}** | ${percent(record.total.low)}–${percent(record.total.high)} | ${record.total.n} |`,
    "",
    `Cost per case: ${record.cost.input.toFixed(0)} input | ${record.cost.output.toFixed(0)} output tokens. Executions: ${e.run} run, ${e.savedByCache} from the cache, ${e.savedByEarlyStop} saved by early stop (naive ${e.naive}).`,
    "",
  ].join("\n");
}
