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

/**
 * skillops's own repository at this version's release tag (`v0.1.0`), for links to its docs, from
 * package.json `repository.url`; undefined while package.json marks that repository a placeholder
 * (`skillops.placeholderRepository`) or it names no GitHub repository, so no link names a
 * repository that is not skillops's home.
 */
export function packageDocsRef(): { repo: string; ref: string } | undefined {
  // A vendored Action (.github/actions/skillops/: action.yml and dist/ only) has no package.json
  // above it: then no ref is known, which is not an error.
  let text: string;
  try {
    text = readFileSync(join(packageRoot(), "package.json"), "utf8");
  } catch {
    return undefined;
  }
  return docsRefOf(JSON.parse(text) as PackageFields);
}

interface PackageFields {
  version?: unknown;
  repository?: { url?: unknown } | string;
  skillops?: { placeholderRepository?: unknown };
}

/** packageDocsRef's reading of package.json's fields. */
export function docsRefOf(pkg: PackageFields): { repo: string; ref: string } | undefined {
  if (pkg.skillops?.placeholderRepository !== undefined || typeof pkg.version !== "string") return undefined;
  const url = typeof pkg.repository === "string" ? pkg.repository : pkg.repository?.url;
  const m =
    typeof url === "string"
      ? /^(?:github:|(?:git\+)?https:\/\/github\.com\/)([\w.-]+\/[\w.-]+?)(?:\.git)?$/.exec(url)
      : null;
  return m ? { repo: m[1]!, ref: `v${pkg.version}` } : undefined;
}
