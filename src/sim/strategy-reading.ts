// How the simulated agent follows a SkillEvolver written strategy (the line after its task,
// exploration-strategies.ts): by what the text says, not by the strategy's name. "every listed
// skill" loads every skill shown, "every section" reads loaded skills whole, and a skill named in
// backticks is loaded besides the ones the task calls for. Anything else is read as the plain reading.

export interface StrategyReading {
  /** Load every listed skill, not only the ones the task calls for. */
  broad: boolean;
  /** Read every section of the skills loaded. */
  thorough: boolean;
  /** Skills the strategy names, loaded too. */
  named: string[];
}

export const PLAIN_READING: StrategyReading = { broad: false, thorough: false, named: [] };

const STRATEGY_LINE = /\n\nStrategy ([a-z0-9][a-z0-9-]*): ([^\n]*)$/;

export function readStrategy(text: string | undefined): StrategyReading {
  if (!text) return PLAIN_READING;
  const lowered = text.toLowerCase();
  return {
    broad: lowered.includes("every listed skill"),
    thorough: lowered.includes("every section"),
    named: [...text.matchAll(/`([A-Za-z0-9][A-Za-z0-9_.-]*)`/g)].map((m) => m[1]!),
  };
}

/** A user prompt split into the task (with its input-files line) and the strategy line after it. */
export function splitStrategy(prompt: string): { task: string; strategy?: string } {
  const m = STRATEGY_LINE.exec(prompt);
  return m ? { task: prompt.slice(0, m.index), strategy: m[2]! } : { task: prompt };
}

/** The skills a run loads: `plain` (what the task calls for), widened as the strategy says. */
export function strategySkills(
  reading: StrategyReading,
  plain: readonly string[],
  listed: readonly string[],
): string[] {
  if (reading.broad) return [...listed];
  return listed.filter((name) => plain.includes(name) || reading.named.includes(name));
}
