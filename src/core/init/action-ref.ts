// A released skillops Action the scaffolded workflows pin with `init --action-ref OWNER/REPO@REF`,
// for teams who take skillops from a release rather than the copy init vendors by default
// (action-source.ts).

export interface ActionRef {
  /** `owner/name` on GitHub. */
  repo: string;
  /** A tag, branch or commit SHA. */
  ref: string;
}

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
