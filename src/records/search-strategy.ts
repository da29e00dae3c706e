// The search strategies `skillops evolve --strategy` offers (docs/engine.md "Search strategies"):
// FRAMES round-robin over the frontier (the default), greedy, SkillNEO and SkillEvolver.
import { z } from "zod";

export const SearchStrategy = z.enum(["frames", "neo", "evolver", "greedy"]);
export type SearchStrategy = z.infer<typeof SearchStrategy>;

/** What an absent `strategy` means (the config, the run config and checkpoints leave it out). */
export const DEFAULT_STRATEGY: SearchStrategy = "frames";
