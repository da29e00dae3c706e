// Which skillops Action the scaffolded workflows run: `OWNER/REPO@REF`. The default comes from the
// package's own `repository` field and version (the CLI reads package.json and passes it in), so
// a workflow always pins the release that scaffolded it; `--action-ref` overrides.

export interface ActionRef {
  /** `owner/name` on GitHub. */
  repo: string;
  /** A tag, branch or commit SHA. */
  ref: string;
}

/** Used when package.json names no GitHub repository. */
export const DEFAULT_ACTION_REPO = "skillops/skillops";

const OWNER_REPO = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})$/;
const REF = /^[A-Za-z0-9._-](?:[A-Za-z0-9._/-]*[A-Za-z0-9._-])?$/;

export const formatActionRef = (a: ActionRef): string => `${a.repo}@${a.ref}`;

/** `OWNER/REPO@REF`, or a sentence saying what is wrong with it. */
export function parseActionRef(text: string): ActionRef | { error: string } {
  const at = text.lastIndexOf("@");
  const repo = at > 0 ? text.slice(0, at) : text;
  const ref = at > 0 ? text.slice(at + 1) : "";
  const example = "e.g. skillops/skillops@v0.1.0";
  if (!OWNER_REPO.test(repo) || repo.endsWith(".git"))
    return { error: `--action-ref "${text}": "${repo}" is not a GitHub OWNER/REPO (${example})` };
  if (ref === "")
    return { error: `--action-ref "${text}" has no @REF: pin a tag, branch or SHA (${example})` };
  if (!REF.test(ref) || ref.includes(".."))
    return { error: `--action-ref "${text}": "${ref}" is not a valid git ref (${example})` };
  return { repo, ref };
}

/**
 * `owner/name` from package.json's `repository`: "github:o/n", "o/n", a github.com URL (https,
 * git+https, git+ssh, git@), or `{ url }` holding one of those; undefined for anything else.
 */
export function githubRepoOf(repository: unknown): string | undefined {
  const text =
    typeof repository === "string"
      ? repository
      : typeof repository === "object" && repository !== null && "url" in repository
        ? String((repository as { url: unknown }).url)
        : undefined;
  if (text === undefined) return undefined;
  const m =
    /^github:([^/]+\/[^/#]+?)(?:#.*)?$/.exec(text) ??
    /^([^/:@]+\/[^/#:]+?)$/.exec(text) ??
    /github\.com[/:]([^/]+\/[^/#]+?)(?:\.git)?\/?(?:#.*)?$/.exec(text);
  const repo = m?.[1];
  return repo !== undefined && OWNER_REPO.test(repo) ? repo : undefined;
}

/** The Action this package version ships: its GitHub repository at tag `v<version>`. */
export function packageActionRef(pkg: { version: string; repository?: unknown }): ActionRef {
  return { repo: githubRepoOf(pkg.repository) ?? DEFAULT_ACTION_REPO, ref: `v${pkg.version}` };
}
