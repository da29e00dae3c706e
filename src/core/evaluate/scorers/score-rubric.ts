// Scores an agent's output against a case's rubric: one scorer per rubric type; the case passes
// when every item passes. The `command` scorer touches the world, so it is passed in (`runCommand`)
// rather than imported: this module stays pure.
import type { Case, RubricItem } from "../../../records/case.js";
import type { Model } from "../../llm/model.js";
import { addTokens, ZERO_TOKENS, type Tokens } from "../../../records/tokens.js";
import type { ItemVerdict } from "../../../records/eval-record.js";
import { scoreContains } from "./contains.js";
import { scoreEquals } from "./equals.js";
import { scoreJudge } from "./judge.js";
import { scoreKernel } from "./kernel.js";
import { scoreNotContains } from "./not-contains.js";
import { scoreNumber } from "./number.js";
import { scoreRegex } from "./regex.js";
import { scoreSet } from "./set.js";

export type CommandItem = Extract<RubricItem, { type: "command" }>;
/** Runs a `command` rubric item on the output (see io/runners/command-scorer.ts for the real one). */
export type CommandScorer = (item: CommandItem, output: unknown, c?: Case) => Promise<ItemVerdict>;

export interface ScoreContext {
  judge?: Model;
  /** The task prompt, shown to the judge. */
  task?: string;
  /** The case being scored (the command scorer runs from its folder). */
  case?: Case;
  runCommand?: CommandScorer;
}

export interface RubricScore {
  pass: boolean;
  items: ItemVerdict[];
  /** Tokens the judge spent. */
  usage: Tokens;
}

export async function scoreItem(
  item: RubricItem,
  output: unknown,
  ctx: ScoreContext,
): Promise<{ verdict: ItemVerdict; usage: Tokens }> {
  const plain = (verdict: ItemVerdict) => ({ verdict, usage: ZERO_TOKENS });
  switch (item.type) {
    case "equals":
      return plain(scoreEquals(item, output));
    case "contains":
      return plain(scoreContains(item, output));
    case "not-contains":
      return plain(scoreNotContains(item, output));
    case "regex":
      return plain(scoreRegex(item, output));
    case "number":
      return plain(scoreNumber(item, output));
    case "set":
      return plain(scoreSet(item, output));
    case "judge":
      return scoreJudge(item, output, ctx);
    case "kernel":
      return plain(scoreKernel(item, output));
    case "command":
      if (!ctx.runCommand)
        return plain({
          type: item.type,
          pass: false,
          reason: "no command scorer available for a command rubric item",
          failure: "no-command-runner",
        });
      return plain(await ctx.runCommand(item, output, ctx.case));
  }
}

/** Every item is scored (no short-circuit), so a record shows all the reasons a case failed. */
export async function scoreRubric(
  items: readonly RubricItem[],
  output: unknown,
  ctx: ScoreContext = {},
): Promise<RubricScore> {
  const verdicts: ItemVerdict[] = [];
  let usage: Tokens = ZERO_TOKENS;
  for (const item of items) {
    const r = await scoreItem(item, output, ctx);
    verdicts.push(r.verdict);
    usage = addTokens(usage, r.usage);
  }
  return { pass: verdicts.length > 0 && verdicts.every((v) => v.pass), items: verdicts, usage };
}
