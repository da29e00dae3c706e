// The run record's per-role calls: the engine's token sums, with each role's model requests from
// the run's ledger, added on top of what a checkpoint carried over from an earlier session.
import { describe, expect, it } from "vitest";
import { withLedgerCalls } from "../../src/core/evolve/role-calls.js";
import { RunRecord, RoleTokens } from "../../src/records/run-record.js";
import { createLedger } from "../../src/core/llm/ledger.js";

describe("withLedgerCalls", () => {
  it("takes calls from the ledger, keeps the engine's tokens, and adds roles only the ledger saw", () => {
    const ledger = createLedger();
    // The agent's two tool turns are one execution to the engine, two requests to the endpoint.
    ledger.charge("agent", "m", { input: 300, output: 10, cached: 0 });
    ledger.charge("agent", "m", { input: 350, output: 8, cached: 0 });
    ledger.charge("judge", "m", { input: 90, output: 12, cached: 0 });
    ledger.charge("embedding", "e", { input: 40, output: 0, cached: 0 });
    const engine = {
      agent: { input: 650, output: 18, cached: 0 },
      judge: { input: 90, output: 12, cached: 0 },
    };
    expect(withLedgerCalls(engine, ledger)).toEqual({
      agent: { input: 650, output: 18, cached: 0, calls: 2 },
      judge: { input: 90, output: 12, cached: 0, calls: 1 },
      embedding: { input: 40, output: 0, cached: 0, calls: 1 },
    });
    expect(engine.agent).toEqual({ input: 650, output: 18, cached: 0 });
  });

  it("after a resume, adds this session's requests to the checkpoint's", () => {
    const ledger = createLedger();
    ledger.charge("judge", "m", { input: 90, output: 12, cached: 0 });
    ledger.charge("embedding", "e", { input: 40, output: 0, cached: 0 });
    const carried = {
      judge: { input: 270, output: 36, cached: 0, calls: 3 },
      embedding: { input: 40, output: 0, cached: 0, calls: 1 },
    };
    expect(withLedgerCalls(carried, ledger)).toEqual({
      judge: { input: 270, output: 36, cached: 0, calls: 4 },
      embedding: { input: 80, output: 0, cached: 0, calls: 2 },
    });
  });

  it("without a ledger the tokens are as the engine summed them; records without calls still parse", () => {
    expect(withLedgerCalls({ agent: { input: 1, output: 2, cached: 0 } }, undefined)).toEqual({
      agent: { input: 1, output: 2, cached: 0 },
    });
    expect(RoleTokens.parse({ input: 1, output: 2 })).toEqual({ input: 1, output: 2, cached: 0 });
    expect(RoleTokens.safeParse({ input: 1, output: 2, calls: -1 }).success).toBe(false);
    expect(RunRecord.shape.tokens.parse({ judge: { input: 1, output: 2, calls: 3 } })).toEqual({
      judge: { input: 1, output: 2, cached: 0, calls: 3 },
    });
  });
});
