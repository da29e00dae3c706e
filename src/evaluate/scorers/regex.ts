// `regex`: the text at `path` (or the whole output) matches `pattern`, on a linear-time engine
// (src/cases/safe-pattern.ts), so no pattern and no output can make scoring hang.
import type { RubricItem } from "../../cases/case.js";
import { compileSafePattern } from "../../cases/safe-pattern.js";
import type { ItemVerdict } from "../eval-record.js";
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
