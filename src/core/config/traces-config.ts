// The `traces:` key of the config: where the trajectory channel's traces are and their format
// (docs/trajectory-channel.md). `skillops ingest --traces` without a file reads this path.
import { z } from "zod";
import { TRACE_FORMATS } from "../evaluate/trace-format.js";

export const TracesConfig = z.strictObject({
  path: z
    .string()
    .min(1)
    .optional()
    .describe(
      "Agent traces for the trajectory channel: `skillops ingest --traces` without a file reads this one (relative to the repository root). Cases drafted from it wait for a maintainer, as from every channel.",
    ),
  format: z
    .enum(["auto", ...TRACE_FORMATS])
    .default("auto")
    .describe(
      "Its format: auto (detected), otel (an OpenTelemetry GenAI OTLP JSON export), claude-code (a Claude Code session transcript) or skillops (our own JSONL records).",
    ),
});
export type TracesConfig = z.infer<typeof TracesConfig>;
