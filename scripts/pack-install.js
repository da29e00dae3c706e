// npm run bench:pack: what a user gets from `npm pack`. Packs this checkout (npm pack runs
// `prepare`, so dist/ is built fresh), installs the tarball into an empty project from the
// registry, and checks the installed CLI: --version, --help without tsx, and the demo's message.
// Prints the tarball size, the install size and the --help time. Needs the npm registry.
//   node scripts/pack-install.js [--keep]
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const keep = process.argv.includes("--keep");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const work = mkdtempSync(join(tmpdir(), "skillops-pack-"));
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function check(ok, message) {
  if (!ok) {
    process.stderr.write(`pack-install: ${message} (left ${work})\n`);
    process.exit(1);
  }
}

function timed(cmd, args, cwd) {
  const started = performance.now();
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8" });
  return { ...r, ms: performance.now() - started };
}

const [packed] = JSON.parse(
  execFileSync(npm, ["pack", "--json", "--pack-destination", work], { cwd: root, encoding: "utf8" }),
);
const tarball = join(work, packed.filename);
const project = join(work, "project");
execFileSync("mkdir", [project]);
execFileSync(npm, ["init", "-y"], { cwd: project, stdio: "ignore" });
const install = timed(npm, ["install", "--no-audit", "--no-fund", tarball], project);
check(install.status === 0, `npm install of the tarball failed:\n${install.stderr}`);
const installedBytes = Number(
  execFileSync("du", ["-sb", join(project, "node_modules")], { encoding: "utf8" }).split("\t")[0],
);

const bin = join(project, "node_modules", ".bin", "skillops");
const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
const v = timed("npx", ["--no-install", "skillops", "--version"], project);
check(
  v.status === 0 && v.stdout === `${version}\n`,
  `npx skillops --version printed ${JSON.stringify(v.stdout)}`,
);
check(!existsSync(join(project, "node_modules", "tsx")), "tsx was installed: it must stay a dev dependency");
const helps = [1, 2, 3].map(() => timed(process.execPath, [bin, "--help"], project));
check(
  helps.every((h) => h.status === 0 && h.stdout.startsWith("Usage: skillops")),
  `skillops --help failed:\n${helps[0].stderr}`,
);
const demo = timed(process.execPath, [bin, "demo"], project);
check(demo.status === 1 && demo.stderr.includes("runs from a clone"), `skillops demo said:\n${demo.stderr}`);

process.stdout.write(
  [
    `tarball        ${packed.filename}: ${mb(packed.size)} packed, ${mb(packed.unpackedSize)} unpacked, ${packed.entryCount} files`,
    `install        ${mb(installedBytes)} in node_modules, ${(install.ms / 1000).toFixed(1)} s (npm install from the registry)`,
    `--version      ${v.stdout.trim()} (npx skillops --version, ${Math.round(v.ms)} ms)`,
    `--help         ${helps.map((h) => `${Math.round(h.ms)} ms`).join(", ")} (node ${process.version}; no tsx installed)`,
    `demo           exit 1 with the clone instructions`,
    "",
  ].join("\n"),
);
if (!keep) rmSync(work, { recursive: true, force: true });
