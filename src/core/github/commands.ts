// `/skillops <command>` in comments: parsing, "did you mean" for typos, and the help text. Only a
// line that starts with `/skillops` counts (not inside code blocks or quotes), and only the first.
import { REQUIRED_ROLE } from "./permissions.js";

export const COMMAND_HELP = {
  help: "show this list",
  run: "start an evolution run now (dispatches `.github/workflows/evolve.yml`)",
  select: "on a frontier PR: choose its operating point (same as the label `skillops:select`)",
  explain: "`/skillops explain <case>`: where a test case came from and where it stands",
  rollback: "on a merged frontier PR: open the revert PR that rolls the skill bank back",
  coldstart:
    "write a first skill bank from the `policy:` documents and open it as one PR for review (`--force` replaces a bank)",
  quiet: "stop skillops posting new comments here (it still edits the ones it owns)",
} as const;
export type CommandName = keyof typeof COMMAND_HELP;

/**
 * What each command takes after its name: a command says what it does, so anything else (an extra
 * word, an unknown flag) gets the usage and changes nothing. `--dry-run` is no option of `run`: a
 * run from a comment is always real (preview one with the Action's `dry-run: true` input).
 */
const ARGUMENTS: Record<CommandName, { usage: string; accepts: (args: readonly string[]) => boolean }> = {
  help: { usage: "", accepts: (a) => a.length === 0 },
  run: { usage: "", accepts: (a) => a.length === 0 },
  select: { usage: "", accepts: (a) => a.length === 0 },
  explain: { usage: " <case>", accepts: (a) => a.length === 1 },
  rollback: { usage: "", accepts: (a) => a.length === 0 },
  coldstart: {
    usage: " [--force]",
    accepts: (a) => a.length === 0 || (a.length === 1 && a[0] === "--force"),
  },
  quiet: { usage: "", accepts: (a) => a.length === 0 },
};

export type ParsedCommand =
  | { kind: "command"; name: CommandName; args: string[] }
  | { kind: "usage"; name: CommandName; args: string[] }
  | { kind: "unknown"; word: string; suggestion: CommandName | undefined }
  | { kind: "none" };

/** Edit distance with adjacent transpositions counted as one edit ("rnu" → "run"), for "did you mean". */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

export function suggestCommand(word: string): CommandName | undefined {
  const names = Object.keys(COMMAND_HELP) as CommandName[];
  const prefixed = names.filter((n) => word.length >= 2 && n.startsWith(word));
  if (prefixed.length === 1) return prefixed[0];
  const ranked = names.map((n) => ({ n, d: editDistance(word, n) })).sort((a, b) => a.d - b.d);
  return ranked[0] && ranked[0].d <= Math.max(1, Math.floor(ranked[0].n.length / 3))
    ? ranked[0].n
    : undefined;
}

export function parseCommand(body: string): ParsedCommand {
  let inFence = false;
  for (const rawLine of body.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (/^(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence || line.startsWith(">")) continue;
    const m = /^\/skillops(?:\s+(.*))?$/i.exec(line);
    if (!m) continue;
    const words = (m[1] ?? "").trim().split(/\s+/).filter(Boolean);
    const word = (words[0] ?? "help").toLowerCase();
    if (Object.hasOwn(COMMAND_HELP, word)) {
      const name = word as CommandName;
      const args = words.slice(1);
      return { kind: ARGUMENTS[name].accepts(args) ? "command" : "usage", name, args };
    }
    return { kind: "unknown", word: word.slice(0, 40), suggestion: suggestCommand(word) };
  }
  return { kind: "none" };
}

export function renderHelp(): string {
  const rows = (Object.keys(COMMAND_HELP) as CommandName[]).map(
    (n) =>
      `| \`/skillops ${n}\` | ${COMMAND_HELP[n]} | ${REQUIRED_ROLE[n] === "none" ? "anyone" : REQUIRED_ROLE[n]} |`,
  );
  return [
    "### skillops commands",
    "",
    "Write one on its own line in a comment.",
    "",
    "| Command | What it does | Who |",
    "|---|---|---|",
    ...rows,
  ].join("\n");
}

export function renderUnknown(word: string, suggestion: CommandName | undefined): string {
  const safe = word.replace(/[`@<>|]/g, "");
  return `\`/skillops ${safe}\` is not a skillops command.${suggestion ? ` Did you mean \`/skillops ${suggestion}\`?` : ""} \`/skillops help\` lists them all.`;
}

/** The reply to a command with arguments it does not take: what was ignored, and its usage. */
export function renderUsage(name: CommandName, args: readonly string[]): string {
  const got = args
    .join(" ")
    .replace(/[`@<>|]/g, "")
    .slice(0, 60);
  const dryRun =
    name === "run" && args.includes("--dry-run")
      ? " A run from a comment is always real; to preview one, use the Action's `dry-run: true` input (or `skillops evolve --github --dry-run`)."
      : "";
  return `\`/skillops ${name}\` does not take \`${got}\`, so nothing was done. Usage: \`/skillops ${name}${ARGUMENTS[name].usage}\` — ${COMMAND_HELP[name]}.${dryRun}`;
}
