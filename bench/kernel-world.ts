// `skillops evolve --runner kernel --world examples/kernels/world.yml` as bench/kernel-gpu.sh's second
// half: the simulated agent writes ModelNew through the simulated endpoint, the harness judges and
// times every answer on --device (auto/cpu/cuda), and this prints each member's pass rate, its mean
// kernel score (what the gate and the frontier compared) and its geometric-mean time ratio with the
// device — a speedup on CUDA, CPU timing on CPU. The run is made twice, once per kernel scoring
// (`speedup`, the default, and `threshold`), and the closing table puts P₀ and P* of both side by side.
// The world's speedups are simulated (examples/kernels/world.yml `kernel.speedups`), so every score is.
//   npx tsx bench/kernel-world.ts [--device auto|cpu|cuda] [--n 2] [--max-iterations 2] [--scoring both|speedup|threshold]
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../src/apps/cli/main.js";
import { RunRecord } from "../src/records/run-record.js";
import type { KernelSummary } from "../src/records/kernel-summary.js";
import { kernelFigure, kernelScoreFigure } from "../src/core/render/kernel-labels.js";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const device = arg("device", "auto");
const scorings = arg("scoring", "both") === "both" ? ["speedup", "threshold"] : [arg("scoring", "both")];

async function evolveWith(scoring: string): Promise<{ record: RunRecord; wall: number }> {
  const dir = mkdtempSync(join(tmpdir(), "skillops-kernel-bench-"));
  const python = process.env.SKILLOPS_PYTHON ? `    python: ${process.env.SKILLOPS_PYTHON}\n` : "";
  writeFileSync(
    join(dir, "skillops.yml"),
    `evaluate:\n  timeoutMs: 300000\n  kernel:\n    device: ${device}\n    score: ${scoring}\n${python}`,
  );
  let stdout = "";
  const started = performance.now();
  const code = await main(
    [
      ...["evolve", "--runner", "kernel", "--world", "examples/kernels/world.yml"],
      ...["--config", join(dir, "skillops.yml"), "--out", join(dir, "out"), "--json"],
      ...["--n", arg("n", "2"), "--k", "1", "--max-iterations", arg("max-iterations", "2")],
    ],
    {
      stdout: (t) => void (stdout += t),
      stderr: (t) => void process.stderr.write(t),
      cwd: process.cwd(),
      isTTY: false,
      env: { ...process.env } as Record<string, string>,
    },
  );
  if (code !== 0) process.exit(code);
  return { record: RunRecord.parse(JSON.parse(stdout)), wall: (performance.now() - started) / 1000 };
}

/** The member's mean kernel score (decided under `speedup`, informational under `threshold`). */
const score = (k: KernelSummary | undefined) =>
  k?.score ? `${k.score.mean.toFixed(2)}${k.score.decided ? "" : "*"}` : "—";

const summary: string[] = [];
for (const scoring of scorings) {
  const { record, wall } = await evolveWith(scoring);
  console.log(
    `\nkernel world evolve, kernel.score ${scoring} (simulated agent and speedups, real harness, --device ${device}):`,
  );
  const rows = [
    { name: "baseline E0", rate: record.baseline.total.rate, kernel: record.baseline.kernel },
    ...record.frontier.map((m) => ({
      name: `${m.candidate.slice(0, 8)} (born ${m.born}${m.selected ? ", P*" : ""})`,
      rate: m.total.rate,
      kernel: m.kernel,
    })),
  ];
  for (const r of rows)
    console.log(
      `${r.name.padEnd(26)} pass ${(r.rate * 100).toFixed(0).padStart(3)}%  ${kernelScoreFigure(r.kernel).padEnd(52)} ${kernelFigure(r.kernel).padEnd(20)} ` +
        `${r.kernel ? `${r.kernel.correct} correct, ${r.kernel.incorrect} incorrect; device ${r.kernel.devices.join(", ")}` : ""}`,
    );
  const refused = record.iterations.filter((it) => it.gate.wrongKernels?.length);
  console.log(
    `children refused for a wrong kernel: ${refused.length}; executions ${record.executions.run}; wall ${wall.toFixed(0)} s`,
  );
  const star = record.frontier.find((m) => m.selected)!;
  // Under threshold scoring the gate compared pass rates; the record's score is then informational
  // (`kernel.score.decided` false): the same simulated figures, averaged over each case's runs.
  summary.push(
    `${scoring.padEnd(10)} P0 pass ${(record.baseline.total.rate * 100).toFixed(0).padStart(3)}%  mean score ${score(record.baseline.kernel).padStart(4)}   ` +
      `P* pass ${(star.total.rate * 100).toFixed(0).padStart(3)}%  mean score ${score(star.kernel).padStart(4)}  (frontier ${record.frontier.length})`,
  );
}
console.log(
  `\nP0 vs P* by kernel scoring (simulated speedups; mean score = mean over cases of correctness × speedup; * = informational, the gate compared pass rates):`,
);
for (const line of summary) console.log(line);
