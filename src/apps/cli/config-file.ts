// The config file the CLI reads (`--config`, default .github/skillops.yml): stat'ed first (a folder
// or a FIFO is a usage error, never opened), then read within the config's caps; every problem is
// printed as `file:line:col: key.path: message`, with the nearest valid key for a typo.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { Config } from "../../core/config/config.js";
import { formatConfigProblem, readConfigText } from "../../core/config/config-text.js";
import { UsageError, type CliIo } from "./context.js";
import { expectKind } from "./path-kind.js";

/** An invalid config: its message lists every problem, one per line. */
export class ConfigFileError extends Error {}

/** The config in `file`; the defaults when it is absent and was not named on the command line. */
export async function loadConfigFile(io: CliIo, file: string, explicit: boolean): Promise<Config> {
  const path = resolve(io.cwd, file);
  if (!(await expectKind(io.cwd, "--config", file, "file"))) {
    if (explicit) throw new UsageError(`${file}: no such config file`);
    return Config.parse({});
  }
  const read = readConfigText(await readFile(path, "utf8"));
  if (!read.ok) throw new ConfigFileError(read.problems.map((p) => formatConfigProblem(file, p)).join("\n"));
  return read.config;
}
