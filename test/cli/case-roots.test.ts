// The folder a case's files and command items resolve against (case-roots.ts), the one function
// the run and its shard jobs share: accepted cases from --cases, every other case from the pool.
import { describe, expect, it } from "vitest";
import { caseRoots } from "../../src/apps/cli/evolve/case-roots.js";

const io = { cwd: "/repo" };
const config = { pool: "regression-pool" };

describe("caseRoots", () => {
  it("an accepted case resolves against --cases, any other against the pool", () => {
    const rootFor = caseRoots(io, { cases: "feedback", pool: "../pool" }, config, ["a1", "a2"]);
    expect(rootFor({ id: "a1" })).toBe("/repo/feedback");
    expect(rootFor({ id: "a2" })).toBe("/repo/feedback");
    expect(rootFor({ id: "p7" })).toBe("/pool");
  });

  it("without --cases (cases from GitHub issues) and --pool, both resolve against the config's pool", () => {
    const rootFor = caseRoots(io, {}, config, new Set(["a1"]));
    expect(rootFor({ id: "a1" })).toBe("/repo/regression-pool");
    expect(rootFor({ id: "p7" })).toBe("/repo/regression-pool");
  });
});
