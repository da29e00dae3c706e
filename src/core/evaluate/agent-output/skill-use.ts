// Which skill a file path or a shell command touches, for agents that report only their tool calls
// (Claude Code, Codex): reading `<skills>/<name>/SKILL.md` loads the skill, running a file under
// `<skills>/<name>/scripts/` runs one of its scripts. Only the installed skills' names count.
import type { TraceEvent } from "../runner.js";

const SKILL_FILE = /(?:^|[/\s"'])skills\/([a-z0-9][a-z0-9-]*)\/SKILL\.md\b/g;
const SCRIPT_FILE = /(?:^|[/\s"'])skills\/([a-z0-9][a-z0-9-]*)\/scripts\/([^\s"'`;|&>]+)/g;

/** Skills whose SKILL.md the text names (a Read path, or a `cat`/`sed` command line). */
export function skillsRead(text: string, installed: ReadonlySet<string>): string[] {
  return [...text.matchAll(SKILL_FILE)].map((m) => m[1]!).filter((s) => installed.has(s));
}

/** Skill scripts a command line runs, as script-ran events with the exit code the agent reported. */
export function scriptsRun(
  command: string,
  exitCode: number | null,
  installed: ReadonlySet<string>,
): Extract<TraceEvent, { type: "script-ran" }>[] {
  return [...command.matchAll(SCRIPT_FILE)]
    .filter((m) => installed.has(m[1]!))
    .map((m) => ({ type: "script-ran", skill: m[1]!, script: `scripts/${m[2]!}`, exitCode }));
}

/** The agent's final text as our output: parsed JSON when it is JSON (fenced or not), else the text. */
export function answerOf(text: string): unknown {
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n```\s*$/.exec(text.trim());
  const body = fenced ? fenced[1]! : text.trim();
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return text;
  }
}

/** Lines of JSONL output as objects; the first line that is not one JSON object is the format error. */
export function jsonLines(
  stdout: string,
  agent: string,
): { events: Record<string, unknown>[] } | { formatError: string } {
  const events: Record<string, unknown>[] = [];
  const lines = stdout.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      v = undefined;
    }
    if (v === null || typeof v !== "object" || Array.isArray(v))
      return { formatError: `${agent} stdout line ${i + 1} is not a JSON event: ${line.slice(0, 200)}` };
    events.push(v as Record<string, unknown>);
  }
  return { events };
}
