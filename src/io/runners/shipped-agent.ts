// A file skillops ships for an agent preset's default command (the Agents SDK script), copied into
// the run's own folder: inside a sandbox, skillops' own folder may be hidden (under HOME, as in an
// Actions runner's _actions).
import { copyFile, mkdir } from "node:fs/promises";
import { basename, join } from "node:path";
import type { AgentPreset } from "./agent-preset.js";

/**
 * The command with the shipped file copied into `dir`/agent, and what to bind read-only: that folder
 * and the host folders the file needs (agents-sdk-script.ts).
 */
export async function withShipped(p: AgentPreset, command: readonly string[], dir: string) {
  if (!p.shipped || !command.includes(p.shipped)) return { argv: [...command], readOnly: [] as string[] };
  const folder = join(dir, "agent");
  await mkdir(folder);
  const copy = join(folder, basename(p.shipped));
  await copyFile(p.shipped, copy);
  const readOnly = [folder, ...(p.shippedNeeds ?? [])];
  return { argv: command.map((a) => (a === p.shipped ? copy : a)), readOnly };
}
