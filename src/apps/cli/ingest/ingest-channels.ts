// The local feedback channels of `skillops ingest`: --backlog (docs/backlog.md) and --traces
// (docs/trajectory-channel.md). ingest.ts registers these options and hands over when one is given.
import type { Command } from "commander";
import { loadConfigFile } from "../config-file.js";
import { UsageError, type CliContext } from "../context.js";
import { runIngestBacklog, type ChannelFlags } from "./ingest-backlog.js";
import { runIngestTraces } from "./ingest-traces.js";

const DEFAULT_CONFIG = ".github/skillops.yml";

export interface ChannelIngestFlags extends Partial<ChannelFlags> {
  backlog?: string;
  traces?: string;
  config?: string;
  github?: boolean;
  issues?: boolean;
}

export function addChannelOptions(cmd: Command): Command {
  return cmd
    .option("--backlog <file>", "triage a backlog of past feedback (.jsonl, or .md with ## sections) once")
    .option("--traces <file>", "draft cases from agent traces (JSONL, as eval --traces-out writes them)")
    .option("--out <dir>", "with --backlog/--traces: the cases folder (default: config pool)")
    .option(
      "--knowledge <dir>",
      "with --backlog: where <skill>/knowledge.md entries go (default: knowledge-drafts, or the bank with --accept)",
    )
    .option(
      "--accept",
      "with --backlog/--traces: you are a maintainer accepting what is written (no draft mark)",
    )
    .option(
      "--model <provider>",
      "with --backlog/--traces/--policy-diff: sim (the simulated endpoint, default) or openai",
      "sim",
    )
    .option("--config <file>", "with --backlog/--traces/--policy-diff: config file", DEFAULT_CONFIG)
    .option(
      "--issues",
      "with --traces: open one feedback issue (skillops:trace) per drafted case (SKILLOPS_GITHUB_TOKEN or GITHUB_TOKEN, GITHUB_REPOSITORY)",
    );
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
