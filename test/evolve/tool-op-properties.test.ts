// Properties of the bundle check over generated banks: whatever subset of callers a retype names
// and updates, an admitted retype leaves no call with a removed argument; an admitted inline leaves
// no call of the tool at all.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SkillBank } from "../../src/core/bank/skill.js";
import { callSites, checkBundle } from "../../src/core/evolve/tools/tool-bundle.js";
import { bankOf, EXTRACT_PY, skillMd, textAt } from "./tool-bank.js";

const TOOL = "tables/scripts/extract.py";

/** A bank where each of `n` skills calls the tool (by path, with --col) or not. */
function generated(calls: readonly boolean[]): { bank: SkillBank; names: string[] } {
  const files: Record<string, string> = {
    "tables/SKILL.md": skillMd("tables", "Tables."),
    [TOOL]: EXTRACT_PY,
  };
  const names = calls.map((_, i) => `s${i}`);
  calls.forEach((call, i) => {
    const body = call ? `Run \`${TOOL} --col ${i} --file f.csv\`.` : "Do it by hand.";
    files[`s${i}/SKILL.md`] = skillMd(`s${i}`, body);
  });
  return { bank: bankOf(files), names };
}

const scenario = fc.record({
  calls: fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }),
  named: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
  updated: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
});

describe("tool operation properties", () => {
  it("a retype never leaves a caller with the old interface", () => {
    fc.assert(
      fc.property(scenario, ({ calls, named, updated }) => {
        const { bank, names } = generated(calls);
        const callers = names.filter((_, i) => named[i]);
        const files = [
          { path: TOOL, content: EXTRACT_PY.replace('"--col"', '"--column"') },
          ...callers
            .filter((_, i) => updated[i])
            .map((c) => ({
              path: `${c}/SKILL.md`,
              content: textAt(bank, `${c}/SKILL.md`)!.replace("--col ", "--column "),
            })),
        ];
        const op = {
          kind: "retype" as const,
          tool: TOOL,
          from: ["--col", "--file"],
          to: ["--column", "--file"],
          callers,
        };
        const r = checkBundle(bank, ["tables", ...names], { op, files, summary: "" });
        if (!r.ok) return;
        for (const site of callSites(r.bank, TOOL)) expect(site.text).not.toMatch(/--col(?![\w-])/);
      }),
      { numRuns: 100 },
    );
  });

  it("an inline leaves no dangling calls", () => {
    fc.assert(
      fc.property(scenario, ({ calls, named, updated }) => {
        const { bank, names } = generated(calls);
        const callers = names.filter((_, i) => named[i]);
        const files = [
          { path: TOOL, content: null },
          ...callers
            .filter((_, i) => updated[i])
            .map((c) => ({
              path: `${c}/SKILL.md`,
              content: skillMd(c, "Read column N of the table by hand."),
            })),
        ];
        const r = checkBundle(bank, ["tables", ...names], {
          op: { kind: "inline", tool: TOOL, callers },
          files,
          summary: "",
        });
        if (!r.ok) return;
        expect(callSites(r.bank, TOOL)).toEqual([]);
        expect(r.bank.files.some((f) => f.path === TOOL)).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it("admits the bundles that do update every caller (the properties are not vacuous)", () => {
    const { bank, names } = generated([true, true, false]);
    const callers = names.slice(0, 2);
    const files = [
      { path: TOOL, content: null },
      ...callers.map((c) => ({ path: `${c}/SKILL.md`, content: skillMd(c, "By hand.") })),
    ];
    expect(
      checkBundle(bank, ["tables", ...names], {
        op: { kind: "inline", tool: TOOL, callers },
        files,
        summary: "",
      }).ok,
    ).toBe(true);
  });
});
