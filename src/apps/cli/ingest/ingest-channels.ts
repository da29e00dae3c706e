// The local feedback channels of `skillops ingest`: --backlog (docs/backlog.md) and --traces
// (docs/trajectory-channel.md). ingest-options.ts declares their options; ingest.ts hands over
// when one is given.
import { loadConfigFile } from "../config-file.js";
import { UsageError, type CliContext } from "../context.js";
import { runIngestBacklog, type ChannelFlags } from "./ingest-backlog.js";
import { runIngestTraces } from "./ingest-traces.js";
import { DEFAULT_CONFIG } from "./ingest-options.js";

export interface ChannelIngestFlags extends Partial<ChannelFlags> {
  backlog?: string;
  /** A file, or true (`--traces` alone): the config's `traces.path`. */
  traces?: string | true;
  format?: string;
  /** The prompt of a `claude -p --output-format stream-json` file, which carries none. */
  promptFrom?: string;
  config?: string;
  github?: boolean;
  issues?: boolean;
}

/** The exit code when a local channel was asked for; undefined to leave ingest to the GitHub sweep. */
export async function runChannelIngest(
  ctx: CliContext,
  flags: ChannelIngestFlags,
  json: boolean,
): Promise<number | undefined> {
  const asked = flags.backlog ?? flags.traces;
  if (asked === undefined) return undefined;
  if (flags.backlog && flags.traces) throw new UsageError("pass one of --backlog and --traces, not both");
  if (flags.github)
    throw new UsageError(
      `--github reads issues; ${flags.backlog ? "--backlog" : "--traces"} reads a file: pass one`,
    );
  const configFile = flags.config ?? DEFAULT_CONFIG;
  const config = await loadConfigFile(ctx.io, configFile, configFile !== DEFAULT_CONFIG);
  const file = asked === true ? config.traces.path : asked;
  if (file === undefined)
    throw new UsageError(
      `--traces without a file reads traces.path from ${configFile}, which sets none: pass a file`,
    );
  if (flags.format !== undefined && !flags.traces) throw new UsageError("--format goes with --traces");
  if (flags.promptFrom !== undefined && !flags.traces)
    throw new UsageError("--prompt-from goes with --traces");
  const channel: ChannelFlags = {
    model: flags.model ?? "sim",
    ...(flags.out ? { out: flags.out } : {}),
    ...(flags.knowledge ? { knowledge: flags.knowledge } : {}),
    ...(flags.accept ? { accept: true } : {}),
    ...(flags.issues ? { issues: true } : {}),
  };
  if (flags.issues && !flags.traces) throw new UsageError("--issues goes with --traces");
  return flags.backlog
    ? runIngestBacklog(ctx.io, file, channel, config, json)
    : runIngestTraces(ctx.io, file, channel, config, json, {
        format: flags.format ?? config.traces.format,
        promptFrom: flags.promptFrom,
      });
}
