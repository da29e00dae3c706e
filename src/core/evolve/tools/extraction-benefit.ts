// SkillSmith's extraction-benefit rule (§3.4, Eq. 9: c′ᵢ = cᵢ − ℓ + ℓ_δ + ℓ_d/k): an Extract frees
// context for a caller skill i only when the inline procedure it removes costs more than what it
// adds, ℓ > ℓ_δ + ℓ_d/k. Measured here on the bank, in the SKILL.md estimate's tokens (four
// characters each): ℓ = the lines the extract removed from the caller's SKILL.md, ℓ_δ = the lines
// it added there (the call site), ℓ_d = the tool's interface description (what a caller's reader is
// shown of it, formatInterface), shared equally among the k SKILL.md callers. The paper's capacity
// result (Prop. A.7) needs every source skill's cost to fall, so the extract is kept only when the
// rule holds for each caller. Script callers are not in context and are not counted. Pure core.
import { formatInterface, scriptInterface } from "../../bank/script-interface.js";
import type { SkillBank } from "../../bank/skill.js";
import type { ExtractionBenefit } from "../../../records/tool-op.js";
import { textOf } from "./tool-bundle.js";

/** Tokens of a text in the SKILL.md estimate (exposure.ts's skillTokens, without rounding). */
function tokensOf(text: string): number {
  return text.length / 4;
}

/** The rule's figures for an extract that turned `parent` into `child`; kept only when every caller gains. */
export function extractionBenefit(
  parent: SkillBank,
  child: SkillBank,
  tool: string,
  changed: readonly string[],
): ExtractionBenefit {
  const skillFiles = changed.filter((p) => p.endsWith("/SKILL.md"));
  const toolText = textOf(child, tool) ?? "";
  const description = tokensOf(formatInterface(tool, scriptInterface(tool, toolText)));
  const k = skillFiles.length;
  const callers = skillFiles.map((file) => {
    const { removed, added } = lineDiff(textOf(parent, file) ?? "", textOf(child, file) ?? "");
    const saved = removed - added - description / k;
    return { file, removed, added, saved };
  });
  return { description, k, callers, kept: k > 0 && callers.every((c) => c.saved > 0) };
}

/** Tokens of the lines only `before` has, and of those only `after` has (as multisets of lines). */
function lineDiff(before: string, after: string): { removed: number; added: number } {
  const count = new Map<string, number>();
  for (const l of before.split("\n")) count.set(l, (count.get(l) ?? 0) + 1);
  let added = 0;
  for (const l of after.split("\n")) {
    const n = count.get(l) ?? 0;
    if (n > 0) count.set(l, n - 1);
    else added += tokensOf(l) + 0.25; // the line and its newline
  }
  let removed = 0;
  for (const [l, n] of count) removed += n * (tokensOf(l) + 0.25);
  return { removed, added };
}

/** The reason a refused extract's record gives, naming the first caller that does not gain. */
export function benefitReason(b: ExtractionBenefit): string {
  if (b.k === 0)
    return "the extract changes no SKILL.md, so it frees no context (ℓ > ℓ_δ + ℓ_d/k has no caller)";
  const bad = b.callers.find((c) => c.saved <= 0)!;
  const f = (x: number) => x.toFixed(2);
  return `extraction does not pay for ${bad.file}: ℓ = ${f(bad.removed)} ≤ ℓ_δ + ℓ_d/k = ${f(bad.added)} + ${f(b.description)}/${b.k} tokens`;
}
