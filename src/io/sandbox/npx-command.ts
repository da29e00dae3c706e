// An `npx` (or `npm exec`) command cannot fetch anything inside the sandbox: there is no network and
// no npm cache. So it is resolved on the host before the sandbox starts, to the installed package's
// program (the project's node_modules, walking up from the working folder, then the global one), or
// refused with how to install it (docs/agents.md, docs/security.md).
import { readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

/** The command to run instead, or why it cannot run; undefined when argv is not npx. */
export type NpxResolution = { argv: string[] } | { refusal: string } | undefined;

/** npx's own flags that take no value. */
const FLAGS = new Set([
  "-y",
  "--yes",
  "--no",
  "--no-install",
  "-q",
  "--quiet",
  "--prefer-offline",
  "--offline",
]);

interface NpxCall {
  /** The package to find (without a version). */
  pkg: string;
  /** The program of the package to run, when named (`-p pkg prog`). */
  bin?: string | undefined;
  args: string[];
}

/** Without a version: `@scope/name@1.2` → `@scope/name`, `name@latest` → `name`. */
const packageName = (spec: string): string => spec.replace(/(?<=.)@[^/]*$/, "");

/** The package and the program's arguments, or a reason it cannot be read. */
export function parseNpx(argv: readonly string[]): NpxCall | string | undefined {
  const name = basename(argv[0] ?? "");
  const start = name === "npx" ? 1 : name === "npm" && argv[1] === "exec" ? 2 : undefined;
  if (start === undefined) return undefined;
  const packages: string[] = [];
  let i = start;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") continue;
    if (FLAGS.has(a)) continue;
    if (a === "-p" || a === "--package") packages.push(argv[++i] ?? "");
    else if (a.startsWith("--package=")) packages.push(a.slice("--package=".length));
    else if (a.startsWith("-")) return `npx option ${a} is not understood here`;
    else break;
  }
  const first = argv[i];
  if (first === undefined) return "npx names no package to run";
  if (packages.length > 1) return "npx names several packages; name the program of one";
  const args = argv.slice(i + 1);
  return packages[0]
    ? { pkg: packageName(packages[0]), bin: first, args }
    : { pkg: packageName(first), args };
}

/** The bin file of package.json `bin` for `call`, relative to the package folder. */
function binOf(manifest: { name?: string; bin?: string | Record<string, string> }, call: NpxCall) {
  const bin = manifest.bin;
  if (typeof bin === "string") return bin;
  if (!bin) return undefined;
  const wanted = call.bin ?? call.pkg.replace(/^@[^/]+\//, "");
  const names = Object.keys(bin);
  return bin[wanted] ?? (names.length === 1 ? bin[names[0]!] : undefined);
}

/** The node_modules folders searched: from the working folder up, then the global one. */
function searched(cwd: string, node: string, env: Readonly<Record<string, string | undefined>>): string[] {
  const out: string[] = [];
  for (let d = resolve(cwd); ; d = dirname(d)) {
    out.push(join(d, "node_modules"));
    if (dirname(d) === d) break;
  }
  const prefixes = [env.NPM_CONFIG_PREFIX, env.npm_config_prefix, dirname(dirname(node))];
  for (const p of prefixes) if (p) out.push(join(p, "lib", "node_modules"));
  return out;
}

function readManifest(dir: string): { name?: string; bin?: string | Record<string, string> } | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { bin?: string };
  } catch {
    return undefined;
  }
}

/** The installed program an npx command runs, or why it cannot run in the sandbox. */
export function resolveNpx(
  argv: readonly string[],
  o: { cwd: string; node: string; env: Readonly<Record<string, string | undefined>> },
): NpxResolution {
  const call = parseNpx(argv);
  if (call === undefined) return undefined;
  if (typeof call === "string") return { refusal: `${call} (${JSON.stringify(argv)})` };
  for (const root of searched(o.cwd, o.node, o.env)) {
    const dir = join(root, call.pkg);
    const manifest = readManifest(dir);
    const bin = manifest && binOf(manifest, call);
    if (bin) return { argv: [join(dir, bin), ...call.args] };
  }
  return {
    refusal:
      `npx cannot fetch ${call.pkg} inside the sandbox (no network, no npm cache): install it first ` +
      `(npm install -g ${call.pkg}, or npm install --save-dev ${call.pkg} in the project), ` +
      "then run it through npx again or name its program (docs/agents.md)",
  };
}
