// docs/scale.md's projection: wall time, Actions minutes and cost of an evolve run for realistic
// sizes, from the harness overhead bench/scale.ts measured and the formula below; which limit binds.
// Pure: `npm run bench:scale -- --project` prints it, `npm run figures:docs` writes it into the page.
//
// Per full evaluation, E = cases × n executions; per execution t (the agent) + h (the harness).
//   one runner:  compute = E·(t + h) / c
//   S shards:    waves = ⌈S / runners⌉; compute = waves · (start + ⌈E / S⌉·(t + h) / c)
//   rate floor:  E · calls / RPM minutes, whatever the sharding
//   evaluation = max(compute, rate floor); run = evaluations × evaluation (+ one start for S = 1)
// Actions minutes: one job of the whole run for S = 1; else S jobs per evaluation, each billed for
// its start plus its share, in whole minutes.

/** The generated block of docs/scale.md that renderProjection writes. */
export const SCALE_PROJECTION = { page: "docs/scale.md", name: "scale-projection" } as const;

export interface Assumptions {
  /** Harness overhead per execution, ms (measured by bench/scale.ts on this machine). */
  overheadMs: number;
  /** Start-up of one Actions job: runner, checkout, npm ci, cache restore (s). */
  shardStartS: number;
  /** Full evaluations per evolve run (baseline and the children of each iteration). */
  evaluations: number;
  /** evaluate.concurrency per runner. */
  concurrency: number;
  /** Model requests per execution, and the endpoint's requests per minute. */
  callsPerExecution: number;
  requestsPerMinute: number;
  /** Concurrent jobs the account may run (GitHub-hosted: Free 20, Pro 40, Team 60, Enterprise 500). */
  runners: number;
  /** Longest a GitHub-hosted job may run (h). */
  jobLimitH: number;
  /** Price of a Linux 2-core runner minute ($). */
  dollarsPerMinute: number;
}

export const DEFAULT_ASSUMPTIONS: Assumptions = {
  // bench:scale on a loaded shared 2-core machine (sandboxed runner over a bare `true`): an upper figure.
  overheadMs: 175,
  shardStartS: 60,
  evaluations: 10,
  concurrency: 8,
  callsPerExecution: 10,
  requestsPerMinute: 5_000,
  runners: 20,
  jobLimitH: 6,
  dollarsPerMinute: 0.008,
};

export interface Size {
  cases: number;
  n: number;
  execS: number;
  shards: number;
}

export interface Projection {
  executions: number;
  wallS: number;
  minutes: number;
  dollars: number;
  longestJobS: number;
  binds: string;
}

export function project(s: Size, a: Assumptions): Projection {
  const perEval = s.cases * s.n;
  const perExec = s.execS + a.overheadMs / 1000;
  const rateFloor = (perEval * a.callsPerExecution * 60) / a.requestsPerMinute;
  const sharded = s.shards > 1;
  const share = (Math.ceil(perEval / s.shards) * perExec) / a.concurrency;
  const waves = Math.ceil(s.shards / a.runners);
  const compute = sharded ? waves * (a.shardStartS + share) : (perEval * perExec) / a.concurrency;
  const evaluation = Math.max(compute, rateFloor);
  const wallS = a.evaluations * evaluation + (sharded ? 0 : a.shardStartS);
  // A shard job lasts its start plus its share, stretched when the rate limit is what paces it.
  const jobS = sharded ? a.shardStartS + Math.max(share, rateFloor / waves) : wallS;
  const minutes = sharded ? a.evaluations * s.shards * Math.ceil(jobS / 60) : Math.ceil(wallS / 60);
  const binds =
    rateFloor > compute
      ? "API rate limit"
      : jobS > a.jobLimitH * 3600
        ? `job time (${a.jobLimitH} h): continuation`
        : s.shards > a.runners
          ? `runner count (${a.runners})`
          : "concurrency per runner";
  return {
    executions: a.evaluations * perEval,
    wallS,
    minutes,
    dollars: minutes * a.dollarsPerMinute,
    longestJobS: jobS,
    binds,
  };
}

export const SIZES: Size[] = [
  { cases: 50, n: 1, execS: 5, shards: 1 },
  { cases: 50, n: 3, execS: 30, shards: 1 },
  { cases: 200, n: 3, execS: 30, shards: 1 },
  { cases: 200, n: 3, execS: 30, shards: 8 },
  { cases: 500, n: 3, execS: 30, shards: 1 },
  { cases: 500, n: 3, execS: 30, shards: 8 },
  { cases: 500, n: 3, execS: 30, shards: 32 },
  { cases: 500, n: 5, execS: 300, shards: 8 },
  { cases: 500, n: 5, execS: 300, shards: 64 },
  { cases: 2000, n: 3, execS: 300, shards: 64 },
  { cases: 5000, n: 1, execS: 5, shards: 1 },
  { cases: 5000, n: 1, execS: 5, shards: 16 },
  { cases: 5000, n: 3, execS: 30, shards: 64 },
  { cases: 5000, n: 5, execS: 300, shards: 64 },
];

function duration(s: number): string {
  if (s < 3600) return `${Math.round(s / 60)} min`;
  if (s < 48 * 3600) return `${(s / 3600).toFixed(1)} h`;
  return `${(s / 86400).toFixed(1)} d`;
}

const exec = (s: number) => (s < 60 ? `${s} s` : `${s / 60} min`);

/** The markdown table (and its assumptions line) for docs/scale.md. */
export function renderProjection(a: Assumptions, sizes: readonly Size[] = SIZES): string {
  const lines = [
    `Projected, not measured: harness overhead ${a.overheadMs} ms per execution (an upper figure of what \`npm run bench:scale\` measured on a loaded 2-core machine), ${a.evaluations} full evaluations per run, evaluate.concurrency ${a.concurrency} per runner, ${a.callsPerExecution} model requests per execution at ${a.requestsPerMinute} requests/min, ${a.runners} concurrent jobs, ${a.shardStartS} s job start-up, $${a.dollarsPerMinute}/runner-minute (an assumed list price for a 2-core Linux runner; check your plan's).`,
    "",
    "| cases | n | execution | shards | executions | wall time | longest job | Actions minutes | cost | binds first |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const s of sizes) {
    const p = project(s, a);
    const cells = [
      s.cases,
      s.n,
      exec(s.execS),
      s.shards,
      p.executions.toLocaleString("en-US"),
      duration(p.wallS),
      duration(p.longestJobS),
      p.minutes.toLocaleString("en-US"),
      `$${p.dollars.toFixed(2)}`,
      p.binds,
    ];
    lines.push(`| ${cells.join(" | ")} |`);
  }
  return `${lines.join("\n")}\n`;
}
