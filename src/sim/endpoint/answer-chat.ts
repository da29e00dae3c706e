// The simulated endpoint's pure core for one chat completion: identify the role (the structured
// output's schema name; the agent by its `load_skill` tool), let that role answer from the world,
// and wrap the answer as a chat completion. Everything here is a function of the request, the
// world and the clock's instant.
import type { Role } from "../../core/llm/model.js";
import { AUDITOR_SCHEMA_NAME } from "../../core/llm/prompts/auditor.js";
import { CONSOLIDATOR_SCHEMA_NAME } from "../../core/llm/prompts/consolidator.js";
import { DIAGNOSER_SCHEMA_NAME } from "../../core/llm/prompts/diagnoser.js";
import { GAP_SURFACER_SCHEMA_NAME } from "../../core/llm/prompts/gap-surfacer.js";
import { JUDGE_SCHEMA_NAME } from "../../core/llm/prompts/judge.js";
import { GRAFT_SCHEMA_NAME } from "../../core/llm/prompts/graft-chooser.js";
import { REWRITER_SCHEMA_NAME } from "../../core/llm/prompts/rewriter.js";
import { SEGMENTER_SCHEMA_NAME } from "../../core/llm/prompts/segmenter.js";
import { SKILL_WRITER_SCHEMA_NAME } from "../../core/llm/prompts/skill-writer.js";
import { TRAJECTORY_SCHEMA_NAME } from "../../core/llm/prompts/trajectory-analyst.js";
import { TOOL_SMITH_SCHEMA_NAME } from "../../core/llm/prompts/tool-smith.js";
import { STRATEGIST_SCHEMA_NAME } from "../../core/llm/prompts/strategist.js";
import { answerStrategist } from "./strategist.js";
import type { World } from "../world.js";
import { answerAgent, type AgentCallCounts } from "./agent.js";
import { answerAuditor } from "./auditor.js";
import { ChatRequestBody } from "./chat-request.js";
import { answerClassifier } from "./classifier.js";
import { buildSimCompletion, type CompletionBody, type SimAnswer } from "./completion.js";
import { answerConsolidator } from "./consolidator.js";
import { answerConverter } from "./converter.js";
import { answerDiagnoser } from "./diagnoser.js";
import { FeedbackInputError } from "./feedback-input.js";
import { answerGapSurfacer } from "./gap-surfacer.js";
import { answerJudge } from "./judge.js";
import { answerKernelAgent } from "./kernel-agent.js";
import { answerGraftChooser } from "./graft-chooser.js";
import { answerRewriter } from "./rewriter.js";
import { answerSegmenter } from "./segmenter.js";
import { answerSkillWriter } from "./skill-writer.js";
import { answerTrajectoryAnalyst } from "./trajectory-analyst.js";
import { answerToolSmith } from "./tool-smith.js";
import { indexWorld } from "../world-index.js";

/** Schema names of the structured roles; the converter's two are named in src/core/feedback/model-converter.ts. */
export const SCHEMA_ROLES: Readonly<Record<string, Role>> = {
  [JUDGE_SCHEMA_NAME]: "judge",
  [DIAGNOSER_SCHEMA_NAME]: "diagnoser",
  [CONSOLIDATOR_SCHEMA_NAME]: "consolidator",
  [REWRITER_SCHEMA_NAME]: "rewriter",
  [GRAFT_SCHEMA_NAME]: "rewriter",
  classification: "classifier",
  test_case: "converter",
  [SEGMENTER_SCHEMA_NAME]: "segmenter",
  [SKILL_WRITER_SCHEMA_NAME]: "skill-writer",
  [GAP_SURFACER_SCHEMA_NAME]: "gap-surfacer",
  [TRAJECTORY_SCHEMA_NAME]: "trajectory-analyst",
  [AUDITOR_SCHEMA_NAME]: "auditor",
  [TOOL_SMITH_SCHEMA_NAME]: "tool-smith",
  [STRATEGIST_SCHEMA_NAME]: "strategist",
};

export type ChatAnswer =
  | { ok: true; role: Role; body: ChatRequestBody; completion: CompletionBody }
  | { ok: false; role?: Role; status: 400; message: string };

export function identifyRole(body: ChatRequestBody): Role | undefined {
  const name = body.response_format?.json_schema?.name;
  if (name !== undefined) return SCHEMA_ROLES[name];
  if (body.tools?.some((t) => t.function.name === "load_skill")) return "agent";
  return undefined;
}

/** The roles that read only the feedback, policy or skill in the request, so they answer before a world is loaded. */
const WORLDLESS: ReadonlySet<Role> = new Set([
  "classifier",
  "converter",
  "segmenter",
  "skill-writer",
  "gap-surfacer",
  "trajectory-analyst",
  "auditor",
  "strategist",
]);

function answerRole(world: World, role: Role, body: ChatRequestBody, counts?: AgentCallCounts): SimAnswer {
  const json = (x: unknown): SimAnswer => ({ content: JSON.stringify(x) });
  if (role === "classifier") return json(answerClassifier(body));
  if (role === "converter") return json(answerConverter(body));
  if (role === "segmenter") return json(answerSegmenter(body));
  if (role === "skill-writer") return json(answerSkillWriter(body));
  if (role === "gap-surfacer") return json(answerGapSurfacer(body));
  if (role === "trajectory-analyst") return json(answerTrajectoryAnalyst(body));
  if (role === "auditor") return json(answerAuditor(body));
  if (role === "strategist") return json(answerStrategist(body));
  const index = indexWorld(world);
  switch (role) {
    case "agent":
      return world.kernel ? answerKernelAgent(index, body) : answerAgent(index, body, counts);
    case "judge":
      return json(answerJudge(index, body));
    case "diagnoser":
      return json(answerDiagnoser(index, body));
    case "consolidator":
      return json(answerConsolidator(body));
    case "rewriter":
      return body.response_format?.json_schema?.name === GRAFT_SCHEMA_NAME
        ? json(answerGraftChooser(index, body))
        : json(answerRewriter(index, body));
    case "tool-smith":
      return json(answerToolSmith(index, body));
  }
}

/**
 * `world` is undefined until the caller loads one: then only the feedback roles can answer. `counts`:
 * the endpoint's agent-call counts (a sampled-model world draws afresh per call).
 */
export function answerChat(
  world: World | undefined,
  raw: unknown,
  now: Date,
  counts?: AgentCallCounts,
): ChatAnswer {
  const parsed = ChatRequestBody.safeParse(raw);
  if (!parsed.success)
    return {
      ok: false,
      status: 400,
      message: `not a chat completion request: ${parsed.error.issues[0]?.message}`,
    };
  const body = parsed.data;
  const role = identifyRole(body);
  if (!role)
    return {
      ok: false,
      status: 400,
      message:
        "the simulated endpoint cannot tell which skillops role this request is for: no response_format.json_schema.name it knows " +
        `(${Object.keys(SCHEMA_ROLES).join(", ")}) and no load_skill tool`,
    };
  if (!world && !WORLDLESS.has(role))
    return {
      ok: false,
      role,
      status: 400,
      message: `the simulated endpoint has no world loaded yet, so it cannot play the ${role}`,
    };
  try {
    return {
      ok: true,
      role,
      body,
      completion: buildSimCompletion(body, answerRole(world as World, role, body, counts), now),
    };
  } catch (e) {
    if (e instanceof FeedbackInputError) return { ok: false, role, status: 400, message: e.message };
    throw e;
  }
}
