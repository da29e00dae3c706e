// `regex`: the text at `path` (or the whole output) matches `pattern`.
import type { RubricItem } from "../../cases/case.js";
import type { ItemVerdict } from "../eval-record.js";
import { selectPath, textOf } from "./select.js";

export function scoreRegex(item: Extract<RubricItem, { type: "regex" }>, output: unknown): ItemVerdict {
  const sel = selectPath(item.type, output, item.path);
  if (!sel.ok) return sel.verdict;
  let re: RegExp;
  try {
    re = new RegExp(item.pattern, item.flags ?? "");
  } catch (err) {
    return {
      type: item.type,
      pass: false,
      reason: `invalid pattern /${item.pattern}/: ${(err as Error).message}`,
      failure: "bad-rubric",
    };
  }
  const pass = re.test(textOf(sel.values));
  return {
    type: item.type,
    pass,
    reason: `${item.path ?? "the output"} ${pass ? "matches" : "does not match"} /${item.pattern}/${item.flags ?? ""}`,
  };
}
