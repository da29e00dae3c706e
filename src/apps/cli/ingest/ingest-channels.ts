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
  traces?: string;
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
  const file = flags.backlog ?? flags.traces;
  if (file === undefined) return undefined;
  if (flags.backlog && flags.traces) throw new UsageError("pass one of --backlog and --traces, not both");
  if (flags.github)
    throw new UsageError(
      `--github reads issues; ${flags.backlog ? "--backlog" : "--traces"} reads a file: pass one`,
    );
  const configFile = flags.config ?? DEFAULT_CONFIG;
  const config = await loadConfigFile(ctx.io, configFile, configFile !== DEFAULT_CONFIG);
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
    : runIngestTraces(ctx.io, file, channel, config, json);
}
