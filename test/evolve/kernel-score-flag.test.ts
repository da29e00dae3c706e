// `--kernel-score` and `evaluate.kernel.score` (issue 29): `speedup` is the default and is not
// recorded (so non-kernel runs' records stay as they were); `threshold` is recorded; bad values are
// refused with the choices; a resume compares it; progress lines show scores with their basis.
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/apps/cli/context.js";
import { engineConfig, type EvolveFlags } from "../../src/apps/cli/evolve/evolve-flags.js";
import { progressLines } from "../../src/apps/cli/evolve/evolve-progress.js";
import { Config } from "../../src/core/config/config.js";
import { resumeMismatch } from "../../src/core/evolve/checkpoint.js";

const flags = (f: Partial<EvolveFlags> = {}) => f as EvolveFlags;

describe("--kernel-score", () => {
  it("records nothing for the default speedup, threshold from the file or the flag", () => {
    expect(Config.parse({}).evaluate.kernel.score).toBe("speedup");
    expect(engineConfig(Config.parse({}), flags())).not.toHaveProperty("kernelScore");
    const file = Config.parse({ evaluate: { kernel: { score: "threshold" } } });
    expect(engineConfig(file, flags()).kernelScore).toBe("threshold");
    expect(engineConfig(file, flags({ kernelScore: "speedup" }))).not.toHaveProperty("kernelScore");
    expect(engineConfig(Config.parse({}), flags({ kernelScore: "threshold" })).kernelScore).toBe("threshold");
  });
  it("refuses an unknown scoring in the flag and in the file, naming the choices", () => {
    expect(() => engineConfig(Config.parse({}), flags({ kernelScore: "fast" }))).toThrow(UsageError);
    expect(() => engineConfig(Config.parse({}), flags({ kernelScore: "fast" }))).toThrow(
      '--kernel-score must be speedup or threshold, got "fast"',
    );
    const bad = Config.safeParse({ evaluate: { kernel: { score: "fast" } } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(
      'evaluate.kernel.score must be "speedup" (correctness × speedup, the default) or "threshold" (pass/fail at the rubric\'s threshold), got "fast"',
    );
  });
  it("a resume under another scoring is refused; absent and speedup are the same", () => {
    const base = engineConfig(Config.parse({}), flags());
    const threshold = { ...base, kernelScore: "threshold" as const };
    const inputs = { bank: "b", cases: "c", pool: "p" };
    const cp = { inputs, config: base } as unknown as Parameters<typeof resumeMismatch>[0];
    expect(resumeMismatch(cp, inputs, threshold)).toContain(
      'config.kernelScore: checkpoint "speedup", now "threshold"',
    );
    expect(resumeMismatch(cp, inputs, { ...base, kernelScore: "speedup" })).toEqual([]);
  });
});

describe("progress lines under kernel scoring", () => {
  const style = { simulated: false, actions: false };
  it("a CPU run's baseline reads as a correctness score, never a speedup or a percentage", () => {
    const [, line] = progressLines(
      {
        type: "baseline",
        passRate: 0.5,
        perCategory: { "level-1": 0.5 },
        scope: ["k"],
        kernelBasis: "correctness",
      },
      style,
    );
    expect(line).toBe(
      "baseline E₀: mean kernel score 0.50 [correctness only; CPU timing decides nothing] (level-1 0.50)",
    );
    expect(line!.toLowerCase()).not.toContain("speedup");
  });
  it("a refused child's mean score and floor are scores", () => {
    const record = {
      gate: {
        admitted: false,
        reasons: [{ category: "level-1", observed: 1.1, floor: 1.35, ok: false, early: false }],
      },
      proposals: [],
      vote: { kept: [], dropped: [] },
      rewrites: [],
    };
    const lines = progressLines(
      {
        type: "iteration",
        t: 1,
        admitted: false,
        entered: false,
        passRate: 1.1,
        frontier: 1,
        kernelBasis: "speedup",
        record: record as never,
        progress: { t: 1, of: 3, simulated: false, at: "2026-01-05T03:00:00.000Z" },
      },
      style,
    );
    expect(lines.join("\n")).toContain(
      "gate: child score 1.10, refused (level-1 score 1.10 < floor score 1.35)",
    );
  });
  it("without kernel scoring the lines are percentages as before", () => {
    const [, line] = progressLines(
      { type: "baseline", passRate: 0.5, perCategory: { general: 0.5 }, scope: ["k"] },
      style,
    );
    expect(line).toBe("baseline E₀: pass rate 50.0% (general 50.0%)");
  });
});
