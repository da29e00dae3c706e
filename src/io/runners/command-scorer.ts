// `command`: runs the rubric's script (argument array, no shell) with the agent's output as JSON on
// stdin; exit code 0 passes. Relative paths in the command resolve from the case's folder.
import type { Case } from "../../records/case.js";
import type { ItemVerdict } from "../../records/eval-record.js";
import { describeKilled } from "./process-tree.js";
import { describeFailure, spawnCapped } from "./spawn-capped.js";
import type { Containment } from "../../core/sandbox/containment.js";
import type { CommandItem, CommandScorer } from "../../core/evaluate/scorers/score-rubric.js";

export interface CommandScorerOptions {
  /** A case-supplied scorer is untrusted code: contained like an agent (docs/security.md). */
  containment: Containment;
  /** Where the scorer runs: a folder. */
  cwd?: string;
  /** Used when the item names no timeout. */
  timeoutMs?: number;
  maxOutputBytes?: number;
}

export async function runCommandItem(
  item: CommandItem,
  output: unknown,
  opts: CommandScorerOptions,
): Promise<ItemVerdict> {
  const cwd = opts.cwd;
  const timeoutMs = item.timeoutMs ?? opts.timeoutMs ?? 60_000;
  const maxOutputBytes = opts.maxOutputBytes ?? 1_000_000;
  const r = await spawnCapped(item.run, {
    stdin: JSON.stringify(output ?? null),
    timeoutMs,
    maxOutputBytes,
    ...(cwd ? { cwd } : {}),
    contain: opts.containment,
  });
  const said = (r.stdout.trim() || r.stderrTail.trim()).slice(-500);
  const killed = r.killed.length > 0 ? `; killed ${describeKilled(r.killed)}` : "";
  if (r.timedOut)
    return {
      type: item.type,
      pass: false,
      reason: `scorer ${JSON.stringify(item.run)} timed out after ${timeoutMs} ms${killed}`,
      failure: "command-timeout",
    };
  if (r.startError || r.overflow) {
    return {
      type: item.type,
      pass: false,
      reason: describeFailure(`scorer ${JSON.stringify(item.run)}`, r, { timeoutMs, maxOutputBytes })!,
      failure: "command-failed",
    };
  }
  const pass = r.exitCode === 0;
  return {
    type: item.type,
    pass,
    reason: `scorer exited ${r.exitCode ?? r.signal}${killed}${said ? `: ${said}` : ""}`,
  };
}

/** `folderOf` picks the folder per case (the CLI: the case's own folder in the pool). */
export function createCommandScorer(
  opts: CommandScorerOptions,
  folderOf?: (c: Case | undefined) => Promise<string | undefined>,
): CommandScorer {
  return async (item, output, c) => {
    const cwd = folderOf ? await folderOf(c) : opts.cwd;
    return runCommandItem(item, output, { ...opts, ...(cwd ? { cwd } : {}) });
  };
}
