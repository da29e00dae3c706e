// A workflow step that runs the skillops Action, turned into the environment the runner gives the
// Action: INPUT_* for each `with:` value and each action.yml default, plus the step's `env:`, with
// every `${{ expression }}` replaced by the value the test stands in for it. A test then runs the
// Action on exactly the inputs a generated workflow passes.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { REPO_ROOT } from "./repo-root.js";

export interface WorkflowStep {
  id?: string;
  uses?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}

/** The context values a test stands in, by expression text (e.g. `steps.app-token.outputs.token`). */
export type ExpressionValues = Readonly<Record<string, string>>;

function resolve(text: string, values: ExpressionValues): string {
  return text.replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_, expression: string) => {
    const value = values[expression];
    if (value === undefined) throw new Error(`the test gives no value for \${{ ${expression} }}`);
    return value;
  });
}

const actionDefaults = (): Record<string, unknown> => {
  const yml = parse(readFileSync(join(REPO_ROOT, "action.yml"), "utf8")) as {
    inputs: Record<string, { default?: unknown }>;
  };
  return Object.fromEntries(
    Object.entries(yml.inputs)
      .filter(([, spec]) => spec.default !== undefined)
      .map(([name, spec]) => [name, spec.default]),
  );
};

/** What the runner sets for the step: INPUT_<NAME> (upper-cased, hyphens kept) and the step's env. */
export function actionStepEnv(step: WorkflowStep, values: ExpressionValues): Record<string, string> {
  const inputs = { ...actionDefaults(), ...step.with };
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(inputs))
    env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] = resolve(String(value), values);
  for (const [name, value] of Object.entries(step.env ?? {})) env[name] = resolve(String(value), values);
  return env;
}
