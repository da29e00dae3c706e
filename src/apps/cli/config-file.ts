// The config file the CLI reads (`--config`, default .github/skillops.yml): stat'ed first (a folder
// or a FIFO is a usage error, never opened), then read within the config's caps; every problem is
// printed as `file:line:col: key.path: message`, with the nearest valid key for a typo.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { Config } from "../../core/config/config.js";
import { formatConfigProblem, readConfigText, type ConfigRead } from "../../core/config/config-text.js";
import { UsageError, type CliIo } from "./context.js";
import { expectKind } from "./path-kind.js";

/** The default of every command's `--config`. */
export const DEFAULT_CONFIG_FILE = ".github/skillops.yml";

/** An invalid config: its message lists every problem, one per line. */
export class ConfigFileError extends Error {}

/**
 * The config in `file`, read and checked; undefined when it is absent and was not named on the
 * command line (a named one that is absent is a usage error).
 */
export async function readConfigFile(
  io: CliIo,
  file: string,
  explicit: boolean,
): Promise<ConfigRead | undefined> {
  if (!(await expectKind(io.cwd, "--config", file, "file"))) {
    if (explicit) throw new UsageError(`${file}: no such config file`);
    return undefined;
  }
  return readConfigText(await readFile(resolve(io.cwd, file), "utf8"));
}

/** The config in `file`; the defaults when it is absent and was not named on the command line. */
export async function loadConfigFile(io: CliIo, file: string, explicit: boolean): Promise<Config> {
  const read = await readConfigFile(io, file, explicit);
  if (read === undefined) return Config.parse({});
  if (!read.ok) throw new ConfigFileError(read.problems.map((p) => formatConfigProblem(file, p)).join("\n"));
  return read.config;
}
