// The simulated trajectory analyst: world-less and deterministic. It reads back the quoted trace,
// runs the same pre-detectors the caller ran (src/core/feedback/trajectory-findings.ts) and drafts one
// failure per finding, with a rubric on the final answer of a re-run. Injection is what the intake
// heuristics find in the trace's text.
import { z } from "zod";
import { TraceMessage } from "../../core/evaluate/trace-record.js";
import {
  detectFindings,
  ungroundedNumbers,
  type TraceView,
} from "../../core/feedback/trajectory-findings.js";
import { detectInjection } from "../../core/feedback/injection.js";
import type { ConverterRubricItem } from "../../core/llm/prompts/converter.js";
import {
  TRACE_LABEL,
  type FindingKind,
  type TrajectoryAnswer,
  type TrajectoryFailure,
  type TrajectoryFinding,
} from "../../core/llm/prompts/trajectory-analyst.js";
import { userText, type ChatRequestBody } from "./chat-request.js";
import { FeedbackInputError } from "./feedback-input.js";
import { readQuotedBlocks } from "./quoted-blocks.js";

const QuotedTrace = z.object({
  outcome: z.enum(["pass", "fail", "error", "unknown"]),
  error: z.string().optional(),
  skillsAvailable: z.array(z.string()),
  messages: z.array(TraceMessage),
  events: z.array(z.record(z.string(), z.unknown())),
});

function readTrace(body: ChatRequestBody): TraceView {
  const block = readQuotedBlocks(userText(body)).find((b) => b.label.startsWith(TRACE_LABEL));
  if (!block) throw new FeedbackInputError("the trajectory analyst request quotes no agent trace");
  let data: unknown;
  try {
    data = JSON.parse(block.text);
  } catch (e) {
    throw new FeedbackInputError(`the quoted trace is not JSON: ${(e as Error).message}`);
  }
  const parsed = QuotedTrace.safeParse(data);
  if (!parsed.success)
    throw new FeedbackInputError(`the quoted trace is not a trace: ${parsed.error.message}`);
  return parsed.data;
}

const judge = (criterion: string): ConverterRubricItem => ({ type: "judge", criterion });

/** The skill the task is about: the first available one whose name shares a word with the task. */
function likelySkill(t: TraceView): string | null {
  const task = (t.messages.find((m) => m.role === "user")?.content ?? "").toLowerCase();
  return t.skillsAvailable.find((s) => s.split("-").some((w) => w.length > 3 && task.includes(w))) ?? null;
}

type Drafted = Pick<TrajectoryFailure, "diagnosis" | "rubric">;

/** Per kind: the failure record and the checks a re-run must pass. */
const DRAFTS: Record<FindingKind, (t: TraceView, evidence: string) => Drafted> = {
  "failed-tool-call": (_, e) => ({
    diagnosis: `A tool call failed (${e}) and the agent went on without its result. It should call the tool correctly, or say it could not, rather than answer as if it had succeeded.`,
    rubric: [judge("The answer does not rely on the result of a tool call that failed.")],
  }),
  "ungrounded-value": (t, e) => ({
    diagnosis: `The final answer states a value no tool returned (${e}). Every figure in the answer must come from a tool result or the task.`,
    rubric: [
      ...ungroundedNumbers(t)
        .slice(0, 3)
        .map((n): ConverterRubricItem => ({
          type: "not-contains",
          value: String(n),
          path: null,
          ignoreCase: null,
        })),
      judge("Every number in the answer comes from a tool result or from the task."),
    ],
  }),
  loop: (_, e) => ({
    diagnosis: `The agent repeated itself without progress (${e}). It should use the result it already has and reach a final answer.`,
    rubric: [judge("The agent reaches a final answer instead of repeating the same tool call.")],
  }),
  "skill-not-consulted": (_, e) => ({
    diagnosis: `The agent answered without consulting any skill (${e}). It should load the skill that covers the task and follow it.`,
    rubric: [judge("The answer follows the procedure of the skill that covers this task.")],
  }),
  "failed-outcome": (_, e) => ({
    diagnosis: `The run failed (${e}); nothing in the trace shows a tool or grounding fault, so the agent's reasoning or the skill it followed was wrong.`,
    rubric: [judge("The answer is correct for the task, following the policy that applies.")],
  }),
};

function draft(t: TraceView, f: TrajectoryFinding): TrajectoryFailure {
  const d = DRAFTS[f.kind](t, f.evidence);
  return {
    kind: f.kind,
    evidence: f.evidence.slice(0, 1000),
    diagnosis: d.diagnosis.slice(0, 2000),
    skill: likelySkill(t),
    rubric: d.rubric,
  };
}

export function answerTrajectoryAnalyst(body: ChatRequestBody): TrajectoryAnswer {
  const trace = readTrace(body);
  const text = trace.messages.map((m) => m.content ?? "").join("\n");
  const suspicious = detectInjection({ did: text }).reasons[0];
  return {
    failures: detectFindings(trace)
      .slice(0, 10)
      .map((f) => draft(trace, f)),
    injection: suspicious ? `${suspicious.reason}: ${suspicious.evidence}`.slice(0, 500) : null,
  };
}
