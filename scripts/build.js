// npm run build: compiles src/ to dist/ with tsc (tsconfig.build.json) and copies the files src/
// holds besides TypeScript (src/io/kernel/harness.py, src/io/sandbox/proxy-bridge.mjs), which the
// compiled code finds next to itself. Atomic: it compiles into a fresh folder beside dist/ and
// swaps it in only when tsc succeeded, so an interrupted or failed build leaves the previous CLI
// working, and a deleted source leaves nothing behind.
// Incremental: the fresh folder starts as a copy of dist/ with the tsc build info of the build that
// wrote it (.dist.tsbuildinfo, kept beside dist/ so it is never packed), and tsc re-emits only what
// changed; outputs whose source is gone are removed. Without both, it compiles everything.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, renameSync, rmdirSync, rmSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const src = join(root, "src");
const dist = join(root, "dist");
const buildInfo = join(root, ".dist.tsbuildinfo");
// Inside the output folder while tsc runs, so the paths it records are the same for every build.
const BUILD_INFO_NAME = ".tsbuildinfo";

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? filesUnder(path) : [path];
  });
}

const assetsUnder = (dir) => filesUnder(dir).filter((f) => !f.endsWith(".ts"));

/** The source of one output: `x.js` and `x.d.ts` come from `x.ts`, an asset from itself. */
function hasSource(output) {
  const rel = relative(next, output);
  const base = rel.replace(/\.d\.ts$|\.js$/, "");
  return existsSync(join(src, rel)) || (base !== rel && existsSync(join(src, `${base}.ts`)));
}

/** Removes the outputs of deleted sources, then the folders left empty. */
function prune(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      prune(path);
      if (readdirSync(path).length === 0) rmdirSync(path);
    } else if (path !== join(next, BUILD_INFO_NAME) && !hasSource(path)) rmSync(path);
  }
}

// Same parent as dist/, so the final rename stays on one file system.
const next = mkdtempSync(join(root, ".dist-next-"));
try {
  if (existsSync(dist) && existsSync(buildInfo)) {
    cpSync(dist, next, { recursive: true });
    cpSync(buildInfo, join(next, BUILD_INFO_NAME));
  }
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
  const project = join(root, "tsconfig.build.json");
  const incremental = ["--incremental", "--tsBuildInfoFile", join(next, BUILD_INFO_NAME)];
  execFileSync(process.execPath, [tsc, "-p", project, "--outDir", next, ...incremental], {
    stdio: "inherit",
  });
  for (const file of assetsUnder(src)) cpSync(file, join(next, relative(src, file)));
  prune(next);
  // The old build info goes first: a build interrupted from here on compiles everything next time.
  rmSync(buildInfo, { force: true });
  const old = `${dist}.old-${process.pid}`;
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(next, dist);
  renameSync(join(dist, BUILD_INFO_NAME), buildInfo);
  rmSync(old, { recursive: true, force: true });
} catch (e) {
  rmSync(next, { recursive: true, force: true });
  throw e;
}
