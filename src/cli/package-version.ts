// The version `skillops --version` prints, read from package.json at run time so a release bumps
// one file. The path is the same from src/cli/, dist/cli/ and the Action's action/dist/ bundle.
import { readFileSync } from "node:fs";

export function packageVersion(): string {
  const url = new URL("../../package.json", import.meta.url);
  const pkg = JSON.parse(readFileSync(url, "utf8")) as { version?: unknown };
  if (typeof pkg.version !== "string") throw new Error(`${url.pathname}: no "version" field`);
  return pkg.version;
}
