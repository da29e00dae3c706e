// The trajectory channel reads other agents' traces: an OpenTelemetry GenAI OTLP export and a Claude
// Code session transcript (examples/traces/) are normalised into our trace record and give the same
// findings as the equivalent conversation in our own format; bad input is refused by file and line.
import { readFileSync } from "node:fs";
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { claudeCodeTraces } from "../../src/core/evaluate/claude-code-transcript.js";
import { otelTraces } from "../../src/core/evaluate/otel-trace.js";
import { detectTraceFormat } from "../../src/core/evaluate/trace-format.js";
import { TraceRecord } from "../../src/core/evaluate/trace-record.js";
import { traceView } from "../../src/core/feedback/trajectory-cases.js";
import { detectFindings } from "../../src/core/feedback/trajectory-findings.js";
import { runCli } from "../cli/run-cli.js";

const EXAMPLES = join(__dirname, "../../examples/traces");
const example = (f: string) => readFileSync(join(EXAMPLES, f), "utf8");
const CAP = 200_000;
const OWN = TraceRecord.parse(JSON.parse(example("skillops.jsonl")));

function only(got: ReturnType<typeof otelTraces>) {
  if (!got.ok) throw new Error(got.problems.join("\n"));
  expect(got.traces).toHaveLength(1);
  return got.traces[0]!.record;
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "skillops-trace-formats-"));
  await cp(EXAMPLES, join(dir, "traces"), { recursive: true });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the three example formats are one conversation", () => {
  it("detects each format", () => {
    expect(detectTraceFormat(example("skillops.jsonl"), "a")).toBe("skillops");
    expect(detectTraceFormat(example("otel.json"), "a")).toBe("otel");
    expect(detectTraceFormat(example("claude-code.jsonl"), "a")).toBe("claude-code");
  });

  it("the OTLP export becomes our record: the same messages, the same findings, its tokens and tool spans", () => {
    const r = only(otelTraces(example("otel.json"), "otel.json", CAP));
    expect(r.case).toBe("support-chat-17");
    expect(r.messages).toEqual(OWN.messages);
    expect(detectFindings(traceView(r))).toEqual(detectFindings(traceView(OWN)));
    expect(r.usage).toEqual({ input: 200 + 260 + 320 + 380 + 440 + 520, output: 18 * 5 + 21, cached: 0 });
    expect(r.events[0]).toEqual({ type: "skill-loaded", skill: "refunds" });
    expect(r.events).toContainEqual({
      type: "tool-call",
      name: "read_file",
      ok: false,
      detail: "no such file: orders/A-1042.json",
    });
  });

  it("the Claude Code transcript gives the same kinds of finding, the same ungrounded figures, the skill it loaded", () => {
    const r = only(claudeCodeTraces(example("claude-code.jsonl"), "cc.jsonl", CAP));
    const kinds = (t: TraceRecord) => detectFindings(traceView(t)).map((f) => f.kind);
    expect(kinds(r)).toEqual(kinds(OWN));
    expect(kinds(r)).toEqual(["failed-tool-call", "ungrounded-value", "loop"]);
    const evidence = (t: TraceRecord, kind: string) =>
      detectFindings(traceView(t)).find((f) => f.kind === kind)!.evidence;
    expect(evidence(r, "ungrounded-value")).toBe(evidence(OWN, "ungrounded-value"));
    expect(evidence(r, "failed-tool-call")).toContain("Read(");
    expect(evidence(r, "failed-tool-call")).toContain("→ error: <tool_use_error>File does not exist.");
    expect(r.events[0]).toEqual({ type: "skill-loaded", skill: "refunds" });
    // The first API message spans two entries (text, then tool_use): one assistant message.
    expect(r.messages[1]).toMatchObject({ role: "assistant", content: "I'll check the refund rules first." });
    expect(r.messages[1]!.tool_calls?.map((c) => c.function.name)).toEqual(["Skill"]);
    // The skill text Claude Code injects (meta) and the subagent's sidechain are not turns of the conversation.
    expect(r.messages.filter((m) => m.role === "user")).toHaveLength(1);
    expect(r.events).toContainEqual({
      type: "note",
      text: "skipped 1 sidechain, 0 compaction-summary and 1 meta entries",
    });
    expect(r.events).toContainEqual({ type: "note", text: "informational: PostToolUse hook ran: 1 hook" });
    expect(r.usage).toEqual({ input: 200 + 260 + 320 + 380 + 440 + 520, output: 18 * 5 + 21, cached: 0 });
  });

  it("ingest --traces drafts the same cases from each format (format detected)", async () => {
    const kinds: Record<string, string[]> = {};
    for (const f of ["skillops.jsonl", "otel.json", "claude-code.jsonl"]) {
      const r = await runCli(["ingest", "--traces", `traces/${f}`, "--out", `drafts-${f}`, "--json"], dir);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout) as { format: string; outcomes: { cases: { id: string }[] }[] };
      kinds[out.format] = out.outcomes.flatMap((o) => o.cases.map((c) => c.id.replace(/^trace-.*-r0-/, "")));
      expect((await readdir(join(dir, `drafts-${f}`))).length).toBeGreaterThan(0);
    }
    expect(kinds.otel).toEqual(kinds.skillops);
    expect(kinds["claude-code"]).toEqual(kinds.skillops);
    expect(kinds.skillops).toEqual(["failed-tool-call", "ungrounded-value", "loop"]);
  });
});
