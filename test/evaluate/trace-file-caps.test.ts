// A traces file is bounded before any line is parsed: its size, its number of traces, and each
// trace's length and JSON nesting (a deep line costs JSON.parse far more than its length suggests).
import { describe, expect, it } from "vitest";
import { parseTraceFile, TRACE_FILE_CAPS } from "../../src/core/evaluate/trace-file.js";

const trace = JSON.stringify({ case: "c1", messages: [{ role: "user", content: "hi" }] });

describe("traces file caps", () => {
  it("refuses more traces than the cap, naming the file", () => {
    const text = Array(TRACE_FILE_CAPS.maxTraces + 1)
      .fill(trace)
      .join("\n");
    expect(parseTraceFile(text, "t.jsonl", 200_000)).toEqual({
      ok: false,
      problems: [
        "t.jsonl: the traces file holds more than 2,000 traces; skillops reads at most 2,000 (split it)",
      ],
    });
    expect(parseTraceFile(Array(10).fill(trace).join("\n"), "t.jsonl", 200_000).ok).toBe(true);
  });

  it("refuses a trace nested deeper than the cap before JSON.parse sees it, naming its line", () => {
    const deep = `{"case":"c","messages":[],"events":[{"x":${"[".repeat(5_000)}${"]".repeat(5_000)}}]}`;
    expect(parseTraceFile(`${trace}\n${deep}\n`, "t.jsonl", 200_000)).toEqual({
      ok: false,
      problems: ["t.jsonl:2: the trace nests deeper than 64 levels; skillops reads at most 64"],
    });
  });
});
