// The heap growth of an evolve process (issue 33, peak RSS). An evolve run keeps little alive between
// full collections (~45 MB at 96 rules, ~80 MB at 384) but allocates fast (every execution's
// transcript, model request and cache line), and by default V8 lets the old generation grow to about
// four times what survived the last full collection before collecting again: the peak RSS was mostly
// garbage (~490 MB at 384 rules). A 1.5× growth step collects sooner for a few percent more collector
// time (bench/storage.ts shows both). Read by V8 at each collection, so setting it at start-up works.
import { setFlagsFromString } from "node:v8";

/** The old generation grows by this percentage of the live heap between full collections. */
export const HEAP_GROWING_PERCENT = 50;

const FLAG = /--heap[-_]growing[-_]percent\b/;

/** The V8 flag to set, or undefined when the process was started with its own (node flags win). */
export function heapGrowthFlag(
  execArgv: readonly string[],
  nodeOptions: string | undefined,
): string | undefined {
  if (execArgv.some((a) => FLAG.test(a)) || FLAG.test(nodeOptions ?? "")) return undefined;
  return `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;
}

/** Caps this process's heap growth, unless its command line or NODE_OPTIONS already set it. */
export function capHeapGrowth(): void {
  const flag = heapGrowthFlag(process.execArgv, process.env["NODE_OPTIONS"]);
  if (flag) setFlagsFromString(flag);
}
