// SkillEvolver's written exploration strategies as the prompts show them: the line a run's agent
// gets after its task, and the block the diagnosers and the rewriter read as data (which run
// followed which strategy). The strategies themselves come from the strategist (strategist.ts).
import type { WrittenStrategy } from "../../../records/written-strategy.js";
import { quoteAsData } from "./judge.js";

export const STRATEGIES_LABEL =
  "Exploration strategies the agent runs followed (run i follows strategy i mod K)";

/** The strategy run `runIndex` of a case follows: strategy runIndex mod K. */
export function strategyOf(
  strategies: readonly WrittenStrategy[],
  runIndex: number,
): WrittenStrategy | undefined {
  return strategies.length ? strategies[runIndex % strategies.length] : undefined;
}

/** What the agent's prompt gets after the task. */
export function strategyLine(s: WrittenStrategy): string {
  return `Strategy ${s.name}: ${s.text}`;
}

/** The strategies block of the diagnoser and rewriter prompts, with what the reader does with it. */
export function renderStrategiesBlock(
  strategies: readonly WrittenStrategy[],
  reader: "diagnoser" | "rewriter",
): string {
  const lead =
    reader === "diagnoser"
      ? "The agent's runs of each case followed these written strategies. A contrast names the strategy of its best and worst run: judge whether the skill misled or under-specified the losing strategy."
      : "The agent's runs follow these written strategies. Write the skill so an agent following any of them finds and applies the guidance.";
  return `${lead}\n\n${quoteAsData(STRATEGIES_LABEL, strategies.map((s, i) => `${i + 1}. ${s.name}: ${s.text}`).join("\n"))}`;
}

/**
 * The strategies a run falls back to when no strategist answers (a Roles without one, or its
 * failure): four plans over the axes an Agent Skills run can vary, which skills to load and how much
 * of them to read.
 */
export const FALLBACK_STRATEGIES: readonly WrittenStrategy[] = [
  {
    name: "focused",
    text: "Load only the skill closest to the task and read just the sections that match it; answer from that skill's rules.",
  },
  {
    name: "thorough",
    text: "Load the skill closest to the task and read every section of it before answering; follow the most specific rule that applies.",
  },
  {
    name: "broad",
    text: "Load every listed skill whose description could apply, not only the closest one; where they disagree, follow the more specific rule.",
  },
  {
    name: "rules-first",
    text: "Before answering, find the rules or checks section of the closest skill and test your answer against each rule in it.",
  },
];
