// `skillops sim new --kind over-budget` (docs/simulated-world.md "World kinds"): a bank larger than
// the agent's context. Forty skills, eight of them homes; the agent's context holds about a fifth of
// the bank (`params.contextLimit`), and the in-process agent never sees the skills past it in the
// order it is given them (context-limit.ts). So a run must choose which skills to expose
// (evolve.contextBudget, docs/engine.md "Context budget"): with every skill shown, the homes that
// fall past the limit fail their rules whatever their text says.
import { generateWorld, type GenerateOptions } from "./generate.js";
import { tokensOf } from "./token-count.js";
import type { World } from "./world.js";

/** The share of the starting bank's skill tokens that fits in the agent's context. */
const CONTEXT_SHARE = 0.2;

export function overBudgetWorld(opts: GenerateOptions): World {
  const base = generateWorld({ skills: 40, homes: 8, ...opts });
  const total = base.skills.reduce((n, s) => n + tokensOf(s.source), 0);
  const contextLimit = Math.floor(total * CONTEXT_SHARE);
  return { ...base, params: { ...base.params, contextLimit }, worldKind: "over-budget" };
}
