// What every evolve run shares whatever its runner and roles: the engine's dependencies less those
// two, and the execution reuse the runner choice needs. Its own file so the world run and the input
// loader can both name it without importing each other.
import type { EvolveDeps } from "../../../core/evolve/run.js";
import type { Reuse } from "./runner-choice.js";

export type SharedDeps = Omit<EvolveDeps, "roles" | "runner"> & { reuse?: Reuse };
