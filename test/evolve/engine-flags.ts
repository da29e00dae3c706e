// The evolve command's engine flags as commander parses them, for the tests of each knob's flag.
import { Command } from "commander";
import type { EvolveFlags } from "../../src/apps/cli/evolve/evolve-flags.js";
import { addEngineOptions } from "../../src/apps/cli/evolve/evolve-options.js";

export const parsedFlags = (argv: string[]) =>
  addEngineOptions(new Command())
    .parse(["node", "evolve", ...argv])
    .opts() as EvolveFlags;
