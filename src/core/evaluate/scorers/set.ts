// `set`: the values at `path` equal `values` as a set (order and duplicates ignored). A single
// array match is taken as the set; several matches (e.g. `$.items[*].id`) are the set themselves.
import type { RubricItem } from "../../../records/case.js";
import type { ItemVerdict } from "../../../records/eval-record.js";
import { selectPath } from "./select.js";
import { canonicalJson } from "../../../vocabulary/canonical-json.js";

export function scoreSet(item: Extract<RubricItem, { type: "set" }>, output: unknown): ItemVerdict {
  const sel = selectPath(item.type, output, item.path);
  if (!sel.ok) return sel.verdict;
  const got =
    sel.values.length === 1 && Array.isArray(sel.values[0]) ? (sel.values[0] as unknown[]) : sel.values;
  const have = new Set(got.map(canonicalJson));
  const want = new Set(item.values.map(canonicalJson));
  const missing = [...want].filter((v) => !have.has(v));
  const extra = [...have].filter((v) => !want.has(v));
  const pass = missing.length === 0 && extra.length === 0;
  const reason = pass
    ? `${item.path} has exactly the expected ${want.size} values`
    : `${item.path}: missing [${missing.join(", ")}], unexpected [${extra.join(", ")}]`;
  return { type: item.type, pass, reason };
}
