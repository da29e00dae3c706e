// What an agent preset's output parser gives back: our run result, or why the output is not the
// agent's documented format (docs/agents.md). The runner adds the stderr tail and never caches the latter.
import type { RunResult } from "../runner.js";

export type AgentParse = RunResult | { formatError: string };

export const isFormatError = (p: AgentParse): p is { formatError: string } => "formatError" in p;

/** The skills the run installed, whose names the parsers accept as loaded. */
export type Installed = ReadonlySet<string>;

export const nonNegative = (v: unknown): number =>
  typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0;
