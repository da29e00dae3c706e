// The Action's inputs (action.yml), read from the INPUT_* variables the runner sets: the name upper-
// cased, spaces to underscores, hyphens kept (INPUT_DRY-RUN). Empty means not given.
import { z } from "zod";
import { ACTION_COMMANDS } from "../../core/init/action-commands.js";

export { ACTION_COMMANDS };

export const ActionInputs = z.strictObject({
  command: z.enum(ACTION_COMMANDS),
  config: z.string().optional(),
  scope: z.string().optional(),
  model: z.string().optional(),
  token: z.string().optional(),
  budget: z.string().optional(),
  runsOn: z.string().optional(),
  dryRun: z.boolean(),
  args: z.string().optional(),
});
export type ActionInputs = z.infer<typeof ActionInputs>;

/** Bad inputs: the step fails with this message and exit 2, before the CLI runs. */
export class ActionInputError extends Error {}

const input = (env: Readonly<Record<string, string | undefined>>, name: string) => {
  const value = env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`]?.trim();
  return value === "" ? undefined : value;
};

/** GitHub's boolean inputs are the strings "true" and "false" (YAML 1.2 core schema spellings). */
function booleanInput(name: string, value: string | undefined): boolean {
  if (value === undefined || /^(false|False|FALSE)$/.test(value)) return false;
  if (/^(true|True|TRUE)$/.test(value)) return true;
  throw new ActionInputError(`input ${name} must be true or false, got "${value}"`);
}

export function readInputs(env: Readonly<Record<string, string | undefined>>): ActionInputs {
  const command = input(env, "command");
  if (command === undefined)
    throw new ActionInputError(`input command is required: one of ${ACTION_COMMANDS.join(", ")}`);
  if (!(ACTION_COMMANDS as readonly string[]).includes(command))
    throw new ActionInputError(
      `input command must be one of ${ACTION_COMMANDS.join(", ")}, got "${command}"`,
    );
  return ActionInputs.parse({
    command,
    config: input(env, "config"),
    scope: input(env, "scope"),
    model: input(env, "model"),
    token: input(env, "token"),
    budget: input(env, "budget"),
    runsOn: input(env, "runs-on"),
    dryRun: booleanInput("dry-run", input(env, "dry-run")),
    args: input(env, "args"),
  });
}
