#!/usr/bin/env node
// Runs the compiled CLI in dist/ (npm run build; `npm ci` and installs from git build it through
// `prepare`). Tests drive src/ in-process; test/cli/bin.test.ts runs this file against a fresh build.
import { existsSync, readFileSync } from "node:fs";
import nodeModule from "node:module";

// V8 keeps the compiled bytecode of dist/ and the dependencies in the OS temp folder, so every run
// after the first skips parsing them (about half of a cold start).
nodeModule.enableCompileCache?.();

const entry = new URL("../dist/apps/cli/main.js", import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write(
    `skillops: ${entry.pathname} is missing: this checkout is not built. Run \`npm run build\` (npm ci does it).\n`,
  );
  process.exit(1);
}
// An older Node.js is refused here, by package.json's engines.node, before any command can fail on
// a newer API (src/apps/cli/node-range.ts).
const { nodeVersionProblem } = await import(new URL("../dist/apps/cli/node-range.js", import.meta.url).href);
const engines = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).engines;
const tooOld = nodeVersionProblem(process.versions.node, engines.node);
if (tooOld) {
  process.stderr.write(`skillops: ${tooOld.message}\n`);
  process.exit(1);
}
// `evolve` restarts at once with a smaller young generation and fewer malloc arenas, unless the user
// set their own (src/apps/cli/evolve/lean-start.ts; issue 33's peak RSS). Other commands start as they are.
const args = process.argv.slice(2);
if (args.find((a) => !a.startsWith("-")) === "evolve") {
  const { restartLean } = await import(
    new URL("../dist/apps/cli/evolve/lean-start.js", import.meta.url).href
  );
  restartLean();
}
const { main } = await import(entry.href);
process.exitCode = await main(args);
