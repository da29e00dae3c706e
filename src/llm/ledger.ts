// Usage accounting for one run, shared by every model of the run: tokens and dollars per role
// (the engine reports tokens by role), and the run's token/dollar budget — once spent, further
// calls are refused with a clear error so the run can finish cleanly with what it has.
import type { ModelsConfig, Price } from "../config/config.js";
import { addUsage, SystemicError, ZERO_USAGE, type Role, type Usage } from "./model.js";
import { dollarsFor } from "./prices.js";

/** Who spent the tokens: a role, or the embedding calls of hybrid retrieval. */
export type LedgerRole = Role | "embedding";

export interface RoleUsage extends Usage {
  calls: number;
  /** Dollars, counting only calls whose model has a price. */
  dollars: number;
}

export interface Budget {
  tokens?: number;
  dollars?: number;
}

export interface UsageLedger {
  /** Throws a SystemicError (reason `budget`) once the budget is spent. */
  assertBudget(): void;
  exhausted(): boolean;
  charge(role: LedgerRole, model: string, usage: Usage): void;
  byRole(): Partial<Record<LedgerRole, RoleUsage>>;
  total(): RoleUsage;
  /** True when every model that was called has a price, so `dollars` is complete. */
  fullyPriced(): boolean;
}

const EMPTY: RoleUsage = { ...ZERO_USAGE, calls: 0, dollars: 0 };

export function createLedger(opts: { prices?: Record<string, Price>; budget?: Budget } = {}): UsageLedger {
  const prices = opts.prices ?? {};
  const budget = opts.budget ?? {};
  const roles = new Map<LedgerRole, RoleUsage>();
  let total: RoleUsage = EMPTY;
  let unpriced = false;

  const overBy = (): string | undefined => {
    const tokens = total.input + total.output;
    if (budget.tokens !== undefined && tokens >= budget.tokens)
      return `token budget spent: ${tokens} of ${budget.tokens} tokens used`;
    if (budget.dollars !== undefined && total.dollars >= budget.dollars) {
      return `dollar budget spent: $${total.dollars.toFixed(4)} of $${budget.dollars} used`;
    }
    return undefined;
  };

  return {
    exhausted: () => overBy() !== undefined,
    assertBudget() {
      const why = overBy();
      if (why)
        throw new SystemicError(
          `model call refused: ${why} (raise models.budget in .github/skillops.yml)`,
          "budget",
        );
    },
    charge(role, model, usage) {
      const price = prices[model];
      if (!price) unpriced = true;
      const dollars = price ? dollarsFor(usage, price) : 0;
      const add = (a: RoleUsage): RoleUsage => ({
        ...addUsage(a, usage),
        calls: a.calls + 1,
        dollars: a.dollars + dollars,
      });
      roles.set(role, add(roles.get(role) ?? EMPTY));
      total = add(total);
    },
    byRole: () => Object.fromEntries(roles),
    total: () => total,
    fullyPriced: () => !unpriced,
  };
}

export function createLedgerFromConfig(config: ModelsConfig): UsageLedger {
  return createLedger({ prices: config.prices, budget: config.budget });
}
