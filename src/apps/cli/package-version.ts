// The version `skillops --version` prints, read from package.json at run time so a release bumps
// one file. The package root is found by walking up, because this module sits at different depths
// in src/apps/cli/, dist/apps/cli/ and the Action's action/dist/ bundle.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The folder of the package.json named "skillops" above this module. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = join(dir, "package.json");
    if (
      existsSync(file) &&
      (JSON.parse(readFileSync(file, "utf8")) as { name?: unknown }).name === "skillops"
    ) {
      return dir;
    }
    const up = dirname(dir);
    if (up === dir) throw new Error(`no skillops package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
}

export function packageVersion(): string {
  const file = join(packageRoot(), "package.json");
  const pkg = JSON.parse(readFileSync(file, "utf8")) as { version?: unknown };
  if (typeof pkg.version !== "string") throw new Error(`${file}: no "version" field`);
  return pkg.version;
}
