// Every bench in package.json runs once at its smallest size, so none can rot unnoticed (issue 43:
// `bench:startup` crashed looking for a renamed module, and nothing ran it). Each runs as
// `npm run bench:NAME -- ARGS` would, with its smallest flags, and must exit 0 and print something.
// The suite shares two cores: the benches that take more than a few seconds of CPU even at their
// smallest size are listed with why, and run only with SKILLOPS_BENCH_ALL=1 (at those same
// smallest flags); the test below fails when a bench script has no entry here. CI runs them after
// `npm test` with `npm run bench:smoke` (SKILLOPS_BENCH_ALL=1 SKILLOPS_BENCH_HEAVY_ONLY=1: only the
// heavy ones, the others having run in npm test).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasCorpus } from "../support/corpora.js";
import { REPO_ROOT } from "../support/repo-root.js";

interface Smallest {
  args?: string[];
  env?: Record<string, string>;
  /** Why it does not run by default: CPU seconds at its smallest size, or what it needs. */
  heavy?: string;
  /** A precondition this machine may lack (a build, a corpus, a GPU); the test says which. */
  needs?: { what: string; met: () => boolean };
}

const built = {
  what: "dist/ (npm run build; npm ci does it)",
  met: () => existsSync(join(REPO_ROOT, "dist/apps/cli/main.js")),
};

// CPU seconds (user + sys) measured at these flags on a loaded 2-core machine, for the split only.
const BENCHES: Record<string, Smallest> = {
  "bench:startup": { args: ["--runs", "1"], needs: built },
  "bench:bank": { args: ["--sizes", "10", "--repeat", "1"] },
  "bench:sandbox": { args: ["--runs", "2"] },
  "bench:harness": { args: ["--runs", "2", "--sleepers", "2", "--sleep-ms", "10"] },
  "bench:nogoods": { args: ["--seeds", "1"] },
  "bench:tools": { args: ["--worlds", "1", "--seeds", "1"] },
  "bench:budget": { args: ["--runs", "2", "--iterations", "1"] },
  "bench:case-links": { args: ["--seeds", "1"] },
  "bench:steady-state": {
    args: ["--seeds", "8801", "--rules", "4", "--cases-per-rule", "1", "--feedback", "1"],
    heavy: "four evolution runs of one world: about 4 CPU seconds, 17 s on a loaded machine",
  },
  "bench:pool": {
    args: ["--sizes", "100", "--iterations", "1"],
    heavy: "a child process per method and size",
  },
  "bench:evaluate": {
    args: ["--cases", "6", "--latency", "0", "--concurrency", "2", "--memo-worlds", "1"],
    heavy: "about a minute on a loaded machine at its smallest size",
  },
  "bench:ablation": {
    args: ["--worlds", "1", "--seeds", "1", "--memo-worlds", "1", "--memo-sampled", "1"],
    heavy: "evolution runs for every ablation: about two minutes at its smallest size",
  },
  "bench:audit": {
    args: ["--worlds", "1", "--seeds", "1"],
    heavy: "evolution runs with and without the audit",
  },
  "bench:audit-pool": { args: ["--cases", "100", "--iterations", "1"], heavy: "a child process per mode" },
  "bench:strategies": { args: ["--quick", "--kinds", "default"], heavy: "about 22 CPU seconds with --quick" },
  "bench:neo-lineage": {
    args: ["--seeds", "1", "--rules", "6", "--iterations", "6"],
    heavy: "a --strategy neo evolution run per seed",
  },
  "bench:sparse-widening": {
    args: ["--seeds", "51001", "--arms", "on"],
    heavy: "a default-config evolution run on a sparse-faults world",
  },
  "bench:paper-figures": {
    args: ["--seeds", "1"],
    heavy: "five evolution runs (the default and four ablations) at one seed",
  },
  "bench:parse-caps": {
    args: ["--repeat", "1", "--warmup", "0"],
    heavy: "about 14 CPU seconds at one repeat",
  },
  "bench:crn": { env: { CRN_CASES_PER_RULE: "1", CRN_LOOP: "0" }, heavy: "about 23 CPU seconds" },
  "bench:lossless": {
    args: ["--seeds", "5151", "--rules", "12", "--cases-per-rule", "1"],
    heavy: "about 9 CPU seconds: two evolution runs per world",
  },
  "bench:cache-size": {
    args: ["--rules", "6", "--max-iterations", "1"],
    heavy: "about 11 CPU seconds: a CLI evolve in a child process",
  },
  "bench:scale": {
    args: [
      ...["--cases", "4", "--n", "1", "--latency-ms", "10", "--shard-concurrency", "1"],
      ...["--overhead-runs", "2", "--cpu-executions", "2"],
    ],
    heavy: "about 15 CPU seconds: CLI processes per shard",
    needs: built,
  },
  "bench:containment": {
    args: ["--regex-timeout", "2", "--timeout", "1", "--hold", "3"],
    heavy: "holds spawned children for seconds by design",
  },
  "bench:webhooks": {
    env: { CYCLES: "1", BURST: "10", SINGLE: "1", BACKLOG: "10" },
    heavy: "starts the app and replays webhook bursts",
    needs: { what: "the agent-skills corpus (../shared/corpora)", met: () => hasCorpus("agent-skills") },
  },
  "bench:webhook-events": {
    env: { EVENTS: "1", BACKLOG: "10" },
    heavy: "starts the app for every single event kind",
    needs: { what: "the agent-skills corpus (../shared/corpora)", met: () => hasCorpus("agent-skills") },
  },
  "bench:storage": {
    args: ["--rules", "6", "--max-iterations", "1"],
    heavy: "compiles two source trees (this one and --before) and runs each",
  },
  "bench:pack": {
    heavy: "npm pack, then npm install of the tarball into a scratch project (network or npm cache)",
  },
  "bench:kernel": {
    heavy: "bash bench/kernel-gpu.sh: times CUDA kernels",
    needs: { what: "an NVIDIA GPU", met: () => existsSync("/dev/nvidiactl") },
  },
};

