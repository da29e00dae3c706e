// The `evaluate.limits` key of the config: the resources of each spawned program under
// `sandbox: bwrap` (docs/security.md), by prlimit and by the size of its private /tmp.
import { z } from "zod";
import { DEFAULT_LIMITS } from "../sandbox/containment.js";

const positiveInt = () => z.number().int().positive();

export const LimitsConfig = z.strictObject({
  cpuSeconds: positiveInt().default(DEFAULT_LIMITS.cpuSeconds).describe("CPU seconds per process."),
  memoryMb: positiveInt()
    .default(DEFAULT_LIMITS.memoryMb)
    .describe("Data segment (heap and private mappings) per process, in MiB."),
  processes: positiveInt()
    .default(DEFAULT_LIMITS.processes)
    .describe("Processes in one sandbox (not enforced by the kernel when skillops runs as root)."),
  tmpMb: positiveInt()
    .default(DEFAULT_LIMITS.tmpMb)
    .describe(
      "Size of the sandbox's private /tmp, which holds its HOME, in MiB; its /dev/shm gets as much. Files written there are held in memory.",
    ),
});
export type LimitsConfig = z.infer<typeof LimitsConfig>;
