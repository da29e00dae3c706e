// Recognising GitHub's Revert button (docs/github-app.md, "Conventions"): the PR it makes is titled
// `Revert "<title>"`, its body starts `Reverts <owner>/<repo>#<N>`, and its branch is
// `revert-<N>-<head>`. Any one of these is a hint; the handler confirms from `bank.yml` on the
// default branch, because the file is authoritative and the text is only UX.

export interface RevertHint {
  /** The PR this one reverts, when the body or branch names it. */
  reverts?: number;
  /** The reverted PR's title, from `Revert "<title>"`. */
  revertedTitle?: string;
  /** How many `Revert "` layers the title has: 2 is a revert of a revert (a re-apply). */
  depth: number;
  /** Which clues matched, for logs and tests. */
  clues: Array<"title" | "body" | "branch">;
}

export interface PullLike {
  title: string;
  body: string | null;
  headRef: string;
}

const TITLE = /^Revert "(.*)"$/s;
const BODY = /^Reverts ([\w.-]+)\/([\w.-]+)#(\d+)\b/m;
const BRANCH = /^revert-(\d+)-/;

/** Peels `Revert "…"` layers: `Revert "Revert "x""` has depth 2 and inner title `x`. */
export function revertDepth(title: string): { depth: number; inner: string } {
  let depth = 0;
  let inner = title.trim();
  for (let m = TITLE.exec(inner); m; m = TITLE.exec(inner)) {
    depth++;
    inner = m[1]!;
  }
  return { depth, inner };
}

/** Whether `pr` looks like a revert of a PR in `owner/repo`; undefined when no clue matches. */
export function detectRevert(pr: PullLike, owner: string, repo: string): RevertHint | undefined {
  const clues: RevertHint["clues"] = [];
  let reverts: number | undefined;
  const title = TITLE.exec(pr.title.trim());
  if (title) clues.push("title");
  const body = BODY.exec(pr.body ?? "");
  // A body naming another repository is not a revert of ours.
  if (
    body &&
    body[1]!.toLowerCase() === owner.toLowerCase() &&
    body[2]!.toLowerCase() === repo.toLowerCase()
  ) {
    clues.push("body");
    reverts = Number(body[3]);
  }
  const branch = BRANCH.exec(pr.headRef);
  if (branch) {
    clues.push("branch");
    reverts ??= Number(branch[1]);
  }
  if (clues.length === 0) return undefined;
  const { depth } = revertDepth(pr.title);
  return {
    ...(reverts !== undefined ? { reverts } : {}),
    // One layer peeled: the title of the PR being reverted (itself a revert when depth > 1).
    ...(title ? { revertedTitle: title[1]! } : {}),
    depth: Math.max(depth, 1),
    clues,
  };
}

/** The body a revert PR opened by `/skillops rollback` carries: GitHub's own shape, plus why. */
export function revertPrText(
  original: { number: number; title: string },
  owner: string,
  repo: string,
  requestedBy: string,
): { title: string; body: string } {
  return {
    title: `Revert "${original.title}"`.slice(0, 256),
    body: [
      `Reverts ${owner}/${repo}#${original.number}`,
      "",
      `Requested with \`/skillops rollback\` by ${requestedBy.replace(/@/g, "")}. Merging this restores the skill bank that was deployed before #${original.number}, and removes the regression-pool cases it added. skillops then labels #${original.number} \`skillops:rolled-back\`, reopens the feedback issues it had shipped, and will not propose that candidate again automatically.`,
    ].join("\n"),
  };
}
