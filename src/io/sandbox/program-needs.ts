// What a program needs from the host to start inside the sandbox (docs/security.md, "What it
// sees"), found on the host before it starts: argv[0] resolved through PATH and its symlinks, then
// the folder of its real file, the node_modules folder an npm package lives in (a bin in
// node_modules/.bin is a symlink into it, and its dependencies sit beside it), the Python venv a
// program in a venv's bin/ belongs to (with the interpreter its pyvenv.cfg names), and the install
// prefix of a bin/ folder with lib/ beside it. host-view.ts still drops credential folders.
import { existsSync, readFileSync } from "node:fs";
import { realpath } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, resolve, sep } from "node:path";
import { findOnPath } from "./host-layout.js";

/** Where `program` is on the host: relative to `cwd` when it names a folder, else through PATH. */
export async function locateProgram(
  program: string,
  cwd: string | undefined,
  path: string,
): Promise<string | undefined> {
  if (program.includes("/")) return isAbsolute(program) ? program : resolve(cwd ?? process.cwd(), program);
  return findOnPath(program, path);
}

/** The outermost node_modules folder holding `file`, where npm hoists a package's dependencies. */
function nodeModulesOf(file: string): string | undefined {
  const parts = file.split(sep);
  const at = parts.indexOf("node_modules");
  return at > 0 ? parts.slice(0, at + 1).join(sep) : undefined;
}

/** The prefix of a bin/ folder with lib/ beside it (a Python or Node.js installed under /opt, …). */
function prefixOf(binDir: string): string | undefined {
  const prefix = dirname(binDir);
  if (basename(binDir) !== "bin" || prefix === "/") return undefined;
  return existsSync(join(prefix, "lib")) || existsSync(join(prefix, "lib64")) ? prefix : undefined;
}

/** The venv a file in its bin/ belongs to, and the interpreter's prefix its pyvenv.cfg names. */
function venvOf(file: string): string[] {
  const root = dirname(dirname(file));
  if (basename(dirname(file)) !== "bin" || !existsSync(join(root, "pyvenv.cfg"))) return [];
  const home = /^home\s*=\s*(.+)$/m.exec(readFileSync(join(root, "pyvenv.cfg"), "utf8"))?.[1]?.trim();
  const base = home && isAbsolute(home) ? (prefixOf(home) ?? home) : undefined;
  return [root, ...(base ? [base] : [])];
}

const needed = new Map<string, Promise<string[]>>();

async function find(program: string, cwd: string | undefined, path: string): Promise<string[]> {
  const located = await locateProgram(program, cwd, path);
  if (!located) return [];
  const real = await realpath(located).catch(() => located);
  const out = new Set<string>([dirname(real)]);
  for (const file of new Set([located, real])) {
    for (const p of [nodeModulesOf(file), prefixOf(dirname(file)), ...venvOf(file)]) if (p) out.add(p);
  }
  return [...out];
}

/** The host folders `program` needs bound read-only; remembered per program, folder and PATH. */
export function programNeeds(program: string, cwd: string | undefined, path: string): Promise<string[]> {
  const key = `${program}\0${cwd ?? ""}\0${path}`;
  let found = needed.get(key);
  if (!found) needed.set(key, (found = find(program, cwd, path)));
  return found;
}
