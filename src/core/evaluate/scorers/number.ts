// `number`: the value at `path` (or the whole output) is a number within tolerance of `value`.
import type { RubricItem } from "../../../records/case.js";
import type { ItemVerdict } from "../../../records/eval-record.js";
import { outputText, selectPath } from "./select.js";

function toNumber(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  const text = outputText(v).trim().replace(/,/g, "");
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return undefined;
  return Number(text);
}

export function scoreNumber(item: Extract<RubricItem, { type: "number" }>, output: unknown): ItemVerdict {
  const sel = selectPath(item.type, output, item.path);
  if (!sel.ok) return sel.verdict;
  const got = toNumber(sel.values[0]);
  const where = item.path ?? "the output";
  if (got === undefined) {
    return {
      type: item.type,
      pass: false,
      reason: `${where} is not a number: ${outputText(sel.values[0]).slice(0, 200)}`,
      failure: "bad-output",
    };
  }
  const tolerance = item.relative ? Math.abs(item.value) * item.tolerance : item.tolerance;
  const pass = Math.abs(got - item.value) <= tolerance;
  return { type: item.type, pass, reason: `${where} is ${got}; expected ${item.value} ± ${tolerance}` };
}
