// The evolve workflow's job matrix: one job per disjoint working scope in config (or one for the
// whole bank), each on its runner labels. Kernel cases need a GPU, so with the kernel runner (the
// config's, or a scope's own `runner: kernel`) the default labels are `runners.gpu` ([self-hosted,
// gpu]). Pure: config in, matrix out.
import type { Config } from "../config/config.js";

export interface MatrixEntry {
  scope: string;
  /** Skills of this scope; empty = the whole bank. */
  skills: string[];
  "runs-on": string[];
}

export interface JobMatrix {
  include: MatrixEntry[];
}

export class MatrixError extends Error {
  override name = "MatrixError";
}

/** Parses the workflow input: a JSON array of labels, or one bare label; empty means "from config". */
export function parseRunsOn(input: string | undefined): string[] | undefined {
  const text = (input ?? "").trim();
  if (text === "") return undefined;
  if (!text.startsWith("[")) return [text];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new MatrixError(
      `runs-on is not valid JSON: ${text.slice(0, 100)} (expected e.g. ["self-hosted","gpu"])`,
    );
  }
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    !value.every((v) => typeof v === "string" && v.trim() !== "")
  ) {
    throw new MatrixError(
      `runs-on must be a non-empty JSON array of label strings, got ${text.slice(0, 100)}`,
    );
  }
  return value as string[];
}

export function planMatrix(config: Config, runsOnOverride?: string[]): JobMatrix {
  // Kernel cases need a GPU: a kernel scope (or a kernel run without scopes) defaults to runners.gpu.
  const labelsFor = (runner: string) => (runner === "kernel" ? config.runners.gpu : config.runners.default);
  const fallback = labelsFor(config.evaluate.runner);
  if (config.scopes.length === 0) {
    return { include: [{ scope: "all", skills: [], "runs-on": runsOnOverride ?? fallback }] };
  }
  const owner = new Map<string, string>();
  const names = new Set<string>();
  for (const scope of config.scopes) {
    if (names.has(scope.name))
      throw new MatrixError(`scope name "${scope.name}" is used twice in .github/skillops.yml`);
    names.add(scope.name);
    for (const skill of scope.skills) {
      const other = owner.get(skill);
      if (other !== undefined)
        throw new MatrixError(
          `skill "${skill}" is in scopes "${other}" and "${scope.name}"; scopes must be disjoint`,
        );
      owner.set(skill, scope.name);
    }
  }
  return {
    include: config.scopes.map((s) => ({
      scope: s.name,
      skills: [...s.skills],
      "runs-on": runsOnOverride ?? s.runsOn ?? labelsFor(s.runner ?? config.evaluate.runner),
    })),
  };
}
