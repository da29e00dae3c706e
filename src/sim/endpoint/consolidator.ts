// The simulated consolidator behind the endpoint: reads the proposals' plans from the rendered
// consolidator prompt (src/core/llm/prompts/consolidator.ts) and merges them as the in-process role does.
import type { ConsolidatorAnswer } from "../../core/llm/prompts/consolidator.js";
import type { SkillPlan } from "../../records/run-record.js";
import { mergePlans } from "../merge-plans.js";
import { userText, type ChatRequestBody } from "./chat-request.js";
import { readQuotedBlocks } from "./quoted-blocks.js";

/** `Plan for <skill>: <plan>` sections of one proposal; a plan runs until the next section. */
function plansOf(text: string): SkillPlan[] {
  const parts = text.split(/^Plan for ([^:\n]+): /m);
  const plans: SkillPlan[] = [];
  for (let i = 1; i + 1 < parts.length; i += 2)
    plans.push({ skill: parts[i]!, plan: parts[i + 1]!.trimEnd() });
  return plans;
}

export function answerConsolidator(body: ChatRequestBody): ConsolidatorAnswer {
  const proposals = readQuotedBlocks(userText(body))
    .filter((b) => /^Proposal \d+$/.test(b.label))
    .map((b) => ({ plans: plansOf(b.text) }));
  return { plans: mergePlans(proposals) };
}
