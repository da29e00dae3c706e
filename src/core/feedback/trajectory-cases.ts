// The trajectory channel's converter: each trace → the pre-detectors' findings → the trajectory
// analyst (a model, over the Model interface) confirms them and drafts one (m, t) case per failure,
// with `provenance.channel: trace` and `draft: true` until a maintainer accepts it. The trace is
// redacted before anything reads it (docs/security.md "Secrets in untrusted text"): no secret in a
// user turn or a tool result reaches the analyst's prompt or a drafted case.
import { Case, CASE_ID, type RubricItem } from "../../records/case.js";
import type { TraceRecord } from "../evaluate/trace-record.js";
import type { Model } from "../llm/model.js";
import type { Tokens } from "../../records/tokens.js";
import type { ConverterRubricItem } from "../llm/prompts/converter.js";
import {
  TRAJECTORY_SCHEMA_NAME,
  TrajectoryAnswer,
  trajectoryMessages,
  type TrajectoryFailure,
} from "../llm/prompts/trajectory-analyst.js";
import { detectFindings, type TraceView } from "./trajectory-findings.js";
import { redactDeep } from "../../vocabulary/redact-secrets.js";
import { redactCase } from "../cases/redact-case.js";

export type TraceOutcome = { line: number; trace: string; run: number } & (
  | { kind: "cases"; cases: Case[]; injection?: string }
  | { kind: "failed"; reason: string }
  /** A trace marked as holding no replayable task (`noTask`): reported, drafts nothing, fails nothing. */
  | { kind: "skipped"; reason: string }
);

export interface TraceOptions {
  file: string;
  now: string;
  categories: readonly string[];
  acceptedBy?: string;
  onUsage?: (u: Tokens) => void;
}

function argumentOf(json: string, key: string): unknown {
  try {
    return (JSON.parse(json) as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

const INPUT_FILES = /\n\nInput files: [^\n]*$/;

/** The task to replay: the first user turn (without the runner's file list) and the files it read. */
function taskOf(r: TraceRecord): { prompt: string; files: { path: string; content: string }[] } | undefined {
  const prompt = r.messages
    .find((m) => m.role === "user")
    ?.content?.replace(INPUT_FILES, "")
    .trim();
  if (!prompt) return undefined;
  const reads = new Map<string, string>();
  for (const m of r.messages)
    for (const c of m.tool_calls ?? []) {
      if (c.function.name !== "read_file") continue;
      const result = r.messages.find((x) => x.role === "tool" && x.tool_call_id === c.id)?.content;
      const path = argumentOf(c.function.arguments, "path");
      if (typeof path === "string" && result && !result.startsWith("error:")) reads.set(path, result);
    }
  return { prompt, files: [...reads].map(([path, content]) => ({ path, content })) };
}

function caseId(r: TraceRecord, kind: string): string {
  const base = r.case
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^[^a-z0-9]+/, "")
    .slice(0, 80);
  const id = `trace-${base || "x"}-r${r.run}-${kind}`;
  return CASE_ID.test(id) ? id : `trace-r${r.run}-${kind}`;
}

const withoutNulls = (i: ConverterRubricItem): RubricItem =>
  Object.fromEntries(Object.entries(i).filter(([, v]) => v !== null)) as RubricItem;

function caseOf(r: TraceRecord, line: number, f: TrajectoryFailure, o: TraceOptions) {
  const task = taskOf(r)!;
  return Case.safeParse({
    id: caseId(r, f.kind),
    category: r.category && o.categories.includes(r.category) ? r.category : o.categories[0],
    diagnosis: f.diagnosis,
    task: { prompt: task.prompt, files: task.files, rubric: f.rubric.map(withoutNulls) },
    skills: f.skill ? [f.skill] : r.skills,
    provenance: {
      channel: "trace",
      url: `${o.file}#L${line}`,
      ...(o.acceptedBy ? { acceptedBy: o.acceptedBy } : { draft: true }),
      created: o.now,
    },
  });
}

export const traceView = (r: TraceRecord): TraceView => ({
  outcome: r.outcome,
  ...(r.error ? { error: r.error } : {}),
  skillsAvailable: r.skillsAvailable,
  messages: r.messages,
  events: r.events,
});

async function analyseOne(
  model: Model,
  raw: TraceRecord,
  line: number,
  o: TraceOptions,
): Promise<TraceOutcome> {
  const { value: r, kinds: redacted } = redactDeep(raw);
  const head = { line, trace: r.case, run: r.run };
  const findings = detectFindings(traceView(r));
  if (findings.length === 0) return { ...head, kind: "cases", cases: [] };
  if (!taskOf(r) && r.noTask) return { ...head, kind: "skipped", reason: r.noTask };
  if (!taskOf(r))
    return { ...head, kind: "failed", reason: "the trace has no user message to replay as the task" };
  const answer = await model.structured({
    role: "trajectory-analyst",
    messages: trajectoryMessages({ name: `${r.case} run ${r.run}`, trace: traceView(r), findings }),
    schema: TrajectoryAnswer,
    schemaName: TRAJECTORY_SCHEMA_NAME,
  });
  o.onUsage?.(answer.usage);
  if (!answer.ok)
    return {
      ...head,
      kind: "failed",
      reason: `the trajectory analyst gave no usable answer (${answer.failure.kind}: ${answer.failure.message})`,
    };
  const cases = new Map<string, Case>();
  for (const f of answer.value.failures) {
    const built = caseOf(r, line, f, o);
    if (!built.success)
      return {
        ...head,
        kind: "failed",
        reason: `the drafted ${f.kind} case is not valid: ${built.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
      };
    cases.set(built.data.id, redactCase(built.data, redacted)); // one case per kind of failure per trace
  }
  return {
    ...head,
    kind: "cases",
    cases: [...cases.values()],
    ...(answer.value.injection ? { injection: answer.value.injection } : {}),
  };
}

/** Every trace in order, one analyst call per trace with findings; a trace with none costs no call. */
export async function analyseTraces(
  model: Model,
  records: readonly { record: TraceRecord; line: number }[],
  o: TraceOptions,
): Promise<TraceOutcome[]> {
  const out: TraceOutcome[] = [];
  for (const { record, line } of records) out.push(await analyseOne(model, record, line, o));
  return out;
}
