// The checkpoint a run hands its writer after the baseline and after every iteration: the inputs'
// hashes, the config, and a copy of the whole loop state (checkpoint.ts has the schema).
import { type Checkpoint, CHECKPOINT_VERSION } from "./checkpoint.js";
import type { RunContext } from "./context.js";
import { withLedgerCalls } from "./role-calls.js";

export async function saveCheckpoint(ctx: RunContext): Promise<void> {
  if (!ctx.deps.checkpoint) return;
  const cp: Checkpoint = {
    version: CHECKPOINT_VERSION,
    inputs: ctx.in.inputs,
    config: ctx.in.config,
    state: { ...structuredClone(ctx.state), tokens: withLedgerCalls(ctx.state.tokens, ctx.deps.ledger) },
  };
  await ctx.deps.checkpoint(cp);
}
