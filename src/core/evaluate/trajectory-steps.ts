// A run's trajectory as short steps, in the order the runner recorded them (the trace: skills
// loaded, sections read, scripts and tools run, notes) and then its outcome (the answer, the error
// or the refusal). Kept in the run's record only for a runner that asks (SkillEvolver, whose
// contrastive update aligns the best and worst run's trajectories). Bounded: a step is cut at
// STEP_CHARS, a trajectory at MAX_STEPS, each with a marker saying so.
import type { RunResult, TraceEvent } from "./runner.js";

export const MAX_STEPS = 40;
export const STEP_CHARS = 160;

const cut = (text: string, max = STEP_CHARS) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function stepOf(e: TraceEvent): string {
  switch (e.type) {
    case "skill-loaded":
      return `load_skill ${e.skill}`;
    case "section-read":
      return `read ${e.skill}#${e.section}`;
    case "script-ran":
      return `run ${e.skill}/${e.script} (${e.timedOut ? "timed out" : `exit ${e.exitCode ?? "none"}`})`;
    case "tool-call":
      return `tool ${e.name} ${e.ok ? "ok" : `failed${e.detail ? `: ${e.detail}` : ""}`}`;
    case "note":
      return `note: ${e.text}`;
    case "processes-killed":
      return `killed ${e.processes.length} process(es) of ${e.source} after ${e.after}`;
  }
}

function outcomeOf(r: RunResult): string {
  if (r.error !== undefined) return `error: ${r.error}`;
  if (r.refusal !== undefined) return `refused: ${r.refusal}`;
  return `answer: ${typeof r.output === "string" ? r.output : JSON.stringify(r.output)}`;
}

export function stepsOf(result: RunResult): string[] {
  const steps = [...result.trace.map(stepOf), outcomeOf(result)].map((s) => cut(s.replace(/\s+/g, " ")));
  if (steps.length <= MAX_STEPS) return steps;
  // Keep the start and the outcome: the divergence is usually early, the verdict is always last.
  const dropped = steps.length - (MAX_STEPS - 1);
  return [...steps.slice(0, MAX_STEPS - 2), `… ${dropped} steps left out`, steps[steps.length - 1]!];
}
