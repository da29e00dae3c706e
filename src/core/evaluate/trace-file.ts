// A JSONL traces file (docs/trajectory-channel.md) → its records, within caps checked before any
// line is parsed: the file's size and trace count, and per trace its length and JSON nesting (a
// deeply nested line costs JSON.parse far more than its length suggests). `traceLines` is a
// generator, so the CLI can let the event loop run between traces.
import { TraceRecord } from "./trace-record.js";

export const TRACE_FILE_CAPS = { maxChars: 8 * 1024 * 1024, maxTraces: 2_000, maxDepth: 64 };

export type TraceFileParse = { ok: true; records: TraceRecord[] } | { ok: false; problems: string[] };
export type TraceLine = { line: number; record: TraceRecord } | { line: number; problem: string };

const n = (x: number) => x.toLocaleString("en-US");

/**
 * Why a traces file is not read at all (empty, or over the file caps), or undefined. Lines are
 * counted as traces in our own format only (another format's trace spans many lines).
 */
export function traceFileProblem(text: string, file: string, countLines = true): string | undefined {
  if (text.trim() === "") return `${file}: the traces file is empty`;
  if (text.length > TRACE_FILE_CAPS.maxChars)
    return `${file}: the traces file is ${n(text.length)} characters; skillops reads at most ${n(TRACE_FILE_CAPS.maxChars)} (split it)`;
  if (!countLines) return undefined;
  let traces = 0;
  for (const line of text.split("\n"))
    if (line.trim() !== "" && ++traces > TRACE_FILE_CAPS.maxTraces)
      return `${file}: the traces file holds more than ${n(TRACE_FILE_CAPS.maxTraces)} traces; skillops reads at most ${n(TRACE_FILE_CAPS.maxTraces)} (split it)`;
  return undefined;
}

/** The deepest nesting of `[` and `{` in a JSON text (strings skipped), counted up to `stop` + 1. */
export function jsonDepth(text: string, stop: number): number {
  let [depth, deepest, inString] = [0, 0, false];
  for (let i = 0; i < text.length && deepest <= stop; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // a backslash escapes the next character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return deepest;
}

/** A JSON position → "line L" of the text (1-based). */
const lineAt = (text: string, position: number) => text.slice(0, position).split("\n").length;

/** Why JSON.parse refused a text: a cut-off text says so (a truncated export), else the parser's reason. */
export function jsonProblem(text: string, e: Error): string {
  const at = /at position (\d+)/.exec(e.message);
  const position = at ? Number(at[1]) : undefined;
  if (
    /Unexpected end of JSON input/.test(e.message) ||
    (position !== undefined && position >= text.trimEnd().length)
  )
    return `the JSON ends before it closes (truncated?)`;
  return position !== undefined
    ? `not JSON at line ${lineAt(text, position)} (${e.message})`
    : `not JSON (${e.message})`;
}

/** One JSON text within the caps (its length, its nesting), parsed; or the problem naming `where`. */
export function parseJsonText(
  raw: string,
  where: string,
  maxChars: number,
): { value: unknown } | { problem: string } {
  if (raw.length > maxChars)
    return {
      problem: `${where}: the trace is ${n(raw.length)} characters; skillops reads at most ${n(maxChars)} per trace`,
    };
  if (jsonDepth(raw, TRACE_FILE_CAPS.maxDepth) > TRACE_FILE_CAPS.maxDepth)
    return {
      problem: `${where}: the trace nests deeper than ${TRACE_FILE_CAPS.maxDepth} levels; skillops reads at most ${TRACE_FILE_CAPS.maxDepth}`,
    };
  try {
    return { value: JSON.parse(raw) };
  } catch (e) {
    return { problem: `${where}: not a JSON object (${(e as Error).message})` };
  }
}

function parseLine(raw: string, where: string, maxChars: number): TraceRecord | string {
  const json = parseJsonText(raw, where, maxChars);
  if ("problem" in json) return json.problem;
  const parsed = TraceRecord.safeParse(json.value);
  if (parsed.success) return parsed.data;
  return `${where}: ${parsed.error.issues.map((p) => `${p.path.join(".") || "record"}: ${p.message}`).join("; ")}`;
}

/** Each non-blank line, parsed: its record, or the problem naming `file:line`. */
export function* traceLines(text: string, file: string, maxChars: number): Generator<TraceLine> {
  const lines = text.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    if (raw.trim() === "") continue;
    const read = parseLine(raw, `${file}:${i + 1}`, maxChars);
    yield typeof read === "string" ? { line: i + 1, problem: read } : { line: i + 1, record: read };
  }
}

/** Every record of a JSONL traces file, or every problem, each naming its line. */
export function parseTraceFile(text: string, file: string, maxChars: number): TraceFileParse {
  const over = traceFileProblem(text, file);
  if (over) return { ok: false, problems: [over] };
  const records: TraceRecord[] = [];
  const problems: string[] = [];
  for (const t of traceLines(text, file, maxChars))
    if ("record" in t) records.push(t.record);
    else problems.push(t.problem);
  return problems.length ? { ok: false, problems } : { ok: true, records };
}
