// The options of `skillops ingest` for its local channels (--backlog, --traces: ingest-channels.ts)
// and its policy channel (--policy-diff: ingest-policy-diff.ts), declared with their help. Loads
// nothing but commander, so `--help` stays fast.
import type { Command } from "commander";

/** The config file the channel and policy commands read unless --config names another. */
export const DEFAULT_CONFIG = ".github/skillops.yml";

export function addChannelOptions(cmd: Command): Command {
  return cmd
    .option("--backlog <file>", "triage a backlog of past feedback (.jsonl, or .md with ## sections) once")
    .option(
      "--traces [file]",
      "draft cases from agent traces: our JSONL (eval --traces-out), an OpenTelemetry GenAI OTLP JSON export or a Claude Code transcript (no file: the config's traces.path)",
    )
    .option("--format <format>", "with --traces: auto (detect, default), otel, claude-code or skillops")
    .option(
      "--prompt-from <file>",
      "with --traces: the user prompt of a Claude Code stream-json file (claude -p --output-format stream-json), which carries none",
    )
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

/** The options `ingest` gains for the policy channel (`--model` and `--config` come with the channel options). */
export function addPolicyDiffOptions(command: Command): Command {
  return command
    .option("--policy-diff <old-and-new...>", "the policy channel offline: diff OLD against NEW (two files)")
    .option("--bank <dir>", "with --policy-diff: the bank whose back-links name NEW")
    .option("--cases <dir>", "with --policy-diff: write draft cases for uncovered changed/added clauses here")
    .option("--force", "with --policy-diff: replace a non-empty --cases");
}
