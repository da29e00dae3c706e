// docs/scale.md's projection (bench/scale-projection.ts): the page's generated block is what the
// formula prints today, and the formula gives the worked example and the limits it names.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_ASSUMPTIONS,
  project,
  renderProjection,
  SCALE_PROJECTION,
} from "../../bench/scale-projection.js";
import { readBlock } from "../../scripts/generated-blocks.js";
import { REPO_ROOT } from "../support/repo-root.js";

const a = DEFAULT_ASSUMPTIONS;

describe("the scale projection", () => {
  it("docs/scale.md holds the table the formula prints today", () => {
    const page = readFileSync(join(REPO_ROOT, SCALE_PROJECTION.page), "utf8");
    expect(
      readBlock(page, SCALE_PROJECTION.name, SCALE_PROJECTION.page),
      "stale: run npm run figures:docs",
    ).toBe(renderProjection(a));
  });

  it("gives the issue's example: 200 cases × n=3 × 10 candidates × 30 s at concurrency 8 is about 6 h on one runner", () => {
    const p = project({ cases: 200, n: 3, execS: 30, shards: 1 }, a);
    expect(p.wallS / 3600).toBeGreaterThan(6);
    expect(p.wallS / 3600).toBeLessThan(6.5);
    expect(p.binds).toMatch(/^job time/);
  });

  it("shards divide the compute but not the rate floor, and past the runner count they queue in waves", () => {
    const one = project({ cases: 500, n: 3, execS: 30, shards: 1 }, a);
    const eight = project({ cases: 500, n: 3, execS: 30, shards: 8 }, a);
    expect(eight.wallS).toBeLessThan(one.wallS / 6);
    const fast = project({ cases: 5000, n: 1, execS: 5, shards: 16 }, a);
    expect(fast.binds).toBe("API rate limit");
    expect(fast.wallS).toBeGreaterThanOrEqual(
      (a.evaluations * 5000 * a.callsPerExecution * 60) / a.requestsPerMinute,
    );
    expect(project({ cases: 500, n: 3, execS: 30, shards: 64 }, a).binds).toMatch(/^runner count/);
  });
});
