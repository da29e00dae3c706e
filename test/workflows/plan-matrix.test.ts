import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/apps/cli/main.js";
import { Config } from "../../src/core/config/config.js";
import { MatrixError, parseRunsOn, planMatrix } from "../../src/core/init/plan-matrix.js";

describe("planMatrix", () => {
  it("gives one job for the whole bank on the default runner", () => {
    expect(planMatrix(Config.parse({}))).toEqual({
      include: [{ scope: "all", skills: [], "runs-on": ["ubuntu-latest"] }],
    });
  });

  it("sends kernel work to the GPU labels from config", () => {
    const c = Config.parse({
      evaluate: { runner: "kernel" },
      runners: { gpu: ["self-hosted", "gpu", "h100"] },
    });
    expect(planMatrix(c).include[0]?.["runs-on"]).toEqual(["self-hosted", "gpu", "h100"]);
  });

  it("runs one job per disjoint scope, each on its own labels or the default", () => {
    const c = Config.parse({
      scopes: [
        { name: "kernels", skills: ["cuda-fusion"], runsOn: ["self-hosted", "gpu"] },
        { name: "support", skills: ["refunds", "baggage"] },
      ],
    });
    expect(planMatrix(c).include).toEqual([
      { scope: "kernels", skills: ["cuda-fusion"], "runs-on": ["self-hosted", "gpu"] },
      { scope: "support", skills: ["refunds", "baggage"], "runs-on": ["ubuntu-latest"] },
    ]);
  });

  it("routes a kernel scope to the GPU labels and leaves the other scopes on the default", () => {
    const c = Config.parse({
      runners: { gpu: ["self-hosted", "gpu"] },
      scopes: [
        { name: "kernels", skills: ["writing-kernels"], runner: "kernel" },
        { name: "support", skills: ["refunds"] },
        { name: "pinned", skills: ["fusion"], runner: "kernel", runsOn: ["self-hosted", "h200"] },
      ],
    });
    expect(planMatrix(c).include.map((e) => [e.scope, e["runs-on"]])).toEqual([
      ["kernels", ["self-hosted", "gpu"]],
      ["support", ["ubuntu-latest"]],
      ["pinned", ["self-hosted", "h200"]],
    ]);
  });

  it("refuses overlapping or duplicate scopes", () => {
    const overlap = Config.parse({
      scopes: [
        { name: "a", skills: ["x"] },
        { name: "b", skills: ["y", "x"] },
      ],
    });
    expect(() => planMatrix(overlap)).toThrow(/skill "x" is in scopes "a" and "b"; scopes must be disjoint/);
    const dup = Config.parse({
      scopes: [
        { name: "a", skills: ["x"] },
        { name: "a", skills: ["y"] },
      ],
    });
    expect(() => planMatrix(dup)).toThrow(MatrixError);
  });

  it("lets the dispatch input override every job's labels", () => {
    const c = Config.parse({ scopes: [{ name: "a", skills: ["x"], runsOn: ["big"] }] });
    expect(planMatrix(c, parseRunsOn('["self-hosted","gpu"]')).include[0]?.["runs-on"]).toEqual([
      "self-hosted",
      "gpu",
    ]);
  });
});

describe("parseRunsOn", () => {
  it("reads a JSON array, a bare label, or nothing", () => {
    expect(parseRunsOn(' ["self-hosted", "gpu"] ')).toEqual(["self-hosted", "gpu"]);
    expect(parseRunsOn("ubuntu-24.04")).toEqual(["ubuntu-24.04"]);
    expect(parseRunsOn("")).toBeUndefined();
  });
  it("names what is wrong with bad input", () => {
    expect(() => parseRunsOn("[self-hosted")).toThrow(/not valid JSON/);
    expect(() => parseRunsOn("[]")).toThrow(/non-empty JSON array of label strings/);
    expect(() => parseRunsOn('["a", 3]')).toThrow(/non-empty JSON array/);
  });
});

describe("skillops matrix", () => {
  const run = async (cwd: string, argv: string[]) => {
    let out = "";
    let err = "";
    const code = await main(argv, {
      stdout: (t) => void (out += t),
      stderr: (t) => void (err += t),
      cwd,
      isTTY: false,
      env: {},
    });
    return { code, out, err };
  };
  const repo = (yml?: string) => {
    const dir = mkdtempSync(join(tmpdir(), "skillops-matrix-"));
    if (yml !== undefined) {
      mkdirSync(join(dir, ".github"));
      writeFileSync(join(dir, ".github/skillops.yml"), yml);
    }
    return dir;
  };

  it("prints matrix=<json> for $GITHUB_OUTPUT from the repository's config", async () => {
    const r = await run(repo("scopes:\n  - name: k\n    skills: [fuse]\n    runsOn: [self-hosted, gpu]\n"), [
      "matrix",
      "--github-output",
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      'matrix={"include":[{"scope":"k","skills":["fuse"],"runs-on":["self-hosted","gpu"]}]}\nshards=[1]\n',
    );
  });

  it("uses the defaults when the repository has no config", async () => {
    const r = await run(repo(), ["matrix"]);
    expect(JSON.parse(r.out)).toEqual({
      include: [{ scope: "all", skills: [], "runs-on": ["ubuntu-latest"] }],
    });
  });

  it("exits 1 on invalid config or overlapping scopes, 2 on a bad --runs-on", async () => {
    const bad = await run(repo("evolve:\n  topK: -1\n"), ["matrix"]);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/evolve\.topK/);
    const overlap = await run(repo("scopes:\n  - {name: a, skills: [x]}\n  - {name: b, skills: [x]}\n"), [
      "matrix",
    ]);
    expect(overlap.code).toBe(1);
    expect(overlap.err).toMatch(/must be disjoint/);
    const usage = await run(repo(), ["matrix", "--runs-on", "[oops"]);
    expect(usage.code).toBe(2);
    expect(usage.err).toMatch(/not valid JSON/);
  });
});
