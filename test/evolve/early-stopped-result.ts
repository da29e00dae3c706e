// A case's result after early stop for the cost tests: `tokens` are the input tokens of the runs
// that ran (every one passed), `planned` the runs naive evaluation would make.
import type { CaseResult } from "../../src/records/eval-record.js";

export function earlyStoppedResult(id: string, tokens: number[], planned: number): CaseResult {
  const mean = tokens.length ? tokens.reduce((s, t) => s + t, 0) / tokens.length : 0;
  return {
    id,
    category: "general",
    planned,
    runs: tokens.length,
    successes: tokens.length,
    passAtK: 1,
    tokens: { input: mean, output: 0, cached: 0 },
    executed: tokens.length,
    savedByCache: 0,
    savedByEarlyStop: planned - tokens.length,
    scoringTokens: { input: 0, output: 0, cached: 0 },
    runDetails: tokens.map((t, runIndex) => ({
      runIndex,
      cached: false,
      tokens: { input: t, output: 0, cached: 0 },
      skillsLoaded: [],
      pass: true,
      items: [],
    })),
  };
}
