// How a run splits the regression pool and the evolution cases: the gate's sample (FRAMES §A.9.2)
// and the `holdBack` share kept from selection so the PR's paired test against the deployed bank is
// out of sample (docs/engine.md "Held-out confirmation").
import { z } from "zod";

export const poolKeys = {
  regressionSample: z
    .number()
    .min(0)
    .default(0.5)
    .describe("Regression-pool sample as a fraction of the current evaluation set."),
  holdBack: z
    .number()
    .min(0)
    .max(0.5)
    .default(0.2)
    .describe(
      "Share of each category's evolution cases and regression-pool cases held back from selection (at most 60 pool cases), re-drawn every run: the PR's paired test against the deployed bank runs on them. 0 holds back nothing, and the PR then says it has no held-out test.",
    ),
};
