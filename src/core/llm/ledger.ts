// Usage accounting for one run, shared by every model of the run: tokens and dollars per role
// (the engine reports tokens by role), and the run's token/dollar budget. A call first reserves a
// conservative estimate of what it may spend, so concurrent calls cannot all slip under the budget;
// it then settles to the endpoint's reported usage, or keeps the estimate when that usage is missing
// or invalid (counted as `unknownUsage`, with a warning the caller can print).
import type { ModelsConfig, Price } from "../config/config.js";
import { SystemicError, type Role } from "./model.js";
import { addTokens, ZERO_TOKENS, type Tokens } from "../../records/tokens.js";
import { dollarsFor } from "./prices.js";

/** Who spent the tokens: a role, or the embedding calls of hybrid retrieval. */
export type LedgerRole = Role | "embedding";

export interface RoleUsage extends Tokens {
  calls: number;
  /** Dollars, counting only calls whose model has a price. */
  dollars: number;
  /** Calls whose usage the endpoint did not report validly: charged at their estimate. */
  unknownUsage: number;
}

export interface Budget {
  tokens?: number;
  dollars?: number;
}

/** A call's claim on the budget while it is in flight. */
export interface Reservation {
  /**
   * Charge the call: `reported` where its figures are valid, the estimate for any that are not
   * (missing, negative, not an integer). Returns what was charged.
   */
  settle(reported: Partial<Record<keyof Tokens, unknown>> | undefined): Tokens;
  /** The call spent nothing (it was refused before any model ran): drop the claim. */
  release(): void;
}

export interface UsageLedger {
  /** Throws a SystemicError (reason `budget`) once the budget is spent. */
  assertBudget(): void;
  exhausted(): boolean;
  /** Claims `estimate` for one call, or throws a SystemicError (reason `budget`) when it does not fit. */
  reserve(role: LedgerRole, model: string, estimate: Tokens): Reservation;
  charge(role: LedgerRole, model: string, usage: Tokens): void;
  byRole(): Partial<Record<LedgerRole, RoleUsage>>;
  total(): RoleUsage;
  /** True when every model that was called has a price, so `dollars` is complete. */
  fullyPriced(): boolean;
  /** What the caller should show the user: calls charged at an estimate, and why. */
  warnings(): readonly string[];
}

const EMPTY: RoleUsage = { ...ZERO_TOKENS, calls: 0, dollars: 0, unknownUsage: 0 };

const validCount = (x: unknown): x is number => typeof x === "number" && Number.isInteger(x) && x >= 0;

/** The reported figures where valid, the estimate where not; `bad` names the fields replaced. */
function reconcile(
  estimate: Tokens,
  reported: Partial<Record<keyof Tokens, unknown>> | undefined,
): { usage: Tokens; bad: string[] } {
  if (!reported) return { usage: estimate, bad: ["usage"] };
  const bad: string[] = [];
  const pick = (k: "input" | "output"): number => {
    const v = reported[k];
    if (validCount(v)) return v;
    bad.push(`${k} ${v === undefined ? "missing" : JSON.stringify(v)}`);
    return estimate[k];
  };
  const input = pick("input");
  const output = pick("output");
  // An invalid cached figure only lowers the price: counting none is the conservative choice.
  const cached = validCount(reported.cached) && reported.cached <= input ? reported.cached : 0;
  return { usage: { input, output, cached }, bad };
}

/** Why the budget is spent, or undefined while it is not. */
function spentWhy(budget: Budget, total: RoleUsage): string | undefined {
  const tokens = total.input + total.output;
  if (budget.tokens !== undefined && tokens >= budget.tokens)
    return `token budget spent: ${tokens} of ${budget.tokens} tokens used`;
  if (budget.dollars !== undefined && total.dollars >= budget.dollars)
    return `dollar budget spent: $${total.dollars.toFixed(4)} of $${budget.dollars} used`;
  return undefined;
}

type Claim = { tokens: number; dollars: number };

/** Why `claim` does not fit beside what is spent and reserved, or undefined when it does. */
function misfitWhy(budget: Budget, total: RoleUsage, reserved: Claim, claim: Claim): string | undefined {
  const used = total.input + total.output + reserved.tokens;
  if (budget.tokens !== undefined && used + claim.tokens > budget.tokens)
    return `token budget would be exceeded: ${used} of ${budget.tokens} tokens used or reserved, and this call may need ${claim.tokens}`;
  const usedDollars = total.dollars + reserved.dollars;
  if (budget.dollars !== undefined && usedDollars + claim.dollars > budget.dollars)
    return `dollar budget would be exceeded: $${usedDollars.toFixed(4)} of $${budget.dollars} used or reserved, and this call may need $${claim.dollars.toFixed(4)}`;
  return undefined;
}

function addCall(a: RoleUsage, usage: Tokens, dollars: number, unknown: boolean): RoleUsage {
  return {
    ...addTokens(a, usage),
    calls: a.calls + 1,
    dollars: a.dollars + dollars,
    unknownUsage: a.unknownUsage + (unknown ? 1 : 0),
  };
}

const refuse = (why: string) =>
  new SystemicError(`model call refused: ${why} (raise models.budget in .github/skillops.yml)`, "budget");

export function createLedger(opts: { prices?: Record<string, Price>; budget?: Budget } = {}): UsageLedger {
  const prices = opts.prices ?? {};
  const budget = opts.budget ?? {};
  const roles = new Map<LedgerRole, RoleUsage>();
  const warnings: string[] = [];
  let total: RoleUsage = EMPTY;
  let unpriced = false;
  let reserved: Claim = { tokens: 0, dollars: 0 };

  const dollarsOf = (model: string, usage: Tokens) => {
    const price = prices[model];
    return price ? dollarsFor(usage, price) : 0;
  };
  const spent = () => spentWhy(budget, total);
  const charge = (role: LedgerRole, model: string, usage: Tokens, unknown: boolean) => {
    if (!prices[model]) unpriced = true;
    const dollars = dollarsOf(model, usage);
    const add = (a: RoleUsage) => addCall(a, usage, dollars, unknown);
    roles.set(role, add(roles.get(role) ?? EMPTY));
    total = add(total);
  };

  return {
    exhausted: () => spent() !== undefined,
    assertBudget() {
      const why = spent();
      if (why) throw refuse(why);
    },
    reserve(role, model, estimate) {
      const claim = { tokens: estimate.input + estimate.output, dollars: dollarsOf(model, estimate) };
      const why = spent() ?? misfitWhy(budget, total, reserved, claim);
      if (why) throw refuse(why);
      reserved = { tokens: reserved.tokens + claim.tokens, dollars: reserved.dollars + claim.dollars };
      let open = true;
      const drop = () => {
        if (open)
          reserved = { tokens: reserved.tokens - claim.tokens, dollars: reserved.dollars - claim.dollars };
        open = false;
      };
      return {
        release: drop,
        settle(reported) {
          drop();
          const { usage, bad } = reconcile(estimate, reported);
          if (bad.length > 0)
            warnings.push(
              `${model} (${role}) reported no valid usage (${bad.join(", ")}); charged an estimate of ${usage.input} input + ${usage.output} output tokens`,
            );
          charge(role, model, usage, bad.length > 0);
          return usage;
        },
      };
    },
    charge: (role, model, usage) => charge(role, model, usage, false),
    byRole: () => Object.fromEntries(roles),
    total: () => total,
    fullyPriced: () => !unpriced,
    warnings: () => warnings,
  };
}

export function createLedgerFromConfig(config: ModelsConfig): UsageLedger {
  return createLedger({ prices: config.prices, budget: config.budget });
}
