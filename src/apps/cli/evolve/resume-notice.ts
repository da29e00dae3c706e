// What `skillops evolve` prints when it is interrupted (Ctrl-C, SIGINT): the exact command that
// picks the run up again. A run started again with the same arguments resumes from the checkpoint
// in --out (evolve-out-folder.ts), so the command is this one's, less `--fresh` (which would throw
// the checkpoint away). Exit status 130, as a shell reports a SIGINT.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { CliIo } from "../context.js";
import { CHECKPOINT_FILE } from "./evolve-out-folder.js";

/** One argument as a POSIX shell reads it back: bare when safe, else single-quoted. */
export function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** The command line that resumes a run started with `argv` (the arguments after `skillops`). */
export function resumeCommand(argv: readonly string[]): string {
  return ["skillops", ...argv.filter((a) => a !== "--fresh")].map(shellQuote).join(" ");
}

/** The lines printed on SIGINT: whether a checkpoint exists, and the command to run. */
export function interruptNotice(argv: readonly string[], checkpoint: string | undefined): string {
  const command = resumeCommand(argv);
  return checkpoint
    ? `interrupted: ${checkpoint} keeps every finished iteration; resume with:\n  ${command}\n`
    : `interrupted before the first iteration finished (no checkpoint yet); start again with:\n  ${command}\n`;
}

/** Until the returned function is called, a SIGINT prints the notice and exits 130. */
export function noticeOnInterrupt(
  io: CliIo,
  argv: readonly string[],
  out: string,
  exit: (code: number) => void = (code) => process.exit(code),
): () => void {
  const onSigint = () => {
    const checkpoint = join(out, CHECKPOINT_FILE);
    io.stderr(interruptNotice(argv, existsSync(resolve(io.cwd, checkpoint)) ? checkpoint : undefined));
    exit(130);
  };
  process.once("SIGINT", onSigint);
  return () => void process.removeListener("SIGINT", onSigint);
}
