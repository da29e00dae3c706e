// The checks a strategist's answer must pass before runs follow it (SkillEvolver §3.2.1: "checks
// that no two strategies are identical"): exactly K, each a valid name and a short text, no two
// with one name and no two near-duplicates (strategy-diversity.ts).
import { WrittenStrategy } from "../../../records/written-strategy.js";
import { nearDuplicate } from "./strategy-diversity.js";

export function checkedStrategies(
  answer: readonly { name: string; text: string }[],
  k: number,
): { ok: true; value: WrittenStrategy[] } | { ok: false; failure: string } {
  if (answer.length !== k) return { ok: false, failure: `asked for ${k} strategies, got ${answer.length}` };
  const out: WrittenStrategy[] = [];
  for (const [i, raw] of answer.entries()) {
    const parsed = WrittenStrategy.safeParse({ name: raw.name.trim(), text: raw.text.trim() });
    if (!parsed.success)
      return { ok: false, failure: `strategy ${i + 1}: ${parsed.error.issues[0]?.message ?? "invalid"}` };
    const same = out.find((s) => nearDuplicate(s, parsed.data));
    if (same) return { ok: false, failure: `strategy ${i + 1} repeats strategy ${same.name}` };
    out.push(parsed.data);
  }
  return { ok: true, value: out };
}
