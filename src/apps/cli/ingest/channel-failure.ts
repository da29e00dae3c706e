// How a local feedback channel (`ingest --backlog`, `ingest --traces`) refuses a file: every problem
// named, and the promise that nothing was written (the channels write all or nothing).
import type { CliIo } from "../context.js";

/** Prints the problems (JSON on stdout with --json, else on stderr) and returns exit code 1. */
export function reportChannelFailure<O>(
  io: CliIo,
  json: boolean,
  problems: string[],
  outcomes?: O[],
): number {
  if (json)
    io.stdout(`${JSON.stringify({ ok: false, problems, ...(outcomes ? { outcomes } : {}) }, null, 2)}\n`);
  else io.stderr(`${problems.map((p) => `error: ${p}`).join("\n")}\nNothing was written.\n`);
  return 1;
}
