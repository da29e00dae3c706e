// `equals`: the value at `path` equals `value` exactly (deep, key order ignored).
import type { RubricItem } from "../../../records/case.js";
import type { ItemVerdict } from "../../../records/eval-record.js";
import { selectPath } from "./select.js";
import { canonicalJson } from "../../../vocabulary/canonical-json.js";

export function scoreEquals(item: Extract<RubricItem, { type: "equals" }>, output: unknown): ItemVerdict {
  const sel = selectPath(item.type, output, item.path);
  if (!sel.ok) return sel.verdict;
  const want = canonicalJson(item.value);
  const got = sel.values.length === 1 ? sel.values[0] : sel.values;
  const pass = canonicalJson(got) === want;
  return {
    type: item.type,
    pass,
    reason: pass ? `${item.path} equals ${want}` : `${item.path} is ${canonicalJson(got)}, expected ${want}`,
  };
}
