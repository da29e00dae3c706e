// Which Python runs the harness. Debian's python3-torch installs for /usr/bin/python3, which need not
// be the first python3 on PATH (pyenv, venvs), so the interpreter is configurable and otherwise the
// first candidate that can `import torch` wins.
import { spawnSync } from "node:child_process";

export const PYTHON_ENV = "SKILLOPS_PYTHON";
export const DEFAULT_CANDIDATES = ["/usr/bin/python3", "python3", "python"] as const;

export interface PythonChoice {
  python: string;
  /** How it was chosen, for messages: "option", "SKILLOPS_PYTHON" or "probe". */
  source: "option" | "env" | "probe";
}

const probed = new Map<string, boolean>();

/** True when `python -c "import torch"` exits 0 (cached per process: importing torch takes ~1 s). */
export function canImportTorch(python: string): boolean {
  const known = probed.get(python);
  if (known !== undefined) return known;
  const r = spawnSync(python, ["-c", "import torch"], { stdio: "ignore", timeout: 60_000 });
  const ok = r.status === 0;
  probed.set(python, ok);
  return ok;
}

export class NoTorchError extends Error {
  override name = "NoTorchError";
}

/** Resolves the interpreter; throws NoTorchError (a systemic failure) when none can import torch. */
export function resolvePython(
  option?: string,
  env: NodeJS.ProcessEnv = process.env,
  candidates: readonly string[] = DEFAULT_CANDIDATES,
): PythonChoice {
  if (option) return { python: option, source: "option" };
  const fromEnv = env[PYTHON_ENV];
  if (fromEnv) return { python: fromEnv, source: "env" };
  const found = candidates.find((c) => canImportTorch(c));
  if (found) return { python: found, source: "probe" };
  throw new NoTorchError(
    `no Python with torch found (tried ${candidates.join(", ")}). Install it (Debian: apt-get install python3-torch) or set ${PYTHON_ENV}=/path/to/python`,
  );
}
