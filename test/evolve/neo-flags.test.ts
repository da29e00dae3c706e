// SkillNEO's knobs from the CLI and the config file: `evolve.neo` reaches RunConfig.neo, each
// `--neo-*` flag overrides its key, nothing set records nothing (so old checkpoints resume), and a
// bad value is a usage error or a config error naming it.
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/apps/cli/context.js";
import { engineConfig } from "../../src/apps/cli/evolve/evolve-flags.js";
import { parsedFlags } from "./engine-flags.js";
import { Config } from "../../src/core/config/config.js";
import { neoKnobsOf } from "../../src/records/neo-knobs.js";

describe("SkillNEO's knobs", () => {
  it("are absent unless set, and absent means the paper's values", () => {
    const config = engineConfig(Config.parse({}), parsedFlags([]));
    expect(config).not.toHaveProperty("neo");
    expect(neoKnobsOf(config)).toEqual({
      deltaOfficial: 0,
      deltaAux: 30,
      strictFloor: true,
      holdPatience: 2,
    });
  });

  it("come from evolve.neo, and each flag overrides its key", () => {
    const file = Config.parse({ evolve: { neo: { deltaAux: 20, holdPatience: 3 } } });
    expect(engineConfig(file, parsedFlags([])).neo).toEqual({ deltaAux: 20, holdPatience: 3 });
    const flags = parsedFlags([
      "--neo-delta-off",
      "5",
      "--neo-delta-aux",
      "10",
      "--no-neo-strict-floor",
      "--neo-hold-patience",
      "4",
      "--neo-parent-cap",
      "6",
    ]);
    expect(engineConfig(file, flags).neo).toEqual({
      deltaOfficial: 5,
      deltaAux: 10,
      strictFloor: false,
      holdPatience: 4,
      parentCap: 6,
    });
  });

  it("refuse bad values with the flag or key named", () => {
    const bad = (argv: string[]) => () => engineConfig(Config.parse({}), parsedFlags(argv));
    expect(bad(["--neo-delta-aux", "120"])).toThrow(UsageError);
    expect(bad(["--neo-delta-aux", "120"])).toThrow(
      '--neo-delta-aux must be a number ≥ 0 and ≤ 100, got "120"',
    );
    expect(bad(["--neo-hold-patience", "0"])).toThrow('--neo-hold-patience must be an integer ≥ 1, got "0"');
    expect(bad(["--neo-parent-cap", "1.5"])).toThrow('--neo-parent-cap must be an integer ≥ 1, got "1.5"');
    expect(() => Config.parse({ evolve: { neo: { deltaAux: -1 } } })).toThrow(/deltaAux/);
    expect(() => Config.parse({ evolve: { neo: { holdPatients: 2 } } })).toThrow(/holdPatients/);
  });
});
