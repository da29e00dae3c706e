import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { HEAP_GROWING_PERCENT, heapGrowthFlag } from "../../src/apps/cli/evolve/heap-growth.js";

describe("heapGrowthFlag", () => {
  it("caps the growth when the process set nothing", () => {
    expect(heapGrowthFlag([], undefined)).toBe(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
    expect(heapGrowthFlag(["--enable-source-maps"], "--max-old-space-size=4096")).toBe(
      `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
    );
  });

  it("leaves a growth set on the node command line or in NODE_OPTIONS alone", () => {
    expect(heapGrowthFlag(["--heap-growing-percent=200"], undefined)).toBeUndefined();
    expect(heapGrowthFlag([], "--inspect --heap_growing_percent=10")).toBeUndefined();
  });

  it("names a flag this Node's V8 accepts (an unknown one is refused as a bad option)", () => {
    const flag = heapGrowthFlag([], undefined)!;
    const r = spawnSync(process.execPath, [flag, "-e", "0"], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const bad = spawnSync(process.execPath, ["--heap-growing-percentage=50", "-e", "0"], {
      encoding: "utf8",
    });
    expect(bad.status).not.toBe(0);
  });
});
