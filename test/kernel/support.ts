// Shared by the kernel tests: the example tasks (ours, in examples/kernels/pool), a fixed-answer agent (the
// model is the edge we fake), and whether this machine has torch and a GPU.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Case } from "../../src/records/case.js";
import type { RunInput, Runner } from "../../src/core/evaluate/runner.js";
import { DEFAULT_CANDIDATES, PYTHON_ENV } from "../../src/io/kernel/python.js";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
export const EXAMPLES = join(ROOT, "examples/kernels/pool/general");

export function readExample(task: string, file: string): string {
  return readFileSync(join(EXAMPLES, task, file), "utf8");
}

// Whether an interpreter imports torch and whether torch sees a GPU, asked in one start: each start
// imports torch (about 2 s of CPU), and every file that imports this module asks.
const PROBE = "import torch\ntry:\n    print(torch.cuda.is_available())\nexcept Exception:\n    print(False)";
function probeTorch(python: string): { cuda: boolean } | undefined {
  const r = spawnSync(python, ["-c", PROBE], { encoding: "utf8", timeout: 60_000 });
  return r.status === 0 ? { cuda: r.stdout.trim().split("\n").at(-1) === "True" } : undefined;
}

const candidates = process.env[PYTHON_ENV] ? [process.env[PYTHON_ENV]] : [...DEFAULT_CANDIDATES];
let found: { python: string; cuda: boolean } | undefined;
for (const python of candidates) {
  const torch = probeTorch(python);
  if (torch) {
    found = { python, ...torch };
    break;
  }
}
export const PYTHON = found?.python;
/** CI installs python3-torch (.ci/run), so there a missing torch is a failure, not a skip. */
export const TORCH_MISSING = PYTHON === undefined && !process.env.CI;
export const HAS_CUDA = found?.cuda === true;

if (TORCH_MISSING)
  console.warn(
    "kernel tests skipped: no Python with torch (apt-get install python3-torch, or set SKILLOPS_PYTHON)",
  );
if (!HAS_CUDA)
  console.warn("GPU-only kernel tests skipped: torch.cuda.is_available() is False on this machine");

export function kernelCase(task: string, threshold = 1): Case {
  return Case.parse({
    id: `kernel-${task}`,
    category: "general",
    diagnosis: `Write a faster ModelNew for ${task}.`,
    task: {
      prompt: `Optimise the Model in reference.py.`,
      files: [{ path: "reference.py" }],
      rubric: [{ type: "kernel", threshold }],
    },
    provenance: { channel: "manual", created: "2026-11-30T00:00:00Z" },
  });
}

export function runInput(task: string, threshold = 1): RunInput {
  return {
    case: kernelCase(task, threshold),
    skills: [],
    runIndex: 0,
    files: { "reference.py": readExample(task, "reference.py") },
  };
}

/** An agent that always answers with the given text (the model is the edge we fake). */
export function fixedAgent(answer: unknown, usage = { input: 100, output: 50, cached: 0 }): Runner {
  return { name: "fixed", settingsKey: "fixed", run: async () => ({ output: answer, trace: [], usage }) };
}
