// What every command gets: where to write, whether output is a TTY (colour and progress bars only
// then), and the working directory. Tests pass their own to capture output.
import type { Command } from "commander";
import pc from "picocolors";
import { closedPipeWriter } from "./closed-pipe.js";
import type { Clock } from "../../vocabulary/clock.js";

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  isTTY: boolean;
  /** Environment, for commands that read tokens or config from it. */
  env: Readonly<Record<string, string | undefined>>;
  /** Whether stderr is a terminal: evolve then rewrites one progress line in place. */
  stderrIsTTY?: boolean;
  /** The clock a run reads; the system clock when absent (tests pass a stand-in). */
  now?: Clock;
}

export interface CliContext {
  io: CliIo;
  /** Set by a command's action; main() returns it. 0 ok, 1 findings or failure, 2 usage error. */
  exitCode: number;
  /** The arguments after `skillops`, for a command that prints how to run itself again. */
  argv?: readonly string[];
}

/**
 * Each command's `<name>-command.ts` exports one of these; main.ts lists them, one line per command.
 * It declares the command (name, arguments, options, help) and loads nothing heavy: the action
 * imports the module that does the work, so `--help` and a light command never load another
 * command's probot, openai or octokit.
 */
export type RegisterCommand = (program: Command, ctx: CliContext) => void;

export function processIo(): CliIo {
  return {
    stdout: closedPipeWriter(process.stdout),
    stderr: closedPipeWriter(process.stderr),
    cwd: process.cwd(),
    isTTY: Boolean(process.stdout.isTTY),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    env: process.env,
  };
}

/** picocolors, but only on a TTY (and never when NO_COLOR is set). */
export function colours(io: CliIo) {
  return pc.createColors(io.isTTY && !io.env.NO_COLOR);
}

/** `--json` may be given before or after the command name. */
export function wantsJson(command: Command): boolean {
  return Boolean(command.optsWithGlobals<{ json?: boolean }>().json);
}

/** A usage error: printed with the command's help hint, exit 2. */
export class UsageError extends Error {}

/** In GitHub Actions, append Markdown to the job summary ($GITHUB_STEP_SUMMARY); elsewhere nothing. */
export async function appendStepSummary(io: CliIo, markdown: string): Promise<boolean> {
  const file = io.env.GITHUB_STEP_SUMMARY;
  if (!file) return false;
  const { appendFile } = await import("node:fs/promises");
  await appendFile(file, `${markdown}\n`);
  return true;
}
