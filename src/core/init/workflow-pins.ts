// Which skillops Action a workflow on disk really runs, so `init`'s last line can be true: a workflow
// init skipped (changed or deleted since it wrote it) keeps whatever it used before. Pure: the
// workflow's text in, the skillops `uses:` in it that are not the expected one out.
import { ACTION_COMMANDS } from "./action-commands.js";
import { parse } from "yaml";

interface Step {
  uses?: unknown;
  with?: { command?: unknown } | null;
}

/** A step that gives one of these is a skillops step whatever its `uses:` names (a fork need not be called skillops). */
const ACTION_COMMAND_SET: ReadonlySet<string> = new Set(ACTION_COMMANDS);

/** Every step of every job in a workflow's text; none when it is not a workflow YAML reads. */
function steps(text: string): Step[] {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch {
    return [];
  }
  const jobs = (doc as { jobs?: Record<string, { steps?: Step[] }> } | null)?.jobs ?? {};
  return Object.values(jobs).flatMap((job) => (Array.isArray(job?.steps) ? job.steps : []));
}

/** A step that runs a skillops Action: a known `uses:`, one named `*\/skillops@…`, or one given a skillops command. */
function isSkillopsStep(step: Step, known: readonly string[]): step is Step & { uses: string } {
  if (typeof step?.uses !== "string") return false;
  if (known.includes(step.uses) || /(^|\/)skillops$/i.test(step.uses.split("@")[0]!)) return true;
  const command = step.with?.command;
  return typeof command === "string" && ACTION_COMMAND_SET.has(command);
}

/**
 * The skillops Actions a workflow runs other than `expected` (each once, in order); `known` adds
 * names that count as skillops's though nothing else says so (an earlier --action-ref).
 */
export function otherSkillopsUses(text: string, expected: string, known: readonly string[] = []): string[] {
  const others = steps(text)
    .filter((s) => isSkillopsStep(s, known))
    .map((s) => s.uses)
    .filter((u) => u !== expected);
  return [...new Set(others)];
}
