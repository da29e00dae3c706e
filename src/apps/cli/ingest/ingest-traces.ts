// skillops ingest --traces FILE [--format auto|otel|claude-code|skillops] [--out CASES_DIR] [--accept] [--model sim|openai]
// The trajectory channel (docs/trajectory-channel.md): each trace, normalised from its format into
// our trace record → deterministic findings → the trajectory analyst drafts one case per failure.
// All or nothing, as with --backlog: a file not read whole drafts nothing.
import { readFile, stat } from "node:fs/promises";
import { resolve } from "node:path";
import type { Config } from "../../../core/config/config.js";
import {
  TRACE_FILE_CAPS,
  traceFileProblem,
  traceLines,
  type TraceLine,
} from "../../../core/evaluate/trace-file.js";
import {
  convertTraces,
  detectTraceFormat,
  TRACE_FORMATS,
  TraceFormat,
} from "../../../core/evaluate/trace-format.js";
import type { TraceRecord } from "../../../core/evaluate/trace-record.js";
import { analyseTraces, type TraceOutcome } from "../../../core/feedback/trajectory-cases.js";
import { quote } from "../../../core/feedback/triage.js";
import { writeCase } from "../../../io/fsio/pool-store.js";
import { isoSeconds, systemClock } from "../../../vocabulary/clock.js";
import { joinKinds } from "../../../vocabulary/redact-secrets.js";
import { withChannelModel } from "./channel-model.js";
import { colours, UsageError, type CliIo } from "../context.js";
import { localMaintainer, type ChannelFlags } from "./ingest-backlog.js";
import { openTraceIssues } from "../../../core/github/trace-issues.js";
import { printTraceIssues, traceIssueRepo } from "./trace-issues.js";
import { reportChannelFailure } from "./channel-failure.js";

/** Longest trace line read (≈50k tokens), as cold start caps a policy document. */
export const TRACE_CHAR_CAP = 200_000;

/** Every trace of the file, one at a time: the event loop runs between them (a trace is ≤ 200,000 characters). */
async function readTraceLines(text: string, file: string): Promise<TraceLine[]> {
  const out: TraceLine[] = [];
  for (const t of traceLines(text, file, TRACE_CHAR_CAP)) {
    out.push(t);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return out;
}

/** The format asked for (`--format`, or the config's `traces.format`), else the one detected. */
function formatOf(text: string, file: string, asked: string | undefined): TraceFormat | { problem: string } {
  if (asked === undefined || asked === "auto") return detectTraceFormat(text, file);
  const format = TraceFormat.safeParse(asked);
  if (!format.success)
    throw new UsageError(
      `--format must be auto or one of ${TRACE_FORMATS.join(", ")} (got ${JSON.stringify(asked)})`,
    );
  return format.data;
}

/** The prompt `--prompt-from` names (a stream-json file has none): its text, trimmed; never empty. */
async function promptOf(io: CliIo, file: string, format: TraceFormat): Promise<string> {
  if (format !== "claude-code")
    throw new UsageError(
      `--prompt-from gives the prompt of a Claude Code stream-json file; the traces are ${format}`,
    );
  const text = await readFile(resolve(io.cwd, file), "utf8").catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(`--prompt-from ${file}: cannot read it (${e.code ?? e.message})`);
  });
  if (text.trim() === "") throw new UsageError(`--prompt-from ${file}: the prompt file is empty`);
  if (text.length > TRACE_CHAR_CAP)
    throw new UsageError(
      `--prompt-from ${file}: the prompt is ${text.length.toLocaleString("en-US")} characters; skillops reads at most ${TRACE_CHAR_CAP.toLocaleString("en-US")}`,
    );
  return text.trim();
}

/** Every trace of the file in its format, normalised into our records; or every problem. */
async function readRecords(
  text: string,
  file: string,
  format: TraceFormat,
  prompt?: string,
): Promise<{ records: { record: TraceRecord; line: number }[] } | { problems: string[] }> {
  if (format !== "skillops") {
    const got = convertTraces(text, file, format, TRACE_CHAR_CAP, prompt);
    return got.ok ? { records: got.traces } : { problems: got.problems };
  }
  const read = await readTraceLines(text, file);
  const problems = read.flatMap((t) => ("problem" in t ? [t.problem] : []));
  if (problems.length) return { problems };
  return { records: read.flatMap((t) => ("record" in t ? [{ record: t.record, line: t.line }] : [])) };
}

