// Splits `--agent-cmd 'CMD ARGS'` into an argument array the way a POSIX shell would tokenise it
// (single quotes, double quotes, backslash escapes), without ever running a shell: no variables,
// globs, pipes or substitutions — such characters are refused rather than silently passed on.
export class CommandLineError extends Error {
  override name = "CommandLineError";
}

export function splitCommandLine(line: string): string[] {
  const args: string[] = [];
  let cur = "";
  let started = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else cur += ch;
      continue;
    }
    if (quote === '"') {
      if (ch === '"') quote = undefined;
      else if (ch === "\\" && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) cur += line[++i];
      else if (ch === "$" || ch === "`")
        throw new CommandLineError(
          `agent command: ${ch} inside double quotes would need a shell; use single quotes`,
        );
      else cur += ch;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      started = true;
    } else if (ch === "\\") {
      if (i + 1 >= line.length) throw new CommandLineError("agent command: trailing backslash");
      cur += line[++i];
      started = true;
    } else if (/\s/.test(ch)) {
      if (started) args.push(cur);
      cur = "";
      started = false;
    } else if ("|&;<>()$`*?[]{}~".includes(ch) && !(ch === "~" && started)) {
      throw new CommandLineError(
        `agent command: "${ch}" needs a shell, and the agent command never runs through one; wrap it in a script or quote it`,
      );
    } else {
      cur += ch;
      started = true;
    }
  }
  if (quote) throw new CommandLineError(`agent command: unclosed ${quote} quote`);
  if (started) args.push(cur);
  if (args.length === 0) throw new CommandLineError("agent command is empty");
  return args;
}
