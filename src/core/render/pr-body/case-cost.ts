// A member's (or the deployed bank's) cost as the PR body shows it: tokens per case, dollars when
// the config prices the agent's model, and the estimate's interval when early stop left runs unrun.
import type { Price } from "../../config/config.js";
import type { FrontierMember } from "../../../records/run-record.js";
import { dollarsFor } from "../../llm/prices.js";
import type { CaseCost } from "./pr-body-input.js";

export function caseCostOf(
  m: Pick<FrontierMember, "cost" | "costEstimate">,
  price: Price | undefined,
): CaseCost {
  // Dollars per case at the config's price for the agent's model (the one formula, llm/prices.ts).
  const dollars = price ? dollarsFor(m.cost, price) : undefined;
  return {
    ...m.cost,
    ...(dollars !== undefined ? { dollars } : {}),
    ...(m.costEstimate ? { estimate: m.costEstimate } : {}),
  };
}
