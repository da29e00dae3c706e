// Start-up time of the installed CLI (bin/skillops.js over dist/), lazy vs naive, side by side:
//   lazy  = the CLI as shipped: main.ts registers every command from its `<name>-command.js`
//           declaration and a command's action imports the module that does the work
//   naive = the same bin, after importing every command's work module (`<name>.js` beside each
//           `<name>-command.js`) first, as main.ts did before the split: every command's
//           dependencies (probot, openai, octokit, isomorphic-git…) load on every start
// for `--help` and `validate skill-bank` (the example bank). The two variants alternate run by run,
// so a change in the machine's load hits both alike; each prints the same output (checked).
// Prints the median, min and max of N runs of each and the ratio lazy / naive.
// Usage: npm run build && npm run bench:startup [-- --runs 15]
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cliDist = join(root, "dist", "apps", "cli");
const bin = join(root, "bin", "skillops.js");
const { values } = parseArgs({ options: { runs: { type: "string", default: "15" } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a positive integer, got ${values.runs}`);
if (!existsSync(join(cliDist, "main.js"))) throw new Error("dist/ is missing: run `npm run build` first");

/**
 * Every work module a `<name>-command.js` under dist/apps/cli/ loads in its action: the relative
 * `await import("./x.js")` calls in the compiled declaration, read from the file rather than guessed
 * from its name (`cache` loads cache-merge.js, `sim` both sim.js and sim-serve.js), so a rename
 * cannot break the bench.
 */
function workModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return workModules(path);
    if (!e.name.endsWith("-command.js")) return [];
    const imports = [
      ...readFileSync(path, "utf8").matchAll(/\bimport\(\s*["'](\.\.?\/[^"']+\.js)["']\s*\)/g),
    ];
    const work = imports.map((m) => join(dirname(path), m[1]!));
    for (const w of work) if (!existsSync(w)) throw new Error(`${path} imports ${w}, which is missing`);
    return work;
  });
}

// The naive entry: the same bin (compile cache, argv, exit code) after one static import of every
// work module, as main.ts's import list loaded them before the split.
const scratch = mkdtempSync(join(tmpdir(), "skillops-startup-"));
const naive = join(scratch, "naive.mjs");
const modules = workModules(cliDist);
const href = (path: string) => JSON.stringify(pathToFileURL(path).href);
writeFileSync(join(scratch, "all-commands.mjs"), modules.map((m) => `import ${href(m)};\n`).join(""));
writeFileSync(
  naive,
  [
    'import nodeModule from "node:module";',
    "nodeModule.enableCompileCache?.();",
    'await import("./all-commands.mjs");',
    `await import(${href(bin)});`,
    "",
  ].join("\n"),
);

interface Run {
  ms: number;
  status: number | null;
  stdout: string;
}

function runOnce(entry: string, args: readonly string[]): Run {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [entry, ...args], { cwd: root, encoding: "utf8" });
  const ms = performance.now() - t0;
  if (r.error) throw r.error;
  return { ms, status: r.status, stdout: r.stdout };
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const cases: { name: string; args: string[] }[] = [
  { name: "--help", args: ["--help"] },
  { name: "validate skill-bank", args: ["validate", "skill-bank"] },
];

const fmt = (ms: number) => `${Math.round(ms)} ms`.padStart(9);
console.log(
  `node ${process.version}, ${runs} runs each (after one warm-up run), ${modules.length} command modules`,
);
console.log(
  `${"command".padEnd(22)}${"lazy".padStart(9)}${"naive".padStart(9)}  ratio   lazy min–max    naive min–max`,
);
try {
  for (const c of cases) {
    const lazy: number[] = [];
    const eager: number[] = [];
    // Warm-up: fills V8's compile cache for both, so neither pays the first parse in the figures.
    const first = [runOnce(bin, c.args), runOnce(naive, c.args)];
    if (first[0]!.status !== first[1]!.status || first[0]!.stdout !== first[1]!.stdout)
      throw new Error(`${c.name}: lazy and naive print different output`);
    for (let i = 0; i < runs; i++) {
      lazy.push(runOnce(bin, c.args).ms);
      eager.push(runOnce(naive, c.args).ms);
    }
    const ratio = median(lazy) / median(eager);
    console.log(
      `${c.name.padEnd(22)}${fmt(median(lazy))}${fmt(median(eager))}  ${(100 * ratio).toFixed(0).padStart(3)}%  ` +
        `${Math.round(Math.min(...lazy))}–${Math.round(Math.max(...lazy))} ms`.padEnd(16) +
        `${Math.round(Math.min(...eager))}–${Math.round(Math.max(...eager))} ms`,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
