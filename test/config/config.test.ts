import { describe, expect, it } from "vitest";
import { Config, DEFAULT_CONFIG } from "../../src/core/config/config.js";

describe("config", () => {
  it("defaults match docs/engine.md's table (FRAMES Table 3)", () => {
    const e = DEFAULT_CONFIG.evolve;
    expect([e.topK, e.batchSize, e.maxIterations, e.patience, e.frontierCap]).toEqual([5, 8, 10, 3, 3]);
    expect([e.consolidation, e.voteThreshold, e.epsilon, e.regressionSample, e.n, e.k, e.seed]).toEqual([
      "section",
      0.4,
      0.05,
      0.5,
      3,
      3,
      0,
    ]);
    expect(DEFAULT_CONFIG.categories).toEqual(["general", "hallucination", "special"]);
    expect(DEFAULT_CONFIG.models.roles.judge.model).toBe("gpt-4o-mini");
  });

  it("rejects unknown keys with the key's path", () => {
    const r = Config.safeParse({ evolve: { patiense: 2 } });
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toContain("patiense");
  });
});
