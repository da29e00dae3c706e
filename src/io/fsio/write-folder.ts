// Write BankFiles under a root. Every path is checked first (nothing is written when any path would
// escape), existing symlinks on the way are refused, and files are written whole.
import { chmod, lstat, mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pathProblem } from "../../core/bank/path.js";
import type { BankFile } from "../../core/bank/skill.js";

async function refuseSymlinks(root: string, path: string): Promise<void> {
  let current = root;
  for (const part of path.split("/")) {
    current = join(current, part);
    const stat = await lstat(current).catch(() => undefined);
    if (stat === undefined) return;
    if (stat.isSymbolicLink()) throw new Error(`refusing to write ${path}: ${current} is a symbolic link`);
  }
}

export async function writeFolder(root: string, files: readonly BankFile[]): Promise<void> {
  const bad = files.map((f) => [f.path, pathProblem(f.path)] as const).filter(([, p]) => p !== undefined);
  if (bad.length > 0) {
    throw new Error(
      `refusing to write: ${bad.map(([path, p]) => `${JSON.stringify(path)} (${p})`).join(", ")}`,
    );
  }
  await mkdir(root, { recursive: true });
  for (const f of files) {
    await refuseSymlinks(root, f.path);
    const abs = join(root, ...f.path.split("/"));
    await mkdir(dirname(abs), { recursive: true });
    await writeFile(abs, f.bytes);
    await chmod(abs, f.executable ? 0o755 : 0o644);
  }
}
