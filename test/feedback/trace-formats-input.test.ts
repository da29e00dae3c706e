// How the trajectory channel reads other agents' traces at the edges: OTLP attribute values and the
// older per-message span events, grouping by trace id, JSON Lines exports, the config's traces.path;
// and what it refuses, by file and line, drafting nothing: an unknown format, a truncated OTLP
// export, a transcript whose tool ids do not pair, a malformed or oversized line.
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { otelTraces } from "../../src/core/evaluate/otel-trace.js";
import { plainValue } from "../../src/core/evaluate/otlp-value.js";
import { TraceRecord } from "../../src/core/evaluate/trace-record.js";
import { runCli } from "../cli/run-cli.js";

const EXAMPLES = join(__dirname, "../../examples/traces");
const example = (f: string) => readFileSync(join(EXAMPLES, f), "utf8");
const OWN = TraceRecord.parse(JSON.parse(example("skillops.jsonl")));
const str = (s: string) => ({ stringValue: s });
const kv = (o: Record<string, unknown>) =>
  Object.entries(o).map(([key, v]) => ({
    key,
    value: typeof v === "number" ? { intValue: String(v) } : str(String(v)),
  }));

/** One chat span whose messages are older per-message events (body in gen_ai.event.content). */
function eventSpan(traceId: string, start: number, conversation?: string) {
  const event = (name: string, body: unknown) => ({
    name,
    attributes: [{ key: "gen_ai.event.content", value: str(JSON.stringify(body)) }],
  });
  return {
    traceId,
    spanId: `s${start}`,
    name: "chat",
    startTimeUnixNano: String(start),
    attributes: kv({
      "gen_ai.operation.name": "chat",
      ...(conversation ? { "gen_ai.conversation.id": conversation } : {}),
    }),
    events: [
      event("gen_ai.system.message", { content: "Be brief." }),
      event("gen_ai.user.message", { content: "What is 17 times 3?" }),
      event("gen_ai.choice", {
        index: 0,
        finish_reason: "stop",
        message: { role: "assistant", content: "It is 51." },
      }),
    ],
  };
}
const exportOf = (spans: unknown[]) => ({ resourceSpans: [{ scopeSpans: [{ spans }] }] });

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "skillops-trace-input-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function ingest(file: string, text: string, ...extra: string[]) {
  await writeFile(join(dir, file), text);
  const r = await runCli(["ingest", "--traces", file, "--out", "drafts", ...extra], dir);
  const drafted = await readdir(join(dir, "drafts")).catch(() => []);
  return { ...r, drafted };
}

describe("OpenTelemetry GenAI exports", () => {
  it("reads OTLP values: int64 as strings, arrays, key-value lists", () => {
    expect(plainValue({ intValue: "42" })).toBe(42);
    expect(plainValue({ arrayValue: { values: [str("a"), { boolValue: true }] } })).toEqual(["a", true]);
    expect(plainValue({ kvlistValue: { values: [{ key: "k", value: { doubleValue: 0.5 } }] } })).toEqual({
      k: 0.5,
    });
  });

  it("reads the older per-message events, and groups spans by trace id when no conversation id is set", () => {
    const got = otelTraces(
      JSON.stringify(exportOf([eventSpan("t2", 20), eventSpan("t1", 10), eventSpan("t1", 5)])),
      "x.json",
      200_000,
    );
    if (!got.ok) throw new Error(got.problems.join("\n"));
    expect(got.traces.map((t) => t.record.case)).toEqual(["t2", "t1"]);
    // Trace t1's two spans repeat the same history: read once, then the second answer.
    expect(got.traces[1]!.record.messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "What is 17 times 3?" },
      { role: "assistant", content: "It is 51." },
      { role: "assistant", content: "It is 51." },
    ]);
  });

  it("joins traces that share a conversation id, and reads a JSON Lines export (one export per line)", () => {
    const lines = [exportOf([eventSpan("t1", 1, "chat-9")]), exportOf([eventSpan("t2", 2, "chat-9")])];
    const got = otelTraces(lines.map((l) => JSON.stringify(l)).join("\n"), "x.jsonl", 200_000);
    if (!got.ok) throw new Error(got.problems.join("\n"));
    expect(got.traces).toHaveLength(1);
    expect(got.traces[0]).toMatchObject({ line: 1, record: { case: "chat-9" } });
  });

  it("an error status on the agent's span makes the run an error", () => {
    const agent = {
      traceId: "t1",
      name: "invoke_agent",
      startTimeUnixNano: "0",
      attributes: kv({ "gen_ai.operation.name": "invoke_agent" }),
      status: { code: 2, message: "max turns exceeded" },
    };
    const got = otelTraces(JSON.stringify(exportOf([agent, eventSpan("t1", 1)])), "x.json", 200_000);
    expect(got.ok && got.traces[0]!.record).toMatchObject({ outcome: "error", error: "max turns exceeded" });
  });

  it("refuses a truncated export, naming it, and drafts nothing", async () => {
    const text = example("otel.json");
    const r = await ingest("cut.json", text.slice(0, Math.floor(text.length / 2)), "--format", "otel");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("error: cut.json: the JSON ends before it closes (a truncated OTLP export?)");
    expect(r.stderr).toContain("Nothing was written.");
    expect(r.drafted).toEqual([]);
  });

  it("names the line of a broken export in a JSON Lines file, and refuses spans with no gen_ai attribute", async () => {
    const good = JSON.stringify(exportOf([eventSpan("t1", 1)]));
    const r = await ingest("x.jsonl", `${good}\n{"resourceSpans": [\n`, "--format", "otel");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("error: x.jsonl:2: not a JSON object");
    const plain = exportOf([{ traceId: "t", name: "GET /", attributes: kv({ "http.method": "GET" }) }]);
    const p = await ingest("p.json", JSON.stringify(plain));
    expect(p.stderr).toContain("p.json: no span carries gen_ai.* attributes or events");
    expect(p.drafted).toEqual([]);
  });
});