const ALL = process.env.SKILLOPS_BENCH_ALL === "1";
const HEAVY_ONLY = process.env.SKILLOPS_BENCH_HEAVY_ONLY === "1";
/** The script that runs this file for CI: it runs the benches, it is not one. */
const RUNNER = "bench:smoke";
const scripts = (
  JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  }
).scripts;
const benchScripts = Object.keys(scripts).filter((s) => s.startsWith("bench:") && s !== RUNNER);

/** `tsx [node flags] file` or `node file` as this Node runs it, or undefined for another program. */
function commandOf(script: string): string[] | undefined {
  const [program, ...rest] = script.split(/\s+/);
  if (program === "tsx")
    return [
      process.execPath,
      ...rest.filter((a) => a.startsWith("--")),
      "--import",
      "tsx",
      ...rest.filter((a) => !a.startsWith("--")),
    ];
  if (program === "node") return [process.execPath, ...rest];
  return undefined;
}

describe("every bench runs once at its smallest size", () => {
  it("lists every bench script of package.json, and CI runs the heavy ones through bench:smoke", () => {
    expect(benchScripts.filter((s) => !(s in BENCHES))).toEqual([]);
    expect(scripts[RUNNER]).toMatch(/SKILLOPS_BENCH_ALL=1 .*vitest run test\/bench\/benches-run\.test\.ts/);
    expect(readFileSync(join(REPO_ROOT, ".ci/run"), "utf8")).toMatch(
      /^npm test\n(?:#.*\n)*npm run bench:smoke$/m,
    );
    expect(Object.keys(BENCHES).filter((s) => !benchScripts.includes(s))).toEqual([]);
  });

  for (const [name, b] of Object.entries(BENCHES)) {
    const skip = (b.heavy && !ALL) || (!b.heavy && HEAVY_ONLY) || (b.needs && !b.needs.met());
    const why =
      b.heavy && !ALL
        ? `heavy: ${b.heavy} (SKILLOPS_BENCH_ALL=1 runs it)`
        : !b.heavy && HEAVY_ONLY
          ? "light: npm test runs it (SKILLOPS_BENCH_HEAVY_ONLY=1)"
          : `needs ${b.needs?.what}`;
    it.skipIf(skip)(
      `${name} ${(b.args ?? []).join(" ")}${skip ? ` — skipped, ${why}` : ""}`,
      () => {
        const command = commandOf(scripts[name]!);
        expect(command, `${name}: "${scripts[name]}" is not a tsx or node script`).toBeDefined();
        const [bin, ...argv] = command!;
        const r = spawnSync(bin!, [...argv, ...(b.args ?? [])], {
          cwd: REPO_ROOT,
          encoding: "utf8",
          env: { ...process.env, ...b.env },
          timeout: 170_000,
        });
        expect(r.status, `${name} failed:\n${r.stderr.slice(-2000)}`).toBe(0);
        expect(r.stdout.trim().length).toBeGreaterThan(0);
      },
      180_000,
    );
  }
});
