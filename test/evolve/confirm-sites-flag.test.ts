// `--confirm-sites N` and the config keys `evolve.confirmSites`, `confirmCases`, `confirmMargin`
// (localisation-config.ts): absent unless set, the flag overrides the file, they reach the run's
// knobs, and asking for confirmation with localisation off is a usage error that says how to fix it.
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/apps/cli/context.js";
import { engineConfig } from "../../src/apps/cli/evolve/evolve-flags.js";
import { parsedFlags } from "./engine-flags.js";
import { Config } from "../../src/core/config/config.js";
import { RunConfig } from "../../src/records/run-config.js";
import { CONFIRM_DEFAULTS } from "../../src/core/config/localisation-config.js";

describe("--confirm-sites", () => {
  it("is absent unless set, so a run without it records nothing new", () => {
    const knobs = engineConfig(Config.parse({}), parsedFlags([]));
    for (const key of ["confirmSites", "confirmCases", "confirmMargin"])
      expect(knobs).not.toHaveProperty(key);
  });

  it("comes from the flag or the file, the flag winning, and reaches the run config", () => {
    const file = Config.parse({
      evolve: { localisation: true, confirmSites: 1, confirmCases: 2, confirmMargin: 0.5 },
    });
    const fromFile = engineConfig(file, parsedFlags([]));
    expect([fromFile.confirmSites, fromFile.confirmCases, fromFile.confirmMargin]).toEqual([1, 2, 0.5]);
    expect(engineConfig(file, parsedFlags(["--confirm-sites", "3"])).confirmSites).toBe(3);
    const fromFlag = engineConfig(Config.parse({}), parsedFlags(["--localisation", "--confirm-sites", "2"]));
    expect(fromFlag.confirmSites).toBe(2);
    expect(RunConfig.parse(fromFlag)).toEqual(fromFlag);
    expect(engineConfig(Config.parse({}), parsedFlags(["--confirm-sites", "0"])).confirmSites).toBe(0);
  });

  it("is on by default, with two sites confirmed; --no-localisation turns both off", () => {
    const plain = engineConfig(Config.parse({}), parsedFlags([]));
    expect(plain.localisation).toBeUndefined(); // absent = on, so a default run records nothing
    expect(plain.confirmSites).toBeUndefined(); // absent = CONFIRM_DEFAULTS.sites
    expect(CONFIRM_DEFAULTS.sites).toBe(2);
    expect(engineConfig(Config.parse({}), parsedFlags(["--no-localisation"])).localisation).toBe(false);
    const fromFile = Config.parse({ evolve: { localisation: false } });
    expect(engineConfig(fromFile, parsedFlags([])).localisation).toBe(false);
    expect(engineConfig(fromFile, parsedFlags(["--localisation"])).localisation).toBe(true);
  });

  it("refuses confirmation with localisation off, and bad values, with clear messages", () => {
    const off = parsedFlags(["--no-localisation", "--confirm-sites", "2"]);
    expect(() => engineConfig(Config.parse({}), off)).toThrow(UsageError);
    expect(() => engineConfig(Config.parse({}), off)).toThrow(/which is off here: drop --no-localisation/);
    const fromFile = Config.parse({ evolve: { localisation: false, confirmSites: 1 } });
    expect(() => engineConfig(fromFile, parsedFlags([]))).toThrow(/evolve.localisation: false/);
    expect(() =>
      engineConfig(Config.parse({}), parsedFlags(["--localisation", "--confirm-sites", "-1"])),
    ).toThrow('--confirm-sites must be an integer ≥ 0, got "-1"');
    expect(() => Config.parse({ evolve: { confirmSites: 1.5 } })).toThrow(/confirmSites/);
    expect(() => Config.parse({ evolve: { confirmMargin: 2 } })).toThrow(/confirmMargin/);
    expect(() => Config.parse({ evolve: { confirmCases: 0 } })).toThrow(/confirmCases/);
  });
});
