// evolve's progress line on stderr ("iteration t of T, budget x% used, about m minutes left"). On a
// terminal it is one line rewritten in place, below the step lines; in CI (CI or GITHUB_ACTIONS set)
// and when stderr is not a terminal it is a plain line each time, which a log keeps readable.
import type { CliIo } from "../context.js";

/** Carriage return, then erase the line: the cursor is back at column 0 of an empty line. */
const ERASE = "\r\x1b[2K";

export interface StatusLine {
  /** Shows the progress text (in place on a terminal). */
  show(text: string): void;
  /** Writes lines to stderr, keeping the rewritten line below them. */
  lines(lines: readonly string[]): void;
  /** Removes the rewritten line before the run's last lines. */
  done(): void;
}

export function rewritesInPlace(io: CliIo): boolean {
  return io.stderrIsTTY === true && !io.env.CI && io.env.GITHUB_ACTIONS !== "true";
}

export function statusLine(io: CliIo): StatusLine {
  if (!rewritesInPlace(io))
    return {
      show: (text) => io.stderr(`progress: ${text}\n`),
      lines: (lines) => lines.forEach((l) => io.stderr(`${l}\n`)),
      done: () => undefined,
    };
  let shown: string | undefined;
  return {
    show(text) {
      shown = text;
      io.stderr(`${ERASE}${text}`);
    },
    lines(lines) {
      if (lines.length === 0) return;
      io.stderr(`${shown !== undefined ? ERASE : ""}${lines.map((l) => `${l}\n`).join("")}`);
      if (shown !== undefined) io.stderr(shown);
    },
    done() {
      if (shown !== undefined) io.stderr(ERASE);
      shown = undefined;
    },
  };
}
