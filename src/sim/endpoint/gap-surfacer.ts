// The simulated coverage-gap surfacer: the case drafted straight from the quoted clause: the prompt
// asks for help with what the clause governs, each of its rules (list items, else sentences, at most
// eight) becomes one judge criterion, and no skill is named. Deterministic, and it needs no world.
import { z } from "zod";
import type { ConverterRubricItem } from "../../core/llm/prompts/converter.js";
import { GAP_SURFACER_LABELS, type GapSurfacerAnswer } from "../../core/llm/prompts/gap-surfacer.js";
import { userText, type ChatRequestBody } from "./chat-request.js";
import { FeedbackInputError } from "./feedback-input.js";
import { readQuotedBlocks } from "./quoted-blocks.js";

const QuotedClause = z.object({ file: z.string(), headings: z.array(z.string()).min(1), link: z.string() });
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(.*\S)\s*$/;

/** The clause's rules: its list items, else its prose sentences; emphasis marks dropped. */
export function clauseRules(text: string): string[] {
  const lines = text.split(/\r?\n/).map((l) => l.replace(/\*\*|__/g, ""));
  const items = lines.map((l) => LIST_ITEM.exec(l)?.[1]).filter((s): s is string => s !== undefined);
  if (items.length) return items;
  return lines
    .join(" ")
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

function readClause(body: ChatRequestBody) {
  const blocks = readQuotedBlocks(userText(body));
  const raw = blocks.find((b) => b.label === GAP_SURFACER_LABELS.clause)?.text;
  const text = blocks.find((b) => b.label === GAP_SURFACER_LABELS.text)?.text;
  if (raw === undefined || text === undefined)
    throw new FeedbackInputError("the gap surfacer request quotes no clause or no clause text");
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch (e) {
    throw new FeedbackInputError(
      `the ${GAP_SURFACER_LABELS.clause} block is not JSON: ${(e as Error).message}`,
    );
  }
  const clause = QuotedClause.safeParse(data);
  if (!clause.success)
    throw new FeedbackInputError(
      `the ${GAP_SURFACER_LABELS.clause} block is malformed: ${clause.error.message}`,
    );
  return { ...clause.data, text };
}

export function answerGapSurfacer(body: ChatRequestBody): GapSurfacerAnswer {
  const clause = readClause(body);
  const title = clause.headings.at(-1)!;
  const path = clause.headings.join(" › ");
  const rules = clauseRules(clause.text).slice(0, 8);
  const rubric: ConverterRubricItem[] = rules.map((r) => ({
    type: "judge",
    criterion: `The agent acts as this rule of the policy section "${title}" requires: ${r}`.slice(0, 2000),
  }));
  return {
    diagnosis:
      `No skill of the bank exercises the policy clause "${path}" (${clause.link}); an agent without it ` +
      `may not follow: ${rules[0] ?? title}`.slice(0, 2000),
    prompt: `I need help with something the "${title}" part of your policy covers. ${rules[0] ?? ""}`
      .trim()
      .slice(0, 20_000),
    rubric: rubric.length
      ? rubric
      : [{ type: "judge", criterion: `The agent follows the policy section "${title}".` }],
    skill: null,
  };
}
