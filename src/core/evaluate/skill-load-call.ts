// Which tool calls count as loading a skill, whatever the agent: our `load_skill`, Claude Code's
// `Skill` tool, or a read of a skill's SKILL.md (agents without a skill tool read the file). The
// trace converters turn each into a `skill-loaded` event, which the detectors read. Pure.

const READ_TOOLS = new Set(["Read", "read_file", "read", "view", "cat"]);
const SKILL_FILE = /(?:^|[\\/])([^\\/]+)[\\/]SKILL\.md$/;

/** The skill a call loads, or undefined; `input` is the call's parsed arguments. */
export function skillLoadedBy(tool: string, input: unknown): string | undefined {
  const args = input !== null && typeof input === "object" ? (input as Record<string, unknown>) : {};
  const text = (k: string) => (typeof args[k] === "string" ? (args[k] as string) : undefined);
  if (tool === "Skill") return text("skill") ?? text("command") ?? text("name");
  if (tool === "load_skill") return text("name") ?? text("skill");
  if (!READ_TOOLS.has(tool)) return undefined;
  const path = text("file_path") ?? text("path");
  return path ? SKILL_FILE.exec(path)?.[1] : undefined;
}

/** A call's JSON arguments parsed, or undefined when they are not JSON. */
export function parsedArguments(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** A `skill-loaded` event for each call in the messages that loads a skill, in order. */
export function skillEventsOf(
  messages: readonly { tool_calls?: { function: { name: string; arguments: string } }[] | undefined }[],
): { type: "skill-loaded"; skill: string }[] {
  return messages.flatMap((m) =>
    (m.tool_calls ?? []).flatMap((c) => {
      const skill = skillLoadedBy(c.function.name, parsedArguments(c.function.arguments));
      return skill ? [{ type: "skill-loaded" as const, skill }] : [];
    }),
  );
}
