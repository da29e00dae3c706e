// The Action's inputs as one `skillops` command line. Each input maps to the flag of the commands
// that have it; an input given to a command without that flag is refused, not silently dropped.
// validate always runs with --json: the Action reads its report back to annotate each finding.
import { ActionInputError, type ActionInputs } from "./inputs.js";
import { splitArgs } from "./split-args.js";

type Command = ActionInputs["command"];

/** Which commands take which input, and the flag it becomes. */
const FLAGS: Record<
  "config" | "scope" | "model" | "budget" | "runsOn",
  { input: string; flag: string; commands: readonly Command[] }
> = {
  config: { input: "config", flag: "--config", commands: ["evolve", "eval", "validate", "matrix", "doctor"] },
  scope: { input: "scope", flag: "--scope", commands: ["evolve"] },
  model: { input: "model", flag: "--model", commands: ["evolve"] },
  budget: { input: "budget", flag: "--budget-tokens", commands: ["evolve"] },
  runsOn: { input: "runs-on", flag: "--runs-on", commands: ["matrix"] },
};

export interface ActionInvocation {
  argv: string[];
  /** evolve's --out: where run-record.json is read back from for the outputs. */
  out?: string;
  /** Variables the CLI reads besides the runner's own: the token, as GITHUB_TOKEN and SKILLOPS_GITHUB_TOKEN. */
  env: Record<string, string>;
  /**
   * validate: its stdout is the JSON report. "added" when the Action added --json (the log gets
   * the text rendered from the report), "given" when args asked for it (the log gets the JSON).
   */
  validateJson?: "added" | "given";
}

/** The value of `--out X` or `--out=X` among argv, if any. */
function outFlag(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--out") return argv[i + 1];
    if (argv[i]!.startsWith("--out=")) return argv[i]!.slice("--out=".length);
  }
  return undefined;
}

/** "a", "a and b", "a, b and c". */
const listed = (words: readonly string[]) =>
  words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;

function mappedFlags(inputs: ActionInputs): string[] {
  const argv: string[] = [];
  for (const [key, { input, flag, commands }] of Object.entries(FLAGS)) {
    const value = inputs[key as keyof typeof FLAGS];
    if (value === undefined) continue;
    if (!commands.includes(inputs.command))
      throw new ActionInputError(
        `input ${input} applies to ${listed(commands)} only, not to ${inputs.command}`,
      );
    if (key === "budget" && !/^[1-9][0-9]*$/.test(value))
      throw new ActionInputError(`input budget must be a positive whole number of tokens, got "${value}"`);
    argv.push(flag, value);
  }
  return argv;
}

const readsTraces = (extra: readonly string[]) =>
  extra.some((a) => a === "--traces" || a.startsWith("--traces="));

/**
 * --github for the commands that talk to GitHub; dry-run adds --dry-run (read all, write nothing).
 * `ingest --traces` reads a file instead (its --issues opens the issues), so it gets neither.
 */
function githubFlag(inputs: ActionInputs, extra: readonly string[]): string[] {
  if (inputs.command === "ingest" && readsTraces(extra)) {
    if (inputs.dryRun) throw new ActionInputError("input dry-run does not apply to ingest --traces");
    return [];
  }
  // A shard job evaluates its slice of pending.json into --shard-out and reads or writes nothing on GitHub.
  if (inputs.command === "evolve" && extra.some((a) => a === "--shard" || a.startsWith("--shard="))) {
    if (inputs.dryRun) throw new ActionInputError("input dry-run does not apply to evolve --shard");
    return [];
  }
  if (inputs.command === "evolve" || inputs.command === "ingest")
    return inputs.dryRun ? ["--github", "--dry-run"] : ["--github"];
  if (inputs.dryRun)
    throw new ActionInputError(`input dry-run applies to evolve and ingest only, not to ${inputs.command}`);
  return [];
}

/** matrix always prints `matrix=<json>`, which the step hands on as its `matrix` output. */
const outputFlags = (inputs: ActionInputs): string[] =>
  inputs.command === "matrix" ? ["--github-output"] : [];

/**
 * The command line for the inputs. `defaultOut` is where evolve writes unless `args` names --out
 * (the runner's temp folder, so nothing lands in the checkout).
 */
export function invocationOf(inputs: ActionInputs, defaultOut: string): ActionInvocation {
  const extra = inputs.args === undefined ? [] : splitArgs(inputs.args);
  const flags = [...mappedFlags(inputs), ...githubFlag(inputs, extra), ...outputFlags(inputs)];
  const argv = [inputs.command, ...flags, ...extra];
  // The CLI prefers SKILLOPS_GITHUB_TOKEN (githubTokenOf), so the input must win over one already set.
  const env: Record<string, string> =
    inputs.token === undefined ? {} : { GITHUB_TOKEN: inputs.token, SKILLOPS_GITHUB_TOKEN: inputs.token };
  if (inputs.command === "validate") {
    if (extra.includes("--json")) return { argv, env, validateJson: "given" };
    return { argv: [inputs.command, ...flags, "--json", ...extra], env, validateJson: "added" };
  }
  if (inputs.command !== "evolve") return { argv, env };
  const given = outFlag(extra);
  if (given === undefined) argv.push("--out", defaultOut);
  return { argv, out: given ?? defaultOut, env };
}
