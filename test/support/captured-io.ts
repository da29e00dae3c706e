// A CliIo for running `main` in a test: stdout and stderr are collected for the test to read.
import type { CliIo } from "../../src/apps/cli/context.js";

export function capturedIo(cwd: string, env: Record<string, string | undefined>) {
  const out = { stdout: "", stderr: "" };
  const io: CliIo = {
    stdout: (t) => void (out.stdout += t),
    stderr: (t) => void (out.stderr += t),
    cwd,
    isTTY: false,
    env,
  };
  return { io, out };
}
