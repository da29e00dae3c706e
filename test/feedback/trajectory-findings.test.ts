// The trajectory channel's deterministic checks on small traces: a clean run has no finding, and
// each check fires on exactly its own pattern.
import { describe, expect, it } from "vitest";
import { TraceRecord } from "../../src/core/evaluate/trace-record.js";
import { detectFindings } from "../../src/core/feedback/trajectory-findings.js";
import { traceView } from "../../src/core/feedback/trajectory-cases.js";

const call = (id: string, name: string, args: object) => ({
  role: "assistant",
  content: null,
  tool_calls: [{ id, type: "function", function: { name, arguments: JSON.stringify(args) } }],
});
const trace = (over: object) =>
  traceView(
    TraceRecord.parse({
      case: "c",
      skillsAvailable: ["fees"],
      messages: [
        { role: "user", content: "Fee for booking 12 bags on K1NW8N?" },
        call("a", "load_skill", { name: "fees" }),
        { role: "tool", tool_call_id: "a", content: "Each bag costs 35 USD." },
        { role: "assistant", content: "12 bags at 35 USD: 420 USD." },
      ],
      ...over,
    }),
  );

describe("detectFindings", () => {
  it("a computed figure counts as ungrounded; a run grounded in its tool results has no finding", () => {
    // 420 is not in any tool result: a computed figure counts as ungrounded, by design.
    expect(detectFindings(trace({ outcome: "pass" })).map((f) => f.kind)).toEqual(["ungrounded-value"]);
    const grounded = trace({
      outcome: "pass",
      messages: [
        { role: "user", content: "Fee for 12 bags?" },
        call("a", "load_skill", { name: "fees" }),
        { role: "tool", tool_call_id: "a", content: "12 bags cost 420 USD." },
        { role: "assistant", content: "420 USD for 12 bags." },
      ],
    });
    expect(detectFindings(grounded)).toEqual([]);
  });

  it("the turn limit is a loop, a failing script a failed tool call, and a failed run with neither a failed outcome", () => {
    const stalled = trace({ outcome: "error", error: "no final answer within 8 turns" });
    expect(detectFindings(stalled).map((f) => f.kind)).toContain("loop");
    const script = trace({
      events: [{ type: "script-ran", skill: "fees", script: "scripts/x.py", exitCode: 2 }],
    });
    expect(detectFindings(script)[0]).toEqual({
      kind: "failed-tool-call",
      evidence: "script fees/scripts/x.py → exit code 2",
    });
    const plain = trace({
      outcome: "fail",
      messages: [
        { role: "user", content: "Fee?" },
        call("a", "load_skill", { name: "fees" }),
        { role: "tool", tool_call_id: "a", content: "ok" },
        { role: "assistant", content: "None." },
      ],
    });
    expect(detectFindings(plain)).toEqual([
      { kind: "failed-outcome", evidence: "the answer failed the case's rubric" },
    ]);
  });
});
