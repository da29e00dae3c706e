// npm run build: compiles src/ to dist/ with tsc (tsconfig.build.json) and copies the files src/
// holds besides TypeScript (src/io/kernel/harness.py, src/io/sandbox/proxy-bridge.mjs), which the
// compiled code finds next to itself. Atomic: it compiles into a fresh folder beside dist/ and
// swaps it in only when tsc succeeded, so an interrupted or failed build leaves the previous CLI
// working, and a deleted source leaves nothing behind.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const src = join(root, "src");
const dist = join(root, "dist");

function assetsUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return assetsUnder(path);
    return e.name.endsWith(".ts") ? [] : [path];
  });
}

// Same parent as dist/, so the final rename stays on one file system.
const next = mkdtempSync(join(root, ".dist-next-"));
try {
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
  execFileSync(process.execPath, [tsc, "-p", join(root, "tsconfig.build.json"), "--outDir", next], {
    stdio: "inherit",
  });
  for (const file of assetsUnder(src)) cpSync(file, join(next, relative(src, file)));
  const old = `${dist}.old-${process.pid}`;
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(next, dist);
  rmSync(old, { recursive: true, force: true });
} catch (e) {
  rmSync(next, { recursive: true, force: true });
  throw e;
}
