// Deterministic pre-detectors of the trajectory channel (FRAMES §3.2, automated trajectory
// analysis): what a trace shows without judgement. The trajectory analyst (a model) confirms these
// and drafts the (m, t) case; the simulated analyst runs exactly these. Pure.
import type { TraceRecord } from "../evaluate/trace-record.js";
import type { TrajectoryFinding } from "../llm/prompts/trajectory-analyst.js";

/** The part of a trace the detectors read (what the analyst's prompt quotes). */
export type TraceView = Pick<TraceRecord, "messages" | "outcome" | "skillsAvailable" | "events"> & {
  error?: string | undefined;
};

/** A call repeated this many times with the same arguments is a loop. */
export const LOOP_REPEATS = 3;
const MAX_TURNS = /no final answer within \d+ turns/;

const clip = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n)}…` : s);

function calls(t: TraceView) {
  return t.messages.flatMap((m) => m.tool_calls ?? []);
}

function failedToolCalls(t: TraceView): string[] {
  const byId = new Map(calls(t).map((c) => [c.id, c]));
  const fromResults = t.messages
    .filter((m) => m.role === "tool" && (m.content ?? "").trimStart().startsWith("error:"))
    .map((m) => {
      const call = m.tool_call_id ? byId.get(m.tool_call_id) : undefined;
      const what = call ? `${call.function.name}(${clip(call.function.arguments, 120)})` : "a tool call";
      return `${what} → ${clip((m.content ?? "").split("\n")[0]!.trim())}`;
    });
  const fromScripts = t.events
    .filter((e) => e.type === "script-ran" && (e.exitCode !== 0 || e.timedOut === true))
    .map(
      (e) =>
        `script ${String(e.skill)}/${String(e.script)} → ${e.timedOut ? "timed out" : `exit code ${String(e.exitCode)}`}`,
    );
  return [...fromResults, ...fromScripts];
}

/** Numbers of two or more digits, as numbers (so "30" and "30.0" are the same value). */
function numbersIn(text: string): number[] {
  return [...text.matchAll(/\d+(?:\.\d+)?/g)]
    .map((m) => m[0])
    .filter((s) => s.replace(".", "").length >= 2)
    .map(Number);
}

function finalAnswer(t: TraceView): string | undefined {
  const last = [...t.messages].reverse().find((m) => m.role === "assistant" && !m.tool_calls?.length);
  return last?.content ?? undefined;
}

/** Numbers in the final answer that appear in no tool result and not in the task. */
export function ungroundedNumbers(t: TraceView): number[] {
  const answer = finalAnswer(t);
  if (!answer) return [];
  const grounded = new Set(
    t.messages
      .filter((m) => m.role === "tool" || m.role === "user")
      .flatMap((m) => numbersIn(m.content ?? "")),
  );
  return [...new Set(numbersIn(answer))].filter((n) => !grounded.has(n));
}

function loops(t: TraceView): string[] {
  const counts = new Map<string, number>();
  for (const c of calls(t)) {
    const key = `${c.function.name}(${c.function.arguments})`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const repeated = [...counts].filter(([, n]) => n >= LOOP_REPEATS).map(([k, n]) => `${clip(k, 160)} × ${n}`);
  return t.error && MAX_TURNS.test(t.error) ? [...repeated, `max turns hit: ${t.error}`] : repeated;
}

function consultedSkill(t: TraceView): boolean {
  return (
    calls(t).some((c) => c.function.name === "load_skill") || t.events.some((e) => e.type === "skill-loaded")
  );
}

/** Every finding of the trace, in a fixed order; a failed run with no other finding gets `failed-outcome`. */
export function detectFindings(t: TraceView): TrajectoryFinding[] {
  const out: TrajectoryFinding[] = [];
  const failed = failedToolCalls(t);
  if (failed.length) out.push({ kind: "failed-tool-call", evidence: failed.slice(0, 3).join("; ") });
  const numbers = ungroundedNumbers(t);
  if (numbers.length)
    out.push({
      kind: "ungrounded-value",
      evidence: `the answer states ${numbers.slice(0, 5).join(", ")}, which no tool result or the task contains`,
    });
  const looped = loops(t);
  if (looped.length) out.push({ kind: "loop", evidence: looped.slice(0, 3).join("; ") });
  if (t.skillsAvailable.length > 0 && !consultedSkill(t))
    out.push({
      kind: "skill-not-consulted",
      evidence: `no load_skill call; the agent could load ${t.skillsAvailable.slice(0, 8).join(", ")}`,
    });
  if (out.length === 0 && (t.outcome === "fail" || t.outcome === "error"))
    out.push({
      kind: "failed-outcome",
      evidence:
        t.outcome === "error"
          ? `the run failed: ${clip(t.error ?? "no reason given")}`
          : "the answer failed the case's rubric",
    });
  return out;
}
