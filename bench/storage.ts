// Storage of one `skillops evolve --world` run, before and after the append-only stores (issue 33,
// "storage proportional to the work"), side by side in one run: the same simulated world evolved by
// this checkout ("now") and by the source tree of --before ("before", extracted with `git archive`,
// by default the commit before the change), each in a child process. For each it prints the files
// and bytes under --out (cache, memo, checkpoint, run record, banks), the peak RSS of the child
// (process.resourceUsage().maxRSS), and the checkpoint bytes written at iterations 1..N: "before"
// rewrote the whole checkpoint each iteration (each size it took, watched while it ran), "now"
// appends one line (that line's length).
// Targets (issue 33): at 384 rules, peak RSS ≤ 200 MB, files written ≤ 100, checkpoint I/O per
// iteration independent of the iteration count. Peak RSS is also shown beside --rss-before (by default
// the tree before the compact store index, the lazily loaded GitHub clients and the lean start), with
// each child's wall and CPU time, since a smaller heap trades memory for collector time. A child
// starts as bin/skillops.js starts `evolve` (lean-start.ts) where its tree has that. Each tree is
// compiled with tsc first (a minute or so each), so the children run JavaScript on plain node, as an
// install does. EVERY FIGURE IS SIMULATED.
//   npm run bench:storage -- [--rules 48] [--seed 5151] [--max-iterations 6] [--before <git rev>]
//                            [--rss-before <git rev> | none]
import { execFileSync, spawn, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: {
    rules: { type: "string", default: "48" },
    seed: { type: "string", default: "5151" },
    "max-iterations": { type: "string", default: "6" },
    // The merge of s4-paired/s4-legacy: the one-file-per-entry cache and the rewritten checkpoint.
    before: { type: "string", default: "5eb9d40" },
    // The commit before the compact index and the lean start (issue 33's peak RSS); "none": no such run.
    "rss-before": { type: "string", default: "204e5b4" },
  },
});
for (const k of ["rules", "seed", "max-iterations"] as const)
  if (!/^\d+$/.test(values[k])) throw new Error(`--${k} takes a non-negative integer, got ${values[k]}`);

const scratch = mkdtempSync(join(tmpdir(), "skillops-storage-"));

/**
 * The CLI of `rev` (or of this checkout when `rev` is undefined) compiled with its own tsconfig, as
 * `npm run build` does, under the scratch folder as `name`: every child runs JavaScript on plain
 * node, as a user's install does, so no figure carries a TypeScript loader.
 */
function compiledTree(rev: string | undefined, name: string): string {
  const tree = join(scratch, name);
  mkdirSync(tree);
  const paths = ["src", "package.json", "tsconfig.json", "tsconfig.build.json"];
  if (rev) {
    const archive = execFileSync("git", ["-C", root, "archive", rev, ...paths], { maxBuffer: 1 << 30 });
    execFileSync("tar", ["-x", "-C", tree], { input: archive });
  } else for (const p of paths) cpSync(join(root, p), join(tree, p), { recursive: true });
  symlinkSync(join(root, "node_modules"), join(tree, "node_modules"));
  execFileSync(join(root, "node_modules", ".bin", "tsc"), ["-p", join(tree, "tsconfig.build.json")], {
    stdio: "inherit",
  });
  return tree;
}
const beforeTree = compiledTree(values.before, "tree-before");
const rssBeforeTree =
  values["rss-before"] === "none" ? undefined : compiledTree(values["rss-before"], "tree-rss-before");
const nowTree = compiledTree(undefined, "tree-now");

/**
 * A child entry that runs the compiled CLI of `tree` and writes its peak RSS (kB) and CPU time (µs,
 * user + system) to `rssFile` as JSON.
 */
function entry(tree: string, rssFile: string): string {
  const file = join(scratch, `${basename(tree)}.mjs`);
  const main = pathToFileURL(join(tree, "dist/apps/cli/main.js")).href;
  const lean = join(tree, "dist/apps/cli/evolve/lean-start.js");
  // As bin/skillops.js does for `evolve` (the other commands the bench runs start as they are).
  const restart = existsSync(lean)
    ? `if (process.argv[2] === "evolve") (await import(${JSON.stringify(pathToFileURL(lean).href)})).restartLean();\n`
    : "";
  writeFileSync(
    file,
    `import { writeFileSync } from "node:fs";\n${restart}const { main } = await import(${JSON.stringify(main)});\n` +
      `process.exitCode = await main(process.argv.slice(2));\n` +
      `const u = process.resourceUsage();\n` +
      `writeFileSync(${JSON.stringify(rssFile)}, JSON.stringify({ maxRSS: u.maxRSS, cpu: u.userCPUTime + u.systemCPUTime }));\n`,
  );
  return file;
}

