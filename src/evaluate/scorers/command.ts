// `command`: runs the rubric's script (argument array, no shell) with the agent's output as JSON on
// stdin; exit code 0 passes. Relative paths in the command resolve from the case's folder.
import type { ItemVerdict } from "../eval-record.js";
import { describeFailure, spawnCapped } from "../runners/spawn-capped.js";
import type { CommandItem, CommandScorer } from "./score-rubric.js";

export interface CommandScorerOptions {
  /** The case's folder: the scorer script runs there. */
  cwd?: string;
  /** Used when the item names no timeout. */
  timeoutMs?: number;
  maxOutputBytes?: number;
}

export async function runCommandItem(item: CommandItem, output: unknown, opts: CommandScorerOptions = {}): Promise<ItemVerdict> {
  const timeoutMs = item.timeoutMs ?? opts.timeoutMs ?? 60_000;
  const maxOutputBytes = opts.maxOutputBytes ?? 1_000_000;
  const r = await spawnCapped(item.run, { stdin: JSON.stringify(output ?? null), timeoutMs, maxOutputBytes, ...(opts.cwd ? { cwd: opts.cwd } : {}) });
  const said = (r.stdout.trim() || r.stderrTail.trim()).slice(-500);
  if (r.timedOut) return { type: item.type, pass: false, reason: `scorer ${JSON.stringify(item.run)} timed out after ${timeoutMs} ms`, failure: "command-timeout" };
  if (r.startError || r.overflow) {
    return { type: item.type, pass: false, reason: describeFailure(`scorer ${JSON.stringify(item.run)}`, r, { timeoutMs, maxOutputBytes })!, failure: "command-failed" };
  }
  const pass = r.exitCode === 0;
  return { type: item.type, pass, reason: `scorer exited ${r.exitCode ?? r.signal}${said ? `: ${said}` : ""}` };
}

export function createCommandScorer(opts: CommandScorerOptions = {}): CommandScorer {
  return (item, output) => runCommandItem(item, output, opts);
}
