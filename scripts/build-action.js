// npm run build:action: bundles the GitHub Action (src/apps/action/main.ts and everything it imports) into
// one committed file, action/dist/index.js, with the kernel harness and the sandbox's proxy bridge
// beside it (each is found next to the module that uses it). The options are pinned and esbuild writes no
// timestamps, so the same sources give the same bytes: test/action/bundle.test.ts rebuilds to a
// temporary folder and fails when the committed bundle is stale.
//   node scripts/build-action.js [--outdir DIR] [--metafile FILE]
import { build } from "esbuild";
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({ options: { outdir: { type: "string" }, metafile: { type: "string" } } });
const outdir = resolve(values.outdir ?? join(root, "action", "dist"));

mkdirSync(outdir, { recursive: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: ["src/apps/action/main.ts"],
  outfile: join(outdir, "index.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  minify: true,
  legalComments: "eof",
  charset: "utf8",
  metafile: true,
  logLevel: "warning",
  // The demo loads tsx from a clone only; the Action never runs the demo.
  external: ["tsx", "tsx/*"],
  // Bundled CommonJS dependencies call require(); an ES module has none of its own.
  banner: {
    js: 'import { createRequire as __skillopsRequire } from "node:module"; const require = __skillopsRequire(import.meta.url);',
  },
});
copyFileSync(join(root, "src", "io", "kernel", "harness.py"), join(outdir, "harness.py"));
copyFileSync(join(root, "src", "io", "runners", "agents-sdk-agent.py"), join(outdir, "agents-sdk-agent.py"));
copyFileSync(
  join(root, "src", "io", "runners", "agents-sdk-agent.mjs"),
  join(outdir, "agents-sdk-agent.mjs"),
);
// The sandbox runs its model-proxy bridge from a file next to the module that spawns it.
copyFileSync(join(root, "src", "io", "sandbox", "proxy-bridge.mjs"), join(outdir, "proxy-bridge.mjs"));
if (values.metafile) writeFileSync(values.metafile, JSON.stringify(result.metafile));
