// The formats the trajectory channel reads (docs/trajectory-channel.md), and which one a file is:
// our own JSONL records, an OpenTelemetry GenAI OTLP JSON export, or a Claude Code session
// transcript. The first JSON object line decides; a pretty-printed OTLP export is told by its
// `resourceSpans` key. Pure.
import { z } from "zod";
import { claudeCodeTraces } from "./claude-code-transcript.js";
import { otelTraces } from "./otel-trace.js";
import { TRACE_FILE_CAPS } from "./trace-file.js";
import type { TraceConversion } from "./trace-record.js";

export const TRACE_FORMATS = ["skillops", "otel", "claude-code"] as const;
export const TraceFormat = z.enum(TRACE_FORMATS);
export type TraceFormat = z.infer<typeof TraceFormat>;

/** Lines looked at before deciding; a file whose first lines are all broken is read as our own (its lines named). */
const LOOK_LINES = 20;
const CLAUDE_CODE_TYPES = new Set(["user", "assistant", "system", "summary"]);

function formatOf(o: Record<string, unknown>): TraceFormat | undefined {
  if ("resourceSpans" in o) return "otel";
  if ("case" in o || "messages" in o) return "skillops";
  if (typeof o.type === "string" && ("sessionId" in o || "uuid" in o || CLAUDE_CODE_TYPES.has(o.type)))
    return "claude-code";
  return undefined;
}

/** The file's format, or why it cannot be told (naming the line that was read). */
export function detectTraceFormat(text: string, file: string): TraceFormat | { problem: string } {
  const lines = text.split(/\r?\n/);
  let looked = 0;
  for (const [i, raw] of lines.entries()) {
    if (raw.trim() === "") continue;
    if (++looked > LOOK_LINES) break;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      continue;
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) continue;
    const format = formatOf(value as Record<string, unknown>);
    if (format) return format;
    const keys = Object.keys(value).slice(0, 6).join(", ");
    return {
      problem: `${file}:${i + 1}: unknown trace format (a JSON object with ${keys || "no keys"}): not our records (case, messages), an OTLP export (resourceSpans) or a Claude Code transcript (type, sessionId); pass --format ${TRACE_FORMATS.join("|")}`,
    };
  }
  return /"resourceSpans"\s*:/.test(text.slice(0, 4096)) ? "otel" : "skillops";
}

/** Another agent's traces normalised into our records, within the file's trace cap. */
export function convertTraces(
  text: string,
  file: string,
  format: Exclude<TraceFormat, "skillops">,
  maxChars: number,
  prompt?: string,
): TraceConversion {
  const got =
    format === "otel" ? otelTraces(text, file, maxChars) : claudeCodeTraces(text, file, maxChars, prompt);
  const n = TRACE_FILE_CAPS.maxTraces;
  if (got.ok && got.traces.length > n)
    return {
      ok: false,
      problems: [
        `${file}: the file holds ${got.traces.length.toLocaleString("en-US")} conversations; skillops reads at most ${n.toLocaleString("en-US")} (split it)`,
      ],
    };
  return got;
}
