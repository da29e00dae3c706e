// Which skillops Action the scaffolded workflows run: `OWNER/REPO@REF`. The default comes from the
// package's own `repository` field and version (the CLI reads package.json and passes it in), so
// a workflow always pins the release that scaffolded it; `--action-ref` overrides. A repository
// that is only a placeholder has no tags, so pinning it would write workflows that cannot start:
// then there is no default, and init refuses without `--action-ref`.

export interface ActionRef {
  /** `owner/name` on GitHub. */
  repo: string;
  /** A tag, branch or commit SHA. */
  ref: string;
}

/**
 * The package.json field (`"skillops": { "placeholderRepository": "<why>" }`) that marks its
 * `repository` as a placeholder: named, but not the project's real home, so no release tag exists
 * there. Remove it in the same change that sets `repository.url` to the real repository.
 */
export const PLACEHOLDER_FIELD = "skillops.placeholderRepository";

const OWNER_REPO = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})$/;
const REF = /^[A-Za-z0-9._-](?:[A-Za-z0-9._/-]*[A-Za-z0-9._-])?$/;

export const formatActionRef = (a: ActionRef): string => `${a.repo}@${a.ref}`;

/**
 * A page of skillops's docs/ at the pinned ref, for what init writes into a user's repository: a
 * bare docs path there would name a file that repository does not have.
 */
export const docsUrlAt = (a: ActionRef, page: string): string =>
  `https://github.com/${a.repo}/blob/${a.ref}/docs/${page}`;

/** `OWNER/REPO@REF`, or a sentence saying what is wrong with it. */
export function parseActionRef(text: string): ActionRef | { error: string } {
  const at = text.lastIndexOf("@");
  const repo = at > 0 ? text.slice(0, at) : text;
  const ref = at > 0 ? text.slice(at + 1) : "";
  const example = "e.g. my-org/skillops@v0.1.0";
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

/** What packageActionRef reads from package.json. */
export interface PackageFields {
  version: string;
  repository?: unknown;
  skillops?: unknown;
}

/** Whether package.json carries the placeholder mark (PLACEHOLDER_FIELD), with any value but false. */
function markedPlaceholder(pkg: PackageFields): boolean {
  const own = pkg.skillops;
  if (typeof own !== "object" || own === null || !("placeholderRepository" in own)) return false;
  const mark = (own as { placeholderRepository: unknown }).placeholderRepository;
  return mark !== false && mark !== undefined && mark !== null;
}

const PASS_ONE =
  "pass --action-ref OWNER/REPO@REF naming the repository and tag (or commit) of the skillops Action your workflows should run, e.g. --action-ref my-org/skillops@v0.1.0";

/**
 * The Action this package version ships: its GitHub repository at tag `v<version>`; or, when
 * package.json names no GitHub repository or marks it a placeholder, a sentence saying so.
 */
export function packageActionRef(pkg: PackageFields): ActionRef | { error: string } {
  const repo = githubRepoOf(pkg.repository);
  if (repo === undefined)
    return {
      error: `this skillops's package.json names no GitHub repository, so there is no release of its Action to pin; ${PASS_ONE}`,
    };
  if (markedPlaceholder(pkg))
    return {
      error: `this skillops's package.json names ${repo} as its repository only as a placeholder (${PLACEHOLDER_FIELD}): it has no release tag v${pkg.version}, and workflows pinned to ${repo}@v${pkg.version} could not start; ${PASS_ONE}`,
    };
  return { repo, ref: `v${pkg.version}` };
}
