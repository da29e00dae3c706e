// npm run check: the static checks (format:check, lint, cycles, typecheck: package.json's scripts,
// each with its cache under node_modules/.cache) at once, each one's output held back and printed
// whole when it ends, so they never interleave. `npm test` adds --tests: once every check passed,
// the test suite (test:unit) runs with its output live. Prints each stage's time; exits 1 when any
// stage failed, naming it.
//   node scripts/check.js [--tests]
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({ options: { tests: { type: "boolean", default: false } } });
const scripts = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts;
const STATIC = ["format:check", "lint", "cycles", "typecheck"];
const TESTS = "test:unit";
// As `npm run` does: the project's own binaries first.
const env = { ...process.env, PATH: [join(root, "node_modules", ".bin"), process.env.PATH].join(delimiter) };

/** Runs one package.json script through sh; `live` streams its output, else it is collected. */
function run(name, live) {
  const command = scripts[name];
  if (!command) throw new Error(`package.json has no "${name}" script`);
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn("sh", ["-c", command], { cwd: root, env, stdio: live ? "inherit" : "pipe" });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    child.on("error", (e) => (output += `${e.message}\n`));
    child.on("close", (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      done({ name, command, ok: code === 0, status: signal ?? code, seconds, output });
    });
  });
}

const seconds = (s) => `${s.toFixed(1)} s`.padStart(8);

function report(r) {
  const verdict = r.ok ? "ok" : `FAILED (exit ${r.status})`;
  process.stdout.write(`── ${r.name} ${verdict} in ${r.seconds.toFixed(1)} s: ${r.command}\n`);
  if (!r.ok || r.output.trim()) process.stdout.write(r.output.endsWith("\n") ? r.output : `${r.output}\n`);
}

const started = performance.now();
const results = await Promise.all(STATIC.map((name) => run(name, false).then((r) => (report(r), r))));
const staticSeconds = (performance.now() - started) / 1000;
if (values.tests && results.every((r) => r.ok)) {
  process.stdout.write(`── ${TESTS}: ${scripts[TESTS]}\n`);
  results.push(await run(TESTS, true));
}

process.stdout.write("\nTime by stage:\n");
for (const r of results) process.stdout.write(`${seconds(r.seconds)}  ${r.name}${r.ok ? "" : "  FAILED"}\n`);
process.stdout.write(`${seconds(staticSeconds)}  static checks together (at once)\n`);
process.stdout.write(`${seconds((performance.now() - started) / 1000)}  total\n`);
const failed = results.filter((r) => !r.ok).map((r) => r.name);
if (values.tests && failed.length > 0 && results.length === STATIC.length)
  process.stdout.write(`(${TESTS} not run: the static checks failed)\n`);
if (failed.length > 0) {
  process.stdout.write(`failed: ${failed.join(", ")}\n`);
  process.exitCode = 1;
}
