// `--strategy` and the config key `evolve.strategy`: the flag overrides the file, a bad value is a
// usage error naming the choices, and nothing set records nothing (so old checkpoints resume).
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/apps/cli/context.js";
import { Command } from "commander";
import { engineConfig, type EvolveFlags } from "../../src/apps/cli/evolve/evolve-flags.js";
import { addEngineOptions } from "../../src/apps/cli/evolve/evolve-options.js";
import { Config } from "../../src/core/config/config.js";
import { resumeMismatch } from "../../src/core/evolve/checkpoint.js";

const flags = (f: Partial<EvolveFlags> = {}) => f as EvolveFlags;

describe("--strategy", () => {
  it("is absent unless set, read from the config file, and overridden by the flag", () => {
    expect(engineConfig(Config.parse({}), flags())).not.toHaveProperty("strategy");
    const file = Config.parse({ evolve: { strategy: "neo" } });
    expect(engineConfig(file, flags()).strategy).toBe("neo");
    expect(engineConfig(file, flags({ strategy: "greedy" })).strategy).toBe("greedy");
  });

  it("refuses an unknown strategy with the choices", () => {
    expect(() => engineConfig(Config.parse({}), flags({ strategy: "beam" }))).toThrow(UsageError);
    expect(() => engineConfig(Config.parse({}), flags({ strategy: "beam" }))).toThrow(
      '--strategy must be frames, neo, evolver or greedy, got "beam"',
    );
    expect(() => Config.parse({ evolve: { strategy: "beam" } })).toThrow(/strategy/);
  });
});

describe("--localisation", () => {
  it("is absent unless set, read from the config file or the flag, and reaches the run's knobs", () => {
    expect(engineConfig(Config.parse({}), flags())).not.toHaveProperty("localisation");
    expect(engineConfig(Config.parse({ evolve: { localisation: true } }), flags()).localisation).toBe(true);
    expect(engineConfig(Config.parse({}), flags({ localisation: true })).localisation).toBe(true);
    expect(() => Config.parse({ evolve: { localisation: "yes" } })).toThrow(/localisation/);
  });
});

const parsed = (argv: string[]) =>
  addEngineOptions(new Command())
    .parse(["node", "evolve", ...argv])
    .opts();

describe("--no-ddmin", () => {
  it("is absent unless given; the flag and the config key `evolve.ddmin: false` turn ddmin off", () => {
    expect(engineConfig(Config.parse({}), flags(parsed([])))).not.toHaveProperty("ddmin");
    expect(engineConfig(Config.parse({}), flags(parsed(["--no-ddmin"]))).ddmin).toBe(false);
    expect(engineConfig(Config.parse({ evolve: { ddmin: false } }), flags(parsed([]))).ddmin).toBe(false);
    expect(() => Config.parse({ evolve: { ddmin: "no" } })).toThrow(/ddmin/);
  });
});

describe("--neo-promote", () => {
  it("is absent unless set, read from the config file, overridden by the flag, and must be ≥ 1", () => {
    expect(engineConfig(Config.parse({}), flags(parsed([])))).not.toHaveProperty("neoPromote");
    expect(engineConfig(Config.parse({ evolve: { neoPromote: 1 } }), flags()).neoPromote).toBe(1);
    const flag = flags(parsed(["--neo-promote", "3"]));
    expect(engineConfig(Config.parse({ evolve: { neoPromote: 1 } }), flag).neoPromote).toBe(3);
    expect(() => engineConfig(Config.parse({}), flags({ neoPromote: "0" }))).toThrow(
      '--neo-promote must be an integer ≥ 1, got "0"',
    );
    expect(() => Config.parse({ evolve: { neoPromote: 0 } })).toThrow(/neoPromote/);
  });
});

describe("--exact-cost / --no-exact-cost", () => {
  it("is absent unless set (on), read from the config file or the flags, and a switch refuses a resume", () => {
    expect(engineConfig(Config.parse({}), flags(parsed([])))).not.toHaveProperty("exactCost");
    expect(engineConfig(Config.parse({ evolve: { exactCost: false } }), flags()).exactCost).toBe(false);
    expect(engineConfig(Config.parse({}), flags(parsed(["--no-exact-cost"]))).exactCost).toBe(false);
    const overridden = Config.parse({ evolve: { exactCost: false } });
    expect(engineConfig(overridden, flags(parsed(["--exact-cost"]))).exactCost).toBe(true);
    expect(() => Config.parse({ evolve: { exactCost: "yes" } })).toThrow(/exactCost/);
    const base = engineConfig(Config.parse({}), flags());
    const inputs = { bank: "b", cases: "c", pool: "p" };
    expect(resumeMismatch({ inputs, config: base }, inputs, { ...base, exactCost: true })).toEqual([]);
    expect(resumeMismatch({ inputs, config: base }, inputs, { ...base, exactCost: false })).toEqual([
      "config.exactCost: checkpoint true, now false",
    ]);
  });
});

describe("--gate-test", () => {
  it("is absent unless set, read from the config file, overridden by the flag, and refuses other tests", () => {
    expect(engineConfig(Config.parse({}), flags())).not.toHaveProperty("gateTest");
    const file = Config.parse({ evolve: { gateTest: "paired" } });
    expect(engineConfig(file, flags()).gateTest).toBe("paired");
    expect(engineConfig(file, flags({ gateTest: "floor" })).gateTest).toBe("floor");
    expect(parsed(["--gate-test", "paired"]).gateTest).toBe("paired");
    expect(() => engineConfig(Config.parse({}), flags({ gateTest: "t" }))).toThrow(
      '--gate-test must be floor or paired, got "t"',
    );
  });
});
