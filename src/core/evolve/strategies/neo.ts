// SkillNEO: comma selection over generations (neo-selection.ts), half-set screening of each child
// (neo-screen.ts), promotion of a generation's top m by screening rank (neo-promote.ts), grafting a
// donor's section into the child (graft.ts), and the archive its selector reads (`archives`); each
// generation's deployment decision (neo-deploy.ts) and the stops it drives (neo-stop.ts).
import { neoShipped } from "./neo-star.js";
import { frames } from "./frames.js";
import { graftStep } from "./graft.js";
import { promoteAtGenerationEnd, promoteScreened } from "./neo-promote.js";
import { screenChild } from "./neo-screen.js";
import { neoSelector } from "./neo-selection.js";
import { neoStopBefore } from "./neo-stop.js";
import type { SearchStrategyPlan } from "./search-strategy-plan.js";

export const neo: SearchStrategyPlan = {
  ...frames,
  parentSelector: neoSelector,
  measureChild: screenChild,
  graft: graftStep,
  afterIteration: promoteAtGenerationEnd,
  // A generation the run stopped in still promotes its top m: no screened child is dropped.
  settleAtStop: (ctx) => promoteScreened(ctx, ctx.state.t),
  stopBefore: neoStopBefore,
  shipped: neoShipped,
};
