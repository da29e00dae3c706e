// `regex`: the text at `path` (or the whole output) matches `pattern`, on a linear-time engine
// (src/records/safe-pattern.ts), so no pattern and no output can make scoring hang.
import type { RubricItem } from "../../../records/case.js";
import { compileSafePattern } from "../../../records/safe-pattern.js";
import type { ItemVerdict } from "../../../records/eval-record.js";
import { selectPath, textOf } from "./select.js";

export function scoreRegex(item: Extract<RubricItem, { type: "regex" }>, output: unknown): ItemVerdict {
  const sel = selectPath(item.type, output, item.path);
  if (!sel.ok) return sel.verdict;
  const compiled = compileSafePattern(item.pattern, item.flags ?? "");
  if (!compiled.ok) {
    return {
      type: item.type,
      pass: false,
      reason: `/${item.pattern}/: ${compiled.reason}`,
      failure: "bad-rubric",
    };
  }
  const pass = compiled.matcher.test(textOf(sel.values));
  return {
    type: item.type,
    pass,
    reason: `${item.path ?? "the output"} ${pass ? "matches" : "does not match"} /${item.pattern}/${item.flags ?? ""}`,
  };
}
