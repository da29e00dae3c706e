// Where a rubric item looks in the agent's output: a JSONPath (jsonpath-plus), or the whole output
// as text when the item has no path. A path that matches nothing is its own recorded failure.
import { JSONPath } from "jsonpath-plus";
import type { ItemVerdict } from "../../../records/eval-record.js";

export type PathSelection = { ok: true; values: unknown[] } | { ok: false; verdict: ItemVerdict };

/** The output as text: strings as they are, anything else as JSON. */
export function outputText(output: unknown): string {
  if (typeof output === "string") return output;
  if (output === undefined || output === null) return "";
  return JSON.stringify(output);
}

export function selectPath(type: string, output: unknown, path: string | undefined): PathSelection {
  if (path === undefined) return { ok: true, values: [output] };
  let values: unknown[];
  try {
    // JSONPath evaluates filter expressions in a safe sandbox by default ("safe" eval); the
    // rubric comes from a reviewed case file, but we still never let it run code.
    values = JSONPath({ path, json: output as object, wrap: true, eval: "safe" }) as unknown[];
  } catch (err) {
    return {
      ok: false,
      verdict: {
        type,
        pass: false,
        reason: `invalid JSONPath ${JSON.stringify(path)}: ${(err as Error).message}`,
        failure: "bad-rubric",
      },
    };
  }
  if (!Array.isArray(values) || values.length === 0) {
    return {
      ok: false,
      verdict: {
        type,
        pass: false,
        reason: `rubric path ${path} matched nothing in the output`,
        failure: "path-not-found",
      },
    };
  }
  return { ok: true, values };
}

export function textOf(values: readonly unknown[]): string {
  return values.map(outputText).join("\n");
}
