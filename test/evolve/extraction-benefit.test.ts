// SkillSmith's extraction-benefit rule (ℓ > ℓ_δ + ℓ_d/k) on tool extracts: the figures measured on
// the bank, an extract on each side of the threshold, and the tool step keeping or refusing it
// (recorded with the figures, absent from the child) only when `extractionRule` is on.
import { describe, expect, it } from "vitest";
import { extractionBenefit } from "../../src/core/evolve/tools/extraction-benefit.js";
import { applyToolPlans } from "../../src/core/evolve/tools/tool-step.js";
import { checkBundle } from "../../src/core/evolve/tools/tool-bundle.js";
import type { ToolSmith } from "../../src/core/llm/roles.js";
import type { ToolBundle } from "../../src/records/tool-op.js";
import { ZERO_TOKENS } from "../../src/records/tokens.js";
import { bankOf, skillMd, textAt } from "./tool-bank.js";

const TOOL = "ledger/scripts/normalise.py";
const NORMALISE_PY =
  '"""Normalise an amount to cents."""\nimport sys\nprint(round(float(sys.argv[1]) * 100))\n';
// A procedure repeated in two skills: about 60 tokens each in the SKILL.md estimate.
const PROCEDURE = [
  "To normalise an amount: strip the currency sign, remove thousands separators,",
  "treat a trailing minus as negative, then multiply by 100 and round half to even.",
  "Never trust the amount column's own rounding; recompute it from the raw text.",
].join("\n");
const SHORT = "Round amounts to cents.";

function bankWith(procedure: string) {
  return bankOf({
    "ledger/SKILL.md": skillMd("ledger", `Post entries.\n\n${procedure}`),
    "invoices/SKILL.md": skillMd("invoices", `Check totals.\n\n${procedure}`),
  });
}

/** The extract: each caller's procedure replaced by one call of the tool. */
function extractOf(procedure: string, call: string): ToolBundle {
  return {
    op: { kind: "extract", tool: TOOL, callers: ["ledger", "invoices"] },
    summary: "Extracted the amount normalisation.",
    files: [
      { path: TOOL, content: NORMALISE_PY },
      { path: "ledger/SKILL.md", content: skillMd("ledger", `Post entries.\n\n${call}`) },
      { path: "invoices/SKILL.md", content: skillMd("invoices", `Check totals.\n\n${call}`) },
    ],
  };
}

const CALL = `Run \`${TOOL} <amount>\` to normalise an amount.`;

function figures(procedure: string, call: string) {
  const parent = bankWith(procedure);
  const checked = checkBundle(parent, ["ledger", "invoices"], extractOf(procedure, call));
  if (!checked.ok) throw new Error(checked.reason);
  return extractionBenefit(parent, checked.bank, TOOL, checked.changed);
}

describe("extractionBenefit", () => {
  it("keeps an extract whose removed procedure outweighs the call site and the shared description", () => {
    const b = figures(PROCEDURE, CALL);
    expect(b.k).toBe(2);
    expect(b.description).toBeGreaterThan(0);
    expect(b.callers.map((c) => c.file)).toEqual(["ledger/SKILL.md", "invoices/SKILL.md"]);
    for (const c of b.callers) {
      expect(c.removed).toBeCloseTo((PROCEDURE.length + 1) / 4, 5); // three lines and their newlines
      expect(c.added).toBeCloseTo((CALL.length + 1) / 4, 5);
      expect(c.saved).toBeCloseTo(c.removed - c.added - b.description / 2, 9);
      expect(c.saved).toBeGreaterThan(0);
    }
    expect(b.kept).toBe(true);
  });

  it("refuses an extract whose call site and description cost more than the line it removes", () => {
    const b = figures(SHORT, CALL);
    expect(b.callers.every((c) => c.removed < c.added + b.description / b.k)).toBe(true);
    expect(b.kept).toBe(false);
  });

  it("refuses when one caller loses even if the other gains (every caller's cost must fall)", () => {
    const parent = bankOf({
      "ledger/SKILL.md": skillMd("ledger", `Post entries.\n\n${PROCEDURE}`),
      "invoices/SKILL.md": skillMd("invoices", `Check totals.\n\n${SHORT}`),
    });
    const bundle = extractOf(PROCEDURE, CALL);
    const checked = checkBundle(parent, ["ledger", "invoices"], bundle);
    if (!checked.ok) throw new Error(checked.reason);
    const b = extractionBenefit(parent, checked.bank, TOOL, checked.changed);
    expect(b.callers.find((c) => c.file === "ledger/SKILL.md")!.saved).toBeGreaterThan(0);
    expect(b.callers.find((c) => c.file === "invoices/SKILL.md")!.saved).toBeLessThanOrEqual(0);
    expect(b.kept).toBe(false);
  });
});

/** A tool-smith stand-in (the model edge) that answers with a fixed bundle. */
const smithAnswering = (bundle: ToolBundle): ToolSmith => ({
  carryOut: () => Promise.resolve({ ok: true, value: bundle, usage: ZERO_TOKENS }),
});

async function stepWith(procedure: string, extractionRule: boolean) {
  const parent = bankWith(procedure);
  return applyToolPlans({
    toolSmith: smithAnswering(extractOf(procedure, CALL)),
    parent,
    scope: ["ledger", "invoices"],
    plan: [
      {
        skill: TOOL,
        plan: "extract the amount normalisation",
        op: { kind: "extract", tool: TOOL, callers: ["ledger", "invoices"] },
      },
    ],
    seed: 1,
    ...(extractionRule ? { extractionRule } : {}),
  });
}

describe("the tool step with the extraction rule", () => {
  it("applies a paying extract and records its figures", async () => {
    const step = await stepWith(PROCEDURE, true);
    expect(step.records[0]).toMatchObject({ kind: "extract", status: "applied" });
    expect(step.records[0]!.benefit?.kept).toBe(true);
    expect(textAt(step.bank, TOOL)).toBe(NORMALISE_PY);
  });

  it("drops an extract below the threshold: the figures in the record, nothing in the child", async () => {
    const step = await stepWith(SHORT, true);
    const rec = step.records[0]!;
    expect(rec).toMatchObject({ kind: "extract", status: "dropped", files: [] });
    expect(rec.reason).toMatch(/^extraction does not pay for ledger\/SKILL\.md: ℓ = [\d.]+ ≤ ℓ_δ \+ ℓ_d\/k/);
    expect(rec.benefit).toMatchObject({ kept: false, k: 2 });
    expect(textAt(step.bank, TOOL)).toBeUndefined();
    expect(textAt(step.bank, "ledger/SKILL.md")).toContain(SHORT);
    expect(step.changed).toEqual([]);
  });

  it("leaves extracts alone when the rule is off (the default): applied, no figures", async () => {
    const step = await stepWith(SHORT, false);
    expect(step.records[0]).toMatchObject({ kind: "extract", status: "applied" });
    expect(step.records[0]).not.toHaveProperty("benefit");
  });
});