function printOutcomes(io: CliIo, outcomes: readonly TraceOutcome[]): void {
  const c = colours(io);
  for (const o of outcomes) {
    const head = `line ${o.line}\t${o.trace} run ${o.run}`;
    if (o.kind === "failed") io.stdout(`${head}\t${c.red("failed")}: ${o.reason}\n`);
    else if (o.kind === "skipped") io.stdout(`${head}\t${c.dim("skipped")}: ${o.reason}\n`);
    else if (o.cases.length === 0) io.stdout(`${head}\t${c.dim("no failure found")}\n`);
    else io.stdout(`${head}\t${o.cases.map((k) => k.id).join(", ")}\n`);
    const redacted = o.kind === "cases" ? joinKinds(...o.cases.map((k) => k.provenance.redacted)) : [];
    if (redacted.length) io.stdout(`\t🔒 secrets redacted from this trace: ${redacted.join(", ")}\n`);
    if (o.kind === "cases" && o.injection)
      io.stdout(
        `\t🛡️ the analyst reports text that reads as instructions to a model: ${quote(o.injection, 200)}\n`,
      );
  }
}

function checkTraceFlags(flags: ChannelFlags): void {
  if (flags.knowledge) throw new UsageError("--knowledge goes with --backlog; traces become cases only");
  if (flags.issues && (flags.accept || flags.out))
    throw new UsageError("--issues opens feedback issues, accepted on GitHub: leave out --accept and --out");
}

/** The file's text, or why it is not read at all: too large even if every character took 4 bytes. */
async function readTraces(io: CliIo, file: string): Promise<string | { problem: string }> {
  const path = resolve(io.cwd, file);
  const size = (await stat(path).catch(() => undefined))?.size ?? 0;
  if (size > 4 * TRACE_FILE_CAPS.maxChars)
    return {
      problem: `${file}: the traces file is ${size.toLocaleString("en-US")} bytes; skillops reads at most ${TRACE_FILE_CAPS.maxChars.toLocaleString("en-US")} characters (split it)`,
    };
  return readFile(path, "utf8").catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(`--traces ${file}: cannot read it (${e.code ?? e.message})`);
  });
}

export async function runIngestTraces(
  io: CliIo,
  file: string,
  flags: ChannelFlags,
  config: Config,
  json: boolean,
  asked: { format?: string | undefined; promptFrom?: string | undefined } = {},
): Promise<number> {
  checkTraceFlags(flags);
  const issues = flags.issues ? traceIssueRepo(io) : undefined;
  const fail = (problems: string[], outcomes?: TraceOutcome[]) =>
    reportChannelFailure(io, json, problems, outcomes);
  const text = await readTraces(io, file);
  if (typeof text !== "string") return fail([text.problem]);
  const format = formatOf(text, file, asked.format);
  if (typeof format !== "string") return fail([format.problem]);
  const prompt = asked.promptFrom === undefined ? undefined : await promptOf(io, asked.promptFrom, format);
  const over = traceFileProblem(text, file, format === "skillops");
  if (over) return fail([over]);
  const read = await readRecords(text, file, format, prompt);
  if ("problems" in read) return fail(read.problems);
  const { records } = read;
  const acceptedBy = flags.accept ? localMaintainer(io) : undefined;
  const { outcomes, simulated } = await withChannelModel(
    io,
    flags.model,
    config,
    async (model, simulated) => ({
      simulated,
      outcomes: await analyseTraces(model, records, {
        file,
        now: isoSeconds(systemClock()),
        categories: config.categories,
        ...(acceptedBy ? { acceptedBy } : {}),
      }),
    }),
  );
  const failed = outcomes.filter((o) => o.kind === "failed");
  if (failed.length)
    return fail(
      failed.map((o) => `${file}:${o.line}: trace ${o.trace} run ${o.run}: ${o.reason}`),
      outcomes,
    );
  const out = flags.out ?? config.pool;
  const cases = outcomes.flatMap((o) => (o.kind === "cases" ? o.cases : []));
  if (issues) return printTraceIssues(io, await openTraceIssues(issues, cases), { json, simulated });
  for (const c of cases) await writeCase(resolve(io.cwd, out), c);
  const status = acceptedBy ? `accepted by ${acceptedBy}` : "drafts, not yet accepted";
  if (json)
    io.stdout(
      `${JSON.stringify({ ok: true, simulated, accepted: Boolean(acceptedBy), format, traces: records.length, cases: cases.length, out, outcomes }, null, 2)}\n`,
    );
  else {
    printOutcomes(io, outcomes);
    io.stdout(
      `${colours(io).green("ok")}: ${records.length} trace(s) (${format}), ${cases.length} case(s) to ${out}; ${status}${simulated ? " (simulated model)" : ""}\n`,
    );
  }
  return 0;
}
