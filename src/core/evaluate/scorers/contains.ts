// `contains`: the text at `path` (or the whole output) contains `value`.
import type { RubricItem } from "../../../records/case.js";
import type { ItemVerdict } from "../../../records/eval-record.js";
import { selectPath, textOf } from "./select.js";

export function includesText(haystack: string, needle: string, ignoreCase: boolean | undefined): boolean {
  return ignoreCase ? haystack.toLowerCase().includes(needle.toLowerCase()) : haystack.includes(needle);
}

export function scoreContains(item: Extract<RubricItem, { type: "contains" }>, output: unknown): ItemVerdict {
  const sel = selectPath(item.type, output, item.path);
  if (!sel.ok) return sel.verdict;
  const pass = includesText(textOf(sel.values), item.value, item.ignoreCase);
  const where = item.path ?? "the output";
  return {
    type: item.type,
    pass,
    reason: `${where} ${pass ? "contains" : "does not contain"} ${JSON.stringify(item.value)}`,
  };
}