describe("Claude Code transcripts", () => {
  const lines = example("claude-code.jsonl").trimEnd().split("\n");
  const lineOf = (needle: string) => lines.findIndex((l) => l.includes(needle));

  it("refuses a transcript whose tool_use has no tool_result, naming the tool_use's line", async () => {
    const at = lineOf('"tool_use_id": "toolu_02"');
    const r = await ingest("cc.jsonl", lines.filter((_, i) => i !== at).join("\n"));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `error: cc.jsonl:${lineOf('"id": "toolu_02"') + 1}: tool_use "toolu_02" (Read) has no tool_result`,
    );
    expect(r.drafted).toEqual([]);
  });

  it("refuses a tool_result that answers no tool_use, and a malformed or oversized line, each by line", async () => {
    const at = lineOf('"id": "toolu_03"');
    const broken = lines.map((l, i) => (i === at ? l.replaceAll("toolu_03", "toolu_99") : l));
    broken.splice(
      2,
      0,
      "{not json",
      JSON.stringify({ type: "user", sessionId: "x", pad: "a".repeat(200_001) }),
    );
    const r = await ingest("cc.jsonl", broken.join("\n"));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("error: cc.jsonl:3: not a JSON object");
    expect(r.stderr).toContain("error: cc.jsonl:4: the trace is 200,");
    expect(r.stderr).toMatch(
      /cc\.jsonl:\d+: tool_result "toolu_03" answers no earlier tool_use of this session/,
    );
    expect(r.drafted).toEqual([]);
  });
});

describe("the format and the config", () => {
  it("refuses a file of unknown format (exit 1, naming the line) and an unknown --format (exit 2)", async () => {
    const r = await ingest("u.jsonl", `\n${JSON.stringify({ event: "login", user: "x" })}\n`);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("error: u.jsonl:2: unknown trace format (a JSON object with event, user)");
    expect(r.stderr).toContain("pass --format skillops|otel|claude-code");
    const f = await ingest("s.jsonl", example("skillops.jsonl"), "--format", "langsmith");
    expect(f.code).toBe(2);
    expect(f.stderr).toContain("--format must be auto or one of skillops, otel, claude-code");
  });

  it("reads traces.path and traces.format from the config when --traces names no file", async () => {
    await mkdir(join(dir, ".github"));
    await writeFile(
      join(dir, ".github/skillops.yml"),
      "traces:\n  path: logs/session.jsonl\n  format: claude-code\n",
    );
    await mkdir(join(dir, "logs"));
    await writeFile(join(dir, "logs/session.jsonl"), example("claude-code.jsonl"));
    const r = await runCli(["ingest", "--traces", "--out", "drafts", "--json"], dir);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, format: "claude-code", traces: 1, cases: 3 });
    await writeFile(join(dir, ".github/skillops.yml"), "traces:\n  format: otel\n");
    const none = await runCli(["ingest", "--traces"], dir);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("--traces without a file reads traces.path from .github/skillops.yml");
  });

  it("our own format is read as before", async () => {
    const r = await ingest("own.jsonl", `${JSON.stringify(OWN)}\n`, "--json");
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, format: "skillops", traces: 1, cases: 3 });
  });
});
