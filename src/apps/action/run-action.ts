// The Action's I/O: inputs from the environment, the CLI's main() in-process, outputs to
// $GITHUB_OUTPUT, a few lines to $GITHUB_STEP_SUMMARY, and an ::error:: annotation when it fails.
// The decisions (flags, outputs, summary) are the pure functions beside this file.
import { appendFile, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { main } from "../cli/main.js";
import { RunRecord } from "../../records/run-record.js";
import { invocationOf } from "./argv.js";
import { ActionInputError, readInputs } from "./inputs.js";
import { outputsOf, renderOutputs, summaryOf } from "./outputs.js";

export interface ActionIo {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Workflow-command data escaping (toolkit's escapeData), so a message stays one annotation. */
const escapeData = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");

async function readRecord(out: string | undefined): Promise<RunRecord | undefined> {
  if (out === undefined) return undefined;
  const text = await readFile(join(out, "run-record.json"), "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  const parsed = RunRecord.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : undefined;
}

/** The last `error: …` line the CLI printed, for the annotation. */
function lastError(stderr: string): string | undefined {
  return stderr
    .split("\n")
    .filter((l) => l.startsWith("error: "))
    .at(-1)
    ?.slice("error: ".length);
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
    io.stdout(`::error title=skillops action::${escapeData(e.message)}\n`);
    return 2;
  }
  io.stderr(`skillops ${invocation.argv.join(" ")}\n`);
  let stderr = "";
  let stdout = "";
  const code = await main(invocation.argv, {
    stdout: (t) => {
      stdout += t;
      io.stdout(t);
    },
    stderr: (t) => {
      stderr += t;
      io.stderr(t);
    },
    cwd: io.cwd,
    isTTY: false,
    env: { ...io.env, ...invocation.env },
  });
  const record = code === 0 ? await readRecord(invocation.out && resolve(io.cwd, invocation.out)) : undefined;
  const outputs = outputsOf(record, stderr, stdout);
  if (io.env.GITHUB_OUTPUT) await appendFile(io.env.GITHUB_OUTPUT, renderOutputs(outputs));
  if (io.env.GITHUB_STEP_SUMMARY)
    await appendFile(io.env.GITHUB_STEP_SUMMARY, summaryOf(command, code, outputs, record));
  if (code !== 0) {
    const why = lastError(stderr) ?? `exit status ${code}`;
    io.stdout(`::error title=skillops ${command} failed::${escapeData(why)}\n`);
  }
  return code;
}
