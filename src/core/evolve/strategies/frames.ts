// FRAMES, the default search: round-robin parents over the frontier, every child fully measured,
// nothing around the loop. The other strategies are this object with their differences over it.
import { measureFully } from "../gate/evaluate-child.js";
import { roundRobin } from "./parent-selector.js";
import type { SearchStrategyPlan } from "./search-strategy-plan.js";

export const frames: SearchStrategyPlan = {
  parentSelector: () => roundRobin,
  prepare: async () => {},
  contrastsOf: () => Promise.resolve(new Map()),
  measureChild: measureFully,
  graft: async (_ctx, _t, _parent, step) => step,
  afterIteration: async () => {},
  settleAtStop: async () => false,
  stopBefore: () => undefined,
  forcesExactCost: false,
  shipped: (_ctx, framesPick) => ({ star: framesPick }),
};
