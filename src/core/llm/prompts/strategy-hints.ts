// SkillEvolver's strategy hints: one short line per run index added to the agent's prompt, so a
// case's n runs explore different ways of using the skills (core/evolve/strategies/ wires them in).
export const STRATEGY_HINTS = [
  {
    name: "focused",
    text: "Strategy: load only the skill closest to the task and read just the sections that match it.",
  },
  {
    name: "thorough",
    text: "Strategy: read every section of each skill you load before answering.",
  },
  {
    name: "broad",
    text: "Strategy: load every listed skill whose description could apply, not only the closest one.",
  },
] as const;

export type StrategyHintName = (typeof STRATEGY_HINTS)[number]["name"];

export function hintFor(runIndex: number): (typeof STRATEGY_HINTS)[number] {
  return STRATEGY_HINTS[runIndex % STRATEGY_HINTS.length]!;
}
