// Which skillops the PR bodies' links name. Inside GitHub Actions, a step that runs a published
// action knows it: the runner sets GITHUB_ACTION_REPOSITORY and GITHUB_ACTION_REF to the
// `uses: OWNER/REPO@REF` the workflow pinned, so the glossary linked is the one of the release that
// wrote the PR. Elsewhere (a vendored action, the hosted app, a laptop) no ref is known and the
// caller names the page in words instead of guessing a repository (CONTRIBUTING.md: never a
// relative link, never a placeholder).
import { docsUrlAt, type ActionRef } from "../../../core/init/action-ref.js";

export function skillopsRefFromActions(
  env: Readonly<Record<string, string | undefined>>,
): ActionRef | undefined {
  const repo = env.GITHUB_ACTION_REPOSITORY;
  const ref = env.GITHUB_ACTION_REF;
  if (!repo || !ref || !/^[\w.-]+\/[\w.-]+$/.test(repo)) return undefined;
  return { repo, ref };
}

/** docs/glossary.md of the skillops the Action step runs, or undefined when no ref is known. */
export function glossaryUrlFromActions(
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const at = skillopsRefFromActions(env);
  return at ? docsUrlAt(at, "glossary.md") : undefined;
}
