// `judge`: a model in the judge role decides a natural-language criterion and explains why. A failed
// judge call (after its one repair attempt) is a recorded failure of the item, never a crash.
import type { RubricItem } from "../../../records/case.js";
import type { Model } from "../../llm/model.js";
import { ZERO_TOKENS, type Tokens } from "../../../records/tokens.js";
import { JUDGE_SCHEMA_NAME, JudgeVerdict, renderJudgePrompt } from "../../llm/prompts/judge.js";
import type { ItemVerdict } from "../../../records/eval-record.js";
import { outputText } from "./select.js";

export async function scoreJudge(
  item: Extract<RubricItem, { type: "judge" }>,
  output: unknown,
  ctx: { judge?: Model; task?: string },
): Promise<{ verdict: ItemVerdict; usage: Tokens }> {
  if (!ctx.judge) {
    return {
      verdict: {
        type: item.type,
        pass: false,
        reason: "no judge model configured for a judge rubric item",
        failure: "no-judge",
      },
      usage: ZERO_TOKENS,
    };
  }
  const result = await ctx.judge.structured({
    role: "judge",
    messages: renderJudgePrompt({
      criterion: item.criterion,
      task: ctx.task ?? "",
      answer: outputText(output),
    }),
    schema: JudgeVerdict,
    schemaName: JUDGE_SCHEMA_NAME,
  });
  if (!result.ok) {
    return {
      verdict: {
        type: item.type,
        pass: false,
        reason: `judge call failed (${result.failure.kind}): ${result.failure.message}`,
        failure: "judge-failed",
      },
      usage: result.usage,
    };
  }
  return {
    verdict: { type: item.type, pass: result.value.pass, reason: result.value.reasoning },
    usage: result.usage,
  };
}
