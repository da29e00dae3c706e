// `not-contains`: the text at `path` (or the whole output) does not contain `value`.
import type { RubricItem } from "../../../records/case.js";
import type { ItemVerdict } from "../../../records/eval-record.js";
import { includesText } from "./contains.js";
import { selectPath, textOf } from "./select.js";

export function scoreNotContains(
  item: Extract<RubricItem, { type: "not-contains" }>,
  output: unknown,
): ItemVerdict {
  const sel = selectPath(item.type, output, item.path);
  if (!sel.ok) return sel.verdict;
  const found = includesText(textOf(sel.values), item.value, item.ignoreCase);
  const where = item.path ?? "the output";
  return {
    type: item.type,
    pass: !found,
    reason: `${where} ${found ? "contains forbidden" : "does not contain"} ${JSON.stringify(item.value)}`,
  };
}
