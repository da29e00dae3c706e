// Dollars for a number of tokens at a model's price (dollars per million tokens). Cached input is
// billed at the cached price when one is set, else at the input price.
import type { Price } from "../config/config.js";
import type { Tokens } from "../../records/tokens.js";

export function dollarsFor(usage: Tokens, price: Price): number {
  const cached = Math.min(usage.cached, usage.input);
  const fresh = usage.input - cached;
  return (
    (fresh * price.input + cached * (price.cached ?? price.input) + usage.output * price.output) / 1_000_000
  );
}
