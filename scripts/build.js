// npm run build: compiles src/ to dist/ with tsc (tsconfig.build.json), from scratch so a deleted
// source leaves nothing behind, then copies the files src/ holds besides TypeScript
// (src/kernel/harness.py), which the compiled code finds next to itself.
import { execFileSync } from "node:child_process";
import { cpSync, readdirSync, rmSync } from "node:fs";
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

rmSync(dist, { recursive: true, force: true });
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
execFileSync(process.execPath, [tsc, "-p", join(root, "tsconfig.build.json")], { stdio: "inherit" });
for (const file of assetsUnder(src)) cpSync(file, join(dist, relative(src, file)));
