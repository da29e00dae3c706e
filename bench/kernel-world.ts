// `skillops evolve --runner kernel --world examples/kernels/world.yml` as bench/kernel-gpu.sh's second
// half: the simulated agent writes ModelNew through the simulated endpoint, the harness judges and
// times every answer on --device (auto/cpu/cuda), and this prints each member's pass rate and its
// geometric-mean time ratio with the device — a speedup on CUDA, "CPU timing, not a speedup" on CPU.
//   npx tsx bench/kernel-world.ts [--device auto|cpu|cuda] [--n 2] [--max-iterations 2]
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../src/apps/cli/main.js";
import { RunRecord } from "../src/records/run-record.js";
import { kernelFigure } from "../src/core/render/pr-body/kernel-section.js";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const device = arg("device", "auto");
const dir = mkdtempSync(join(tmpdir(), "skillops-kernel-bench-"));
const python = process.env.SKILLOPS_PYTHON ? `    python: ${process.env.SKILLOPS_PYTHON}\n` : "";
writeFileSync(
  join(dir, "skillops.yml"),
  `evaluate:\n  timeoutMs: 300000\n  kernel:\n    device: ${device}\n${python}`,
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
const record = RunRecord.parse(JSON.parse(stdout));
console.log(`\nkernel world evolve (simulated agent, real harness, --device ${device}):`);
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
    `${r.name.padEnd(26)} pass ${(r.rate * 100).toFixed(0).padStart(3)}%  ${kernelFigure(r.kernel).padEnd(36)} ` +
      `${r.kernel ? `${r.kernel.correct} correct, ${r.kernel.incorrect} incorrect; device ${r.kernel.devices.join(", ")}` : ""}`,
  );
const refused = record.iterations.filter((it) => it.gate.wrongKernels?.length);
console.log(
  `children refused for a wrong kernel: ${refused.length}; executions ${record.executions.run}; wall ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
