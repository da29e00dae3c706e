// The Action's I/O: inputs from the environment, the CLI's main() in-process, outputs to
// $GITHUB_OUTPUT, a few lines to $GITHUB_STEP_SUMMARY, and ::error:: annotations when it fails:
// for validate one per finding, on its file and line, read from validate's JSON report.
// The decisions (flags, outputs, summary, annotations) are the pure functions beside this file.
import { appendFile, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { main } from "../cli/main.js";
import { renderValidateText, ValidateReport } from "../cli/validate-report.js";
import { RunRecord } from "../../records/run-record.js";
import { invocationOf, type ActionInvocation } from "./argv.js";
import { ActionInputError, readInputs } from "./inputs.js";
import { outputsOf, renderOutputs, summaryOf } from "./outputs.js";
import { validateAnnotations, validateSummary } from "./validate-findings.js";
import { annotation } from "./workflow-command.js";
import { nothingToEvolveIn } from "../cli/evolve/nothing-to-evolve.js";
import { ContinuationFileError, EXIT_CONTINUE, readContinuation } from "../cli/evolve/evolve-handover.js";

export interface ActionIo {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

async function readRecord(out: string | undefined): Promise<RunRecord | undefined> {
  if (out === undefined) return undefined;
  const text = await readFile(join(out, "run-record.json"), "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  const parsed = RunRecord.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : undefined;
}

/**
 * evolve's continuation.json on one line, when it handed its run on (exit 3); or why there is none
 * to hand on (absent, torn, not a continuation), for the job's error.
 */
export async function readContinuationLine(
  out: string | undefined,
): Promise<{ line: string } | { problem: string }> {
  const missing = `evolve exited ${EXIT_CONTINUE} (handed on) but left no continuation.json in --out`;
  if (out === undefined) return { problem: missing };
  try {
    const c = await readContinuation(out);
    return c ? { line: JSON.stringify(c) } : { problem: missing };
  } catch (e) {
    if (!(e instanceof ContinuationFileError)) throw e;
    return {
      problem: `evolve exited ${EXIT_CONTINUE} (handed on) but ${e.message}; no continuation job can be dispatched`,
    };
  }
}

/** evolve's `nothing to evolve:` reason, for the summary. */
function nothingNote(stderr: string): { nothing?: string } {
  const nothing = nothingToEvolveIn(stderr);
  return nothing === undefined ? {} : { nothing };
}

/** The last `error: …` line the CLI printed, for the annotation. */
function lastError(stderr: string): string | undefined {
  return stderr
    .split("\n")
    .filter((l) => l.startsWith("error: "))
    .at(-1)
    ?.slice("error: ".length);
}

/** validate's JSON report, when its stdout is one (a usage error prints none). */
function parseReport(stdout: string): ValidateReport | undefined {
  try {
    const parsed = ValidateReport.safeParse(JSON.parse(stdout));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What validate printed, for the log (the text when the Action added --json, else the JSON as
 * printed), then one annotation per finding; the findings' summary, or undefined without a report.
 */
function showValidate(io: ActionIo, invocation: ActionInvocation, stdout: string): string | undefined {
  const report = parseReport(stdout);
  if (report === undefined || invocation.validateJson === "given") io.stdout(stdout);
  if (report === undefined) return undefined;
  const plain = { red: String, yellow: String, green: String };
  if (invocation.validateJson === "added") io.stdout(renderValidateText(report, plain));
  io.stdout(validateAnnotations(report, io.cwd, io.env.GITHUB_WORKSPACE || io.cwd));
  return validateSummary(report);
}

export async function runAction(io: ActionIo): Promise<number> {
  let invocation;
  let command;
  try {
    const inputs = readInputs(io.env);
    command = inputs.command;
    invocation = invocationOf(inputs, join(io.env.RUNNER_TEMP || tmpdir(), "skillops-evolve"));
  } catch (e) {
    if (!(e instanceof ActionInputError)) throw e;
    io.stdout(annotation("error", e.message, { title: "skillops action" }));
    return 2;
  }
  io.stderr(`skillops ${invocation.argv.join(" ")}\n`);
  let stderr = "";
  let stdout = "";
  const code = await main(invocation.argv, {
    // validate's report is read back whole; every other command's output goes to the log as it comes,
    // and is kept for the outputs (matrix prints its matrix there).
    stdout: (t) => {
      stdout += t;
      if (!invocation.validateJson) io.stdout(t);
    },
    stderr: (t) => {
      stderr += t;
      io.stderr(t);
    },
    cwd: io.cwd,
    isTTY: false,
    env: { ...io.env, ...invocation.env },
  });
  const findings = invocation.validateJson ? showValidate(io, invocation, stdout) : undefined;
  const out = invocation.out && resolve(io.cwd, invocation.out);
  const record = code === 0 ? await readRecord(out) : undefined;
  const handed = code === EXIT_CONTINUE ? await readContinuationLine(out) : { line: "" };
  const continuation = "line" in handed ? handed.line : "";
  const outputs = outputsOf(record, stderr, stdout, continuation);
  if (io.env.GITHUB_OUTPUT) await appendFile(io.env.GITHUB_OUTPUT, renderOutputs(outputs));
  const error = "problem" in handed ? handed.problem : lastError(stderr);
  if (io.env.GITHUB_STEP_SUMMARY) {
    // Validate's findings are the error, each on its line: the table below says them.
    const notes = {
      ...(findings === undefined && code !== 0
        ? { error: error ?? `exit status ${code} with no error line; the step's log has the output` }
        : {}),
      ...(command === "evolve" ? nothingNote(stderr) : {}),
    };
    const summary = summaryOf(command, code, outputs, record, notes);
    await appendFile(io.env.GITHUB_STEP_SUMMARY, summary + (findings === undefined ? "" : `\n${findings}`));
  }
  // A run handed on to a continuation is not a failure: the workflow dispatches the next job.
  if (continuation) return 0;
  // With findings annotated one by one, a last "exit status 1" would say nothing more.
  if (code !== 0 && findings === undefined) {
    const why = error ?? `exit status ${code}`;
    io.stdout(annotation("error", why, { title: `skillops ${command} failed` }));
  }
  return code;
}
