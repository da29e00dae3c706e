// Text output of `skillops evolve`: the frontier as a table (progress: evolve-progress.ts). Every
// figure of a simulated run carries the word "simulated".
import type { CacheReuse } from "../../../records/cache-reuse.js";
import type { MemberMetrics, RunRecord } from "../../../records/run-record.js";
import { colours, type CliIo } from "../context.js";
import { kernelLines } from "../eval/kernel-lines.js";
import { shortCandidateId } from "../../../records/candidate-id.js";
import { percent } from "../../../vocabulary/percent.js";

/** Beyond this many, the model warnings on stderr end with a count (the record keeps them all). */
const MAX_WARNING_LINES = 10;

/** The model client's warnings (misreported usage charged as an estimate), one stderr line each. */
export function printModelWarnings(io: CliIo, warnings: readonly string[] | undefined): void {
  const all = warnings ?? [];
  const c = colours(io);
  for (const w of all.slice(0, MAX_WARNING_LINES)) io.stderr(`${c.yellow("warning")}: ${w}\n`);
  if (all.length > MAX_WARNING_LINES)
    io.stderr(
      `${c.yellow("warning")}: … and ${all.length - MAX_WARNING_LINES} more like these (all are in the record's "warnings")\n`,
    );
}

export function printSummary(io: CliIo, r: RunRecord, out: string): void {
  const c = colours(io);
  const sim = r.simulated ? " (simulated)" : "";
  io.stdout(
    `\nstopped: ${r.stop.reason} after iteration ${r.stop.afterIteration}${r.stop.note ? ` — ${r.stop.note}` : ""}\n`,
  );
  if (r.ungated?.length)
    for (const u of r.ungated)
      io.stdout(`${c.yellow("warning")}: category ${u.category} is not gated: ${u.reason}\n`);
  const cats = r.categories;
  const header = ["member", "point", `pass rate${sim}`, "95% CI", ...cats, "tokens in | out", "resolved", ""];
  const rows = [...frontierRows(r), ...heldOutRows(r, sim)];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((x, i) => x.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  io.stdout(`${c.bold(line(header))}\n${rows.map(line).join("\n")}\n`);
  for (const l of kernelLines(r)) io.stdout(`${l}\n`);
  printTotals(io, r, sim, out);
}

type Metrics = Pick<MemberMetrics, "total" | "cost" | "costEstimate">;

/** pass rate, its interval, per-category rates, tokens: the cells every row shares. */
function metricCells(m: Metrics, perCategory: string[]): string[] {
  return [
    percent(m.total.rate),
    `[${percent(m.total.low)}, ${percent(m.total.high)}]`,
    ...perCategory,
    `${m.costEstimate ? "≈" : ""}${m.cost.input.toFixed(0)} | ${m.cost.output.toFixed(0)}`,
  ];
}

function categoryRates(cats: readonly string[], perCategory: MemberMetrics["perCategory"]): string[] {
  return cats.map((x) => (perCategory[x] ? percent(perCategory[x]!.rate) : "-"));
}

/** The baseline E₀, then every member with its operating point, R* count and the P* mark. */
function frontierRows(r: RunRecord): string[][] {
  const cats = r.categories;
  const baselineRates = cats.map((x) =>
    r.baseline.perCategory[x] === undefined ? "-" : percent(r.baseline.perCategory[x]!),
  );
  return [
    ["baseline", "-", ...metricCells(r.baseline, baselineRates), "", ""],
    ...r.frontier.map((m) => [
      `${shortCandidateId(m.candidate)}${m.born === 0 ? " (E₀)" : ""}`,
      m.operatingPoint,
      ...metricCells(m, categoryRates(cats, m.perCategory)),
      `${m.resolved.length}/${r.cases.length}`,
      m.selected ? "P*" : "",
    ]),
  ];
}

/** Simulated worlds only: the same figures on the held-out cases the loop never saw. */
function heldOutRows(r: RunRecord, sim: string): string[][] {
  if (!r.heldOut) return [];
  const cats = r.categories;
  const { baseline, members } = r.heldOut;
  return [
    [`held-out${sim}`, "", "", "", ...cats.map(() => ""), "", "", ""],
    ["baseline", "-", ...metricCells(baseline, categoryRates(cats, baseline.perCategory)), "", ""],
    ...members.map((m) => [
      shortCandidateId(m.candidate),
      "",
      ...metricCells(m, categoryRates(cats, m.perCategory)),
      "",
      "",
    ]),
  ];
}

/** Whether the run started warm, and why the rest ran (run-record.md "executions.reuse"). */
export function warmLine(r: CacheReuse, sim = ""): string {
  const ran = Object.entries(r.ran).map(([why, n]) => `${why} ${n}`);
  return `warm start${sim}: ${r.warm} from an earlier run's cache, ${r.repeated} repeated in this run; ran: ${ran.length ? ran.join(", ") : "none"}`;
}

function printTotals(io: CliIo, r: RunRecord, sim: string, out: string): void {
  const e = r.executions;
  io.stdout(
    `agent executions${sim}: ${e.run} run; saved ${e.savedByCache} by the cache, ${e.savedByEarlyStop} by early stop, ${e.savedBySequentialRejection} by sequential rejection; naive ${e.naive}\n`,
  );
  if (e.reuse) io.stdout(`${warmLine(e.reuse, sim)}\n`);
  const evolve = ["diagnoser", "consolidator", "rewriter"].reduce(
    (s, k) => s + (r.tokens[k]?.input ?? 0) + (r.tokens[k]?.output ?? 0),
    0,
  );
  const judge = (r.tokens.judge?.input ?? 0) + (r.tokens.judge?.output ?? 0);
  io.stdout(
    `tokens${sim}: agent ${((r.tokens.agent?.input ?? 0) + (r.tokens.agent?.output ?? 0)).toLocaleString("en-US")}, ${judge > 0 ? `judge ${judge.toLocaleString("en-US")} (scoring, not in the frontier's cost), ` : ""}evolve ${evolve.toLocaleString("en-US")}\n`,
  );
  if (r.baseline.costEstimate || r.frontier.some((m) => m.costEstimate))
    io.stdout(
      `≈ tokens: estimated from the runs early stop executed (95% intervals in the run record's costEstimate; without --no-exact-cost they are all run)\n`,
    );
  const calls = Object.entries(r.tokens).filter(([, t]) => t.calls !== undefined);
  if (calls.length > 0)
    io.stdout(
      `model calls${sim}: ${calls.map(([role, t]) => `${role} ${t.calls!.toLocaleString("en-US")}`).join(", ")}\n`,
    );
  io.stdout(
    `wrote ${out}/run-record.json and ${r.frontier.length} frontier bank(s) under ${out}/frontier/\n`,
  );
}
