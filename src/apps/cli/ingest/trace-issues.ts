// `ingest --traces FILE --issues`: the repository the trace issues go to (SKILLOPS_GITHUB_TOKEN or
// GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_API_URL, as `ingest --github` reads them) and the lines it prints.
import type { SkillRepo } from "../../../core/github/port.js";
import type { TraceIssuesResult } from "../../../core/github/trace-issues.js";
import {
  createTokenSkillRepo,
  GITHUB_TOKEN_HINT,
  githubTokenOf,
} from "../../../io/github-api/token-client.js";
import { colours, UsageError, type CliIo } from "../context.js";

export function traceIssueRepo(io: CliIo): SkillRepo {
  const [owner, repo, extra] = (io.env.GITHUB_REPOSITORY ?? "").split("/");
  if (!owner || !repo || extra !== undefined)
    throw new UsageError(
      `--issues needs GITHUB_REPOSITORY as owner/name (got ${JSON.stringify(io.env.GITHUB_REPOSITORY ?? "")})`,
    );
  const token = githubTokenOf(io.env);
  if (!token) throw new UsageError(`--issues needs a token: ${GITHUB_TOKEN_HINT}`);
  return createTokenSkillRepo({
    owner,
    repo,
    token,
    ...(io.env.GITHUB_API_URL ? { baseUrl: io.env.GITHUB_API_URL } : {}),
  });
}

export function printTraceIssues(
  io: CliIo,
  r: TraceIssuesResult,
  o: { json: boolean; simulated: boolean },
): number {
  if (o.json) {
    io.stdout(`${JSON.stringify({ ok: true, simulated: o.simulated, ...r }, null, 2)}\n`);
    return 0;
  }
  for (const x of r.opened) io.stdout(`  #${x.issue}  ${x.case}\n`);
  for (const id of r.existing) io.stdout(`  ${colours(io).dim(`${id}: its issue already exists`)}\n`);
  io.stdout(
    `${colours(io).green("ok")}: opened ${r.opened.length} feedback issue(s) labelled skillops:trace (${r.existing.length} already open or closed); a maintainer accepts each${o.simulated ? " (simulated model)" : ""}\n`,
  );
  return 0;
}
