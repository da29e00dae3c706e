// The context budget's and the tool step's SkillSmith knobs from the CLI and the config file:
// `--allocation`, `--masking-rate`, `--retire-after`, `--retire-below`, `--extraction-rule` and their
// `evolve:` keys. Absent unless set (so a default run's config and record are unchanged), the flag
// overrides the file, a bad value is a usage error naming the choices, and a switch refuses a resume.
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/apps/cli/context.js";
import { engineConfig } from "../../src/apps/cli/evolve/evolve-flags.js";
import { parsedFlags } from "./engine-flags.js";
import { Config } from "../../src/core/config/config.js";
import { resumeMismatch } from "../../src/core/evolve/checkpoint.js";

const none = Config.parse({});

describe("the SkillSmith knobs", () => {
  it("are absent unless set", () => {
    const knobs = engineConfig(none, parsedFlags([]));
    for (const k of ["allocation", "maskingRate", "retireAfter", "retireBelow", "extractionRule"])
      expect(knobs).not.toHaveProperty(k);
  });

  it("are read from the config file and overridden by the flags", () => {
    const file = Config.parse({
      evolve: {
        allocation: "hedge",
        maskingRate: 0.3,
        retireAfter: 2,
        retireBelow: 0.1,
        extractionRule: true,
      },
    });
    expect(engineConfig(file, parsedFlags([]))).toMatchObject({
      allocation: "hedge",
      maskingRate: 0.3,
      retireAfter: 2,
      retireBelow: 0.1,
      extractionRule: true,
    });
    const argv = ["--allocation", "thompson", "--masking-rate", "adaptive", "--retire-after", "3"];
    expect(engineConfig(file, parsedFlags([...argv, "--retire-below", "0.5"]))).toMatchObject({
      allocation: "thompson",
      maskingRate: "adaptive",
      retireAfter: 3,
      retireBelow: 0.5,
    });
    expect(engineConfig(none, parsedFlags(["--masking-rate", "0.25", "--extraction-rule"]))).toMatchObject({
      maskingRate: 0.25,
      extractionRule: true,
    });
  });

  it("refuse bad values with the choices", () => {
    const bad = (argv: string[], message: string) => {
      expect(() => engineConfig(none, parsedFlags(argv))).toThrow(UsageError);
      expect(() => engineConfig(none, parsedFlags(argv))).toThrow(message);
    };
    bad(["--allocation", "softmax"], '--allocation must be replicator, hedge or thompson, got "softmax"');
    bad(
      ["--masking-rate", "1"],
      '--masking-rate must be adaptive or a number strictly between 0 and 1, got "1"',
    );
    bad(
      ["--masking-rate", "half"],
      '--masking-rate must be adaptive or a number strictly between 0 and 1, got "half"',
    );
    bad(["--retire-after", "0"], '--retire-after must be an integer ≥ 1, got "0"');
    bad(
      ["--retire-below", "0.5"],
      "--retire-below (evolve.retireBelow) needs --retire-after (evolve.retireAfter)",
    );
    expect(() => Config.parse({ evolve: { allocation: "softmax" } })).toThrow(
      /allocation must be replicator, hedge or thompson, got \\"softmax\\"/,
    );
    expect(() => Config.parse({ evolve: { maskingRate: 0 } })).toThrow(
      /masking rate must be \\"adaptive\\" or a number strictly between 0 and 1, got 0/,
    );
    expect(() => Config.parse({ evolve: { extractionRule: "yes" } })).toThrow(/extractionRule/);
  });

  it("refuse a resume when switched", () => {
    const base = engineConfig(none, parsedFlags([]));
    const inputs = { bank: "b", cases: "c", pool: "p" };
    expect(resumeMismatch({ inputs, config: base }, inputs, { ...base, allocation: "thompson" })).toEqual([
      'config.allocation: checkpoint undefined, now "thompson"',
    ]);
  });
});
