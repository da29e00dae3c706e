// One shard of bench/scale.ts's sharded evaluation, as a process of its own: the `skillops eval` CLI
// (src/apps/cli/main.ts) with the arguments it was given, on the slice of cases its parent wrote.
import { main } from "../src/apps/cli/main.js";

process.exitCode = await main(process.argv.slice(2));
