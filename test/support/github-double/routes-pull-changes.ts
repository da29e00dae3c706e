// The double's routes for what a pull request changes: its commits and its files, both computed by
// git from the PR's base and head in the bare repository.
import { commitsBetween, gitIn } from "./bare-git.js";
import { live, pullOf, type PullRecord } from "./pull-record.js";
import { notFound, ok, page } from "./responses.js";
import type { GitHubDouble, Route } from "./route.js";

const API = "https://api.github.com";
const WEB = "https://github.com";

/** One `git log` line (see commitsBetween) in the REST shape of a PR commit. */
function toPullCommit(d: GitHubDouble, fields: string[]) {
  const [sha, an, ae, cn, ce, ad, cd, tree, parents, subject] = fields;
  const api = `${API}/repos/${d.state.owner}/${d.state.repo}`;
  return {
    url: `${api}/commits/${sha}`,
    sha,
    node_id: `C_${sha}`,
    html_url: `${WEB}/${d.state.owner}/${d.state.repo}/commit/${sha}`,
    comments_url: `${api}/commits/${sha}/comments`,
    commit: {
      url: `${api}/git/commits/${sha}`,
      author: { name: an, email: ae, date: ad },
      committer: { name: cn, email: ce, date: cd },
      message: subject,
      comment_count: 0,
      tree: { sha: tree, url: `${api}/git/trees/${tree}` },
    },
    author: null,
    committer: null,
    parents: (parents ?? "")
      .split(" ")
      .filter(Boolean)
      .map((s) => ({ sha: s, url: `${api}/commits/${s}` })),
  };
}

/** The files a PR changes (three-dot diff, as GitHub shows them), in the REST shape. */
function pullFiles(d: GitHubDouble, gitDir: string, p: PullRecord) {
  const out = gitIn(gitDir, ["diff", "--numstat", "--no-renames", `${p.baseSha}...${p.headSha}`]);
  const status = new Map(
    gitIn(gitDir, ["diff", "--name-status", "--no-renames", `${p.baseSha}...${p.headSha}`])
      .split("\n")
      .filter(Boolean)
      .map((l) => [l.slice(2), l[0]]),
  );
  const web = `${WEB}/${d.state.owner}/${d.state.repo}`;
  return out
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [add, del, filename] = line.split("\t") as [string, string, string];
      const additions = Number(add) || 0;
      const deletions = Number(del) || 0;
      const st = status.get(filename);
      return {
        sha: gitIn(gitDir, [
          "rev-parse",
          st === "D" ? `${p.baseSha}:${filename}` : `${p.headSha}:${filename}`,
        ]),
        filename,
        status: st === "A" ? "added" : st === "D" ? "removed" : "modified",
        additions,
        deletions,
        changes: additions + deletions,
        blob_url: `${web}/blob/${p.headSha}/${filename}`,
        raw_url: `${web}/raw/${p.headSha}/${filename}`,
        contents_url: `${API}/repos/${d.state.owner}/${d.state.repo}/contents/${filename}?ref=${p.headSha}`,
      };
    });
}

export function pullChangeRoutes(gitDir: string): Route[] {
  return [
    {
      method: "GET",
      template: "/repos/{owner}/{repo}/pulls/{pull_number}/commits",
      handle: (req, d) => {
        const p = pullOf(req, d);
        if (!p) return notFound();
        live(gitDir, p, d.state.issue(p.number));
        const commits = commitsBetween(gitDir, p.baseSha, p.headSha).map((c) => toPullCommit(d, c));
        const { items, headers } = page(req, commits);
        return ok(items, 200, headers);
      },
    },
    {
      method: "GET",
      template: "/repos/{owner}/{repo}/pulls/{pull_number}/files",
      handle: (req, d) => {
        const p = pullOf(req, d);
        if (!p) return notFound();
        live(gitDir, p, d.state.issue(p.number));
        const { items, headers } = page(req, pullFiles(d, gitDir, p));
        return ok(items, 200, headers);
      },
    },
  ];
}
