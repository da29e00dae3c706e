// Path options checked before any command runs: a folder given where a file is read (EISDIR), a
// file given where a folder is (ENOTDIR), a FIFO (reading it blocks for ever) or a socket is a usage
// error (exit 2) naming the option, the path and what was expected. Paths are stat'ed, never opened.
// Which options are paths comes from the name of their value: `<file>`, `<files...>`, `<dir>`. A file
// skillops only writes (`--md`, `--traces-out`) may also be a FIFO or a device (`/dev/stdout`):
// writing to one is an ordinary shell idiom; only a folder or a socket is refused there.
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import type { Command } from "commander";
import { printable } from "../../vocabulary/printable.js";
import { UsageError } from "./context.js";

export type ExpectedKind = "file" | "folder" | "file or folder" | "file to write";

/** What each expected kind accepts. */
const ACCEPTS: Record<ExpectedKind, readonly string[]> = {
  file: ["file"],
  folder: ["folder"],
  "file or folder": ["file", "folder"],
  "file to write": ["file", "FIFO", "device"],
};

/** Options whose file skillops writes and never reads. */
const OUTPUT_FILES = new Set(["--md", "--html", "--traces-out"]);

const VALUE_NAME_KINDS: Record<string, ExpectedKind> = {
  file: "file",
  "files...": "file",
  "old-and-new...": "file",
  dir: "folder",
};

/** Positional arguments by name (`validate [path]`, `report <run>`, `init [dir]`). */
const ARGUMENT_KINDS: Record<string, ExpectedKind> = {
  path: "file or folder",
  run: "file",
  dir: "folder",
};

/** What is at `abs`, by stat alone; undefined when nothing is. */
export async function kindAt(abs: string): Promise<string | undefined> {
  const info = await stat(abs).catch(() => undefined);
  if (!info) return undefined;
  if (info.isFile()) return "file";
  if (info.isDirectory()) return "folder";
  if (info.isFIFO()) return "FIFO";
  if (info.isSocket()) return "socket";
  return "device";
}

/**
 * Throws a UsageError when something other than `expected` is at `path` (relative to `cwd`);
 * true when the path exists, false when nothing is there (the caller decides whether that is fine).
 */
export async function expectKind(
  cwd: string,
  label: string,
  path: string,
  expected: ExpectedKind,
): Promise<boolean> {
  const kind = await kindAt(resolve(cwd, path));
  if (kind === undefined) return false;
  if (ACCEPTS[expected].includes(kind)) return true;
  throw new UsageError(`${label} ${printable(path)}: is a ${kind}; expected a ${expected}`);
}

/** The preAction hook: every path option and argument of `command` given (or defaulted) is checked. */
export async function checkPathOptions(command: Command, cwd: string): Promise<void> {
  for (const option of command.options) {
    const valueName = /<([^>]+)>/.exec(option.flags)?.[1];
    const output = option.long !== undefined && OUTPUT_FILES.has(option.long);
    const expected = valueName ? (output ? "file to write" : VALUE_NAME_KINDS[valueName]) : undefined;
    const value: unknown = command.getOptionValue(option.attributeName());
    if (!expected || value === undefined) continue;
    for (const path of [value].flat())
      if (typeof path === "string") await expectKind(cwd, option.long ?? option.flags, path, expected);
  }
  for (const [i, argument] of command.registeredArguments.entries()) {
    const expected = ARGUMENT_KINDS[argument.name()];
    const value: unknown = command.processedArgs[i];
    if (expected && typeof value === "string") await expectKind(cwd, argument.name(), value, expected);
  }
}
