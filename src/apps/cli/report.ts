// `skillops report RUN.json [--html FILE] [--md FILE]`: renders a run record (`skillops evolve --json`)
// as a self-contained HTML page and/or Markdown; with neither flag the Markdown goes to stdout. In
// GitHub Actions the Markdown is also appended to the job summary. Declared in report-command.ts.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { RunRecord } from "../../records/run-record.js";
import { renderReportHtml } from "../../core/report/html.js";
import { renderReportMarkdown } from "../../core/report/markdown.js";
import { appendStepSummary, UsageError, type CliContext } from "./context.js";

/** Reads and validates a run record; every way it can be wrong gets its own message. */
export async function readRunRecord(path: string): Promise<RunRecord> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") throw new UsageError(`${path}: no such file`);
    throw err;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(
      `${path}: not JSON (${(err as Error).message}); pass the output of \`skillops evolve --json\``,
      { cause: err },
    );
  }
  const parsed = RunRecord.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((i) => `  ${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new Error(`${path}: not a skillops run record (docs/run-record.md):\n${issues.join("\n")}`);
  }
  return parsed.data;
}

async function writeOut(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content);
}

export interface ReportFlags {
  html?: string;
  md?: string;
}

/** Writes the requested renderings (the Markdown to stdout when none), and the job summary. */
export async function runReport(
  ctx: CliContext,
  run: string,
  opts: ReportFlags,
  json: boolean,
): Promise<void> {
  const record = await readRunRecord(resolve(ctx.io.cwd, run));
  const markdown = renderReportMarkdown(record);
  const written: string[] = [];
  if (opts.html) {
    await writeOut(resolve(ctx.io.cwd, opts.html), renderReportHtml(record));
    written.push(opts.html);
  }
  if (opts.md) {
    await writeOut(resolve(ctx.io.cwd, opts.md), markdown);
    written.push(opts.md);
  }
  const summary = await appendStepSummary(ctx.io, markdown);
  if (json) {
    ctx.io.stdout(
      `${JSON.stringify({ run: record.runId, simulated: record.simulated, written, stepSummary: Boolean(summary) })}\n`,
    );
  } else if (written.length === 0) {
    ctx.io.stdout(markdown);
  } else {
    ctx.io.stdout(written.map((f) => `wrote ${f}${record.simulated ? " (simulated run)" : ""}\n`).join(""));
  }
}
