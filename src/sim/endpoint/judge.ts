// The simulated judge: the criterion names what a passing answer reports (report-criterion.ts). It
// finds the world rule the criterion names (most of its words, or "reports <word>"), and passes the answer exactly when
// it reports that rule's finding (`report-<word>`, not `no-report-<word>`), as the simulated agent
// writes it. A criterion that names no rule fails, with the reason.
import type { JudgeVerdict } from "../../core/llm/prompts/judge.js";
import type { Rule } from "../world.js";
import { userText, type ChatRequestBody } from "./chat-request.js";
import { readQuotedBlocks } from "./quoted-blocks.js";
import type { WorldIndex } from "../world-index.js";

function ruleOfCriterion(rules: readonly Rule[], criterion: string): Rule | undefined {
  const text = criterion.toLowerCase();
  let best: { rule: Rule; score: number } | undefined;
  for (const rule of rules) {
    const score =
      rule.words.filter((w) => text.includes(w)).length + (text.includes(`reports ${rule.words[2]}`) ? 3 : 0);
    if (score > 0 && (!best || score > best.score)) best = { rule, score };
  }
  return best?.rule;
}

export function judgeInWorld(rules: readonly Rule[], criterion: string, answer: string): JudgeVerdict {
  const rule = ruleOfCriterion(rules, criterion);
  if (!rule) return { reasoning: "Simulated judge: the criterion names no rule of the world.", pass: false };
  const finding = `report-${rule.words[2]}`;
  const pass = answer.includes(finding) && !answer.includes(`no-${finding}`);
  return {
    reasoning: `Simulated judge: rule ${rule.id} asks for "${finding}"; the answer ${pass ? "reports it" : "does not report it"}.`,
    pass,
  };
}

export function answerJudge(index: WorldIndex, body: ChatRequestBody): JudgeVerdict {
  const blocks = readQuotedBlocks(userText(body));
  const criterion = blocks.find((b) => b.label === "Criterion")?.text ?? "";
  const answer = blocks.find((b) => b.label === "The agent's answer")?.text ?? "";
  return judgeInWorld(index.world.rules, criterion, answer);
}