function cli(tree: string, args: string[], rssFile: string) {
  const r = spawnSync(process.execPath, [entry(tree, rssFile), ...args], {
    cwd: scratch, // no .github/skillops.yml: the run a user gets from `sim new` and `evolve --world`
    encoding: "utf8",
    maxBuffer: 1 << 30,
  });
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}: ${r.stderr.slice(-2000)}`);
  return r;
}

/**
 * Runs the CLI while watching `watched`: each distinct size it takes is one whole checkpoint written
 * (the before tree rewrote it, via a temporary file and a rename, once per iteration).
 */
async function cliWatching(
  tree: string,
  args: string[],
  rssFile: string,
  watched: string,
): Promise<number[]> {
  const sizes: number[] = [];
  let last = "";
  const look = () => {
    try {
      const st = statSync(watched);
      const id = `${st.mtimeMs}:${st.size}`;
      if (id !== last) sizes.push(st.size);
      last = id;
    } catch {
      // not written yet
    }
  };
  const timer = setInterval(look, 20);
  const child = spawn(process.execPath, [entry(tree, rssFile), ...args], {
    cwd: scratch, // no .github/skillops.yml: the run a user gets from `sim new` and `evolve --world`
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  const code = await new Promise<number | null>((done) => child.on("exit", done));
  clearInterval(timer);
  look();
  if (code !== 0) throw new Error(`${args.join(" ")} exited ${code}: ${stderr}`);
  return sizes;
}

function walk(dir: string): { path: string; bytes: number }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? walk(path) : [{ path, bytes: statSync(path).size }];
  });
}

const world = join(scratch, "world.yml");
writeFileSync(
  world,
  cli(nowTree, ["sim", "new", "--seed", values.seed, "--rules", values.rules], join(scratch, "rss")).stdout,
);

interface Figures {
  files: number;
  bytes: number;
  parts: Record<string, { files: number; bytes: number }>;
  rssMB: number;
  seconds: number;
  cpuSeconds: number;
  checkpointBytes: number[];
}

/** What "now" wrote to its checkpoint: one line each time (the baseline's first). */
function appendedLines(out: string): number[] {
  const lines = readFileSync(join(out, "checkpoint.jsonl"), "utf8").split("\n").slice(0, -1);
  return lines.map((line) => Buffer.byteLength(line) + 1);
}

function childUsage(rssFile: string): { rssMB: number; cpuSeconds: number } {
  const u = JSON.parse(readFileSync(rssFile, "utf8")) as { maxRSS: number; cpu: number };
  return { rssMB: u.maxRSS / 1024, cpuSeconds: u.cpu / 1e6 };
}

async function measure(tree: string, label: string): Promise<Figures> {
  const out = join(scratch, `out-${label}`);
  const rss = join(scratch, `rss-${label}`);
  const started = performance.now();
  const args = ["evolve", "--world", world, "--out", out, "--max-iterations", values["max-iterations"]];
  const rewrites = await cliWatching(tree, [...args, "--json"], rss, join(out, "checkpoint.json"));
  const seconds = (performance.now() - started) / 1000;
  const files = walk(out);
  const parts: Figures["parts"] = {};
  for (const f of files) {
    const rel = f.path.slice(out.length + 1);
    const part = rel.startsWith("cache/memo/")
      ? "cache/memo"
      : rel.startsWith("cache/")
        ? "cache"
        : rel.split("/")[0]!;
    parts[part] ??= { files: 0, bytes: 0 };
    parts[part].files++;
    parts[part].bytes += f.bytes;
  }
  return {
    files: files.length,
    bytes: files.reduce((s, f) => s + f.bytes, 0),
    parts,
    ...childUsage(rss),
    seconds,
    checkpointBytes: label === "before" ? rewrites : appendedLines(out),
  };
}

const before = await measure(beforeTree, "before");
const rssBefore = rssBeforeTree ? await measure(rssBeforeTree, "rss-before") : undefined;
const now = await measure(nowTree, "now");

const mb = (b: number) => `${(b / 1e6).toFixed(2)} MB`;
const kb = (b: number) => `${(b / 1e3).toFixed(1)} kB`;
console.log(
  `SIMULATED — storage of one evolve run: sim new --seed ${values.seed} --rules ${values.rules}, --max-iterations ${values["max-iterations"]}`,
);
console.log(`before = ${values.before} (git archive), now = this checkout\n`);
console.log(`${"".padEnd(36)}${"before".padStart(16)}${"now".padStart(16)}   target (384 rules)`);
const row = (name: string, a: string, b: string, target = "") =>
  console.log(`${name.padEnd(36)}${a.padStart(16)}${b.padStart(16)}   ${target}`);
row("files under --out", String(before.files), String(now.files), "≤ 100");
row("bytes under --out", mb(before.bytes), mb(now.bytes));
for (const part of [...new Set([...Object.keys(before.parts), ...Object.keys(now.parts)])].sort()) {
  const f = (x: Figures) => (x.parts[part] ? `${x.parts[part].files} / ${kb(x.parts[part].bytes)}` : "—");
  row(`  ${part} (files / bytes)`, f(before), f(now));
}
row("peak RSS (child)", `${before.rssMB.toFixed(0)} MB`, `${now.rssMB.toFixed(0)} MB`, "≤ 200 MB");
row("wall time", `${before.seconds.toFixed(1)} s`, `${now.seconds.toFixed(1)} s`);
row("CPU time (user + system)", `${before.cpuSeconds.toFixed(1)} s`, `${now.cpuSeconds.toFixed(1)} s`);
console.log("\ncheckpoint bytes written (line 0 = after the baseline, then one per iteration)");
now.checkpointBytes.forEach((n, i) =>
  row(
    `  write ${i}`,
    kb(before.checkpointBytes[i]!),
    kb(n),
    i === 1 ? "independent of the iteration count" : "",
  ),
);
if (rssBefore) {
  console.log(`\npeak RSS beside --rss-before (${values["rss-before"]}, git archive)`);
  row("", values["rss-before"], "now", "target (384 rules)");
  row("peak RSS (child)", `${rssBefore.rssMB.toFixed(0)} MB`, `${now.rssMB.toFixed(0)} MB`, "≤ 200 MB");
  row("wall time", `${rssBefore.seconds.toFixed(1)} s`, `${now.seconds.toFixed(1)} s`);
  row(
    "CPU time (user + system)",
    `${rssBefore.cpuSeconds.toFixed(1)} s`,
    `${now.cpuSeconds.toFixed(1)} s`,
    "within ~10%",
  );
}
