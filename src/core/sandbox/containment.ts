// How spawned trees are contained (docs/security.md): the sandbox kind, the environment names the
// config lets through, and the resource limits. Built once from the config and the caller's
// environment, then handed to every place that spawns a program.
import { passedSecretProblems } from "./passed-secrets.js";

export type SandboxKind = "bwrap" | "none";

export interface ProcessLimits {
  /** CPU seconds of each process (RLIMIT_CPU). */
  cpuSeconds: number;
  /** Data segment of each process in MiB (RLIMIT_DATA: heap and private mappings). */
  memoryMb: number;
  /** Processes of the sandbox's user (RLIMIT_NPROC); the kernel does not enforce it for root. */
  processes: number;
  /** Size of the sandbox's private /tmp (which holds its HOME), and of its /dev/shm, in MiB. */
  tmpMb: number;
}

export interface Containment {
  sandbox: SandboxKind;
  /** Variables passed through besides the base allowlist (evaluate.env.pass; never a credential). */
  pass: readonly string[];
  limits: ProcessLimits;
  /** The environment the passed values are read from: the CLI's, never a child's. */
  parentEnv: Readonly<Record<string, string | undefined>>;
}

export const DEFAULT_LIMITS: ProcessLimits = {
  cpuSeconds: 600,
  memoryMb: 4096,
  processes: 256,
  tmpMb: 256,
};

/** The config's `evaluate` section, as far as containment reads it. */
export interface ContainmentSettings {
  sandbox: SandboxKind;
  env: { pass: readonly string[] };
  limits: ProcessLimits;
}

/** Throws, naming each variable, when a value `evaluate.env.pass` would pass holds a secret. */
export function containmentOf(
  ev: ContainmentSettings,
  parentEnv: Readonly<Record<string, string | undefined>>,
): Containment {
  const problems = passedSecretProblems(ev.env.pass, parentEnv);
  if (problems.length) throw new Error(problems.join("\n"));
  return { sandbox: ev.sandbox, pass: ev.env.pass, limits: ev.limits, parentEnv };
}

/** The line a run, its record and every PR body carry when nothing was sandboxed. */
export const UNSANDBOXED_WARNING =
  "evaluate.sandbox is `none`: model-written and case-supplied code ran without a sandbox (its environment was still stripped of credentials).";
