// The run record's `tokens` with each role's model requests: the engine sums the tokens of the roles
// it runs, the run's ledger counts every request (the agent's tool turns, repair attempts, and roles
// the engine never sees: embedding, converter). Tokens a previous session spent arrive in `tokens`
// (from the checkpoint) with their calls, so a resumed run adds this session's on top.
import type { UsageLedger } from "../llm/ledger.js";
import { addTokens } from "../../records/tokens.js";
import type { RoleTokens } from "../../records/run-record.js";

/** Roles whose tokens the engine charges itself (spend); only their calls come from the ledger. */
const ENGINE_ROLES: ReadonlySet<string> = new Set([
  "agent",
  "judge",
  "diagnoser",
  "consolidator",
  "rewriter",
  "auditor",
  "tool-smith",
  "strategist",
]);

export function withLedgerCalls(
  tokens: Readonly<Record<string, RoleTokens>>,
  ledger: Pick<UsageLedger, "byRole"> | undefined,
): Record<string, RoleTokens> {
  const out: Record<string, RoleTokens> = structuredClone({ ...tokens });
  if (!ledger) return out;
  for (const [role, used] of Object.entries(ledger.byRole())) {
    if (!used || used.calls === 0) continue;
    const before = out[role] ?? { input: 0, output: 0, cached: 0 };
    const sum = ENGINE_ROLES.has(role) && out[role] ? before : { ...before, ...addTokens(before, used) };
    out[role] = { ...sum, calls: (before.calls ?? 0) + used.calls };
  }
  return out;
}
