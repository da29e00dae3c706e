// The judge criterion of a world case: what a passing answer reports. The simulated agents answer
// `report-<third word>` when they follow the rule, and the simulated judge (endpoint/judge.ts)
// passes exactly those answers, so a judge item agrees with the world's `equals` verdict check.
import type { Rule } from "./world.js";

export function reportCriterion(rule: Rule): string {
  return `The answer reports ${rule.words[2]} (the finding the rule on ${rule.words.join(" ")} asks for).`;
}
