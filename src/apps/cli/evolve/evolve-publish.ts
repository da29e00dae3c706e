// Handing the frontier on: --git commits each member to skillops/frontier/<hash8> in this
// repository; --github opens or updates one draft PR per member (src/apps/app/frontier/publish.ts).
import { describeRequestFailure } from "../../../io/github-api/request-failure.js";
import { packageDocsRef } from "../package-version.js";
import { docsUrlAt } from "../../../core/init/action-ref.js";
import { rm, writeFile } from "node:fs/promises";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { SKILL_FILE } from "../../../core/bank/bank.js";
import type { SkillBank } from "../../../core/bank/skill.js";
import type { Case } from "../../../records/case.js";
import type { Config } from "../../../core/config/config.js";
import type { EvolveResult } from "../../../core/evolve/run.js";
import { commitChanges, type PathWrite } from "../../../io/git/edit-tree.js";
import { previewFromActions, publishFromActions } from "../../app/frontier/publish-actions.js";
import type { PlannedAction } from "../../app/frontier/publish-preview.js";
import { nogoodsLine } from "../../app/frontier/publish-nogoods.js";
import { repoFromActions } from "../../app/intake/actions-cases.js";
import { GITHUB_TOKEN_HINT, githubTokenOf } from "../../../io/github-api/token-client.js";
import { colours, UsageError, type CliIo } from "../context.js";
import type { EvolveFlags } from "./evolve-flags.js";
import { shortCandidateId } from "../../../records/candidate-id.js";
import { frontierBranch } from "../../../core/github/branch-name.js";

/** Where the bank lives in the repository, for --git; refused before the run when outside it. */
export function bankPrefix(io: CliIo, f: EvolveFlags, config: Config): string {
  if (f.world) return config.bank;
  const rel = relative(io.cwd, resolve(io.cwd, f.bank ?? config.bank))
    .split(sep)
    .join("/");
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel))
    throw new UsageError(
      `--git commits the bank inside this repository, but --bank ${f.bank ?? config.bank} is not inside ${io.cwd}`,
    );
  return rel;
}

/**
 * The rewritten skills' SKILL.md, at their place in the repository. Only these: the run never
 * touches any other file, so bank.yml, scripts/ and everything else stay as HEAD has them.
 */
export function rewrittenFiles(bank: SkillBank, skills: readonly string[], gitPrefix: string): PathWrite[] {
  return skills.map((name) => {
    const dir = bank.skills.find((s) => s.name === name)?.dir;
    const file = bank.files.find((f) => f.path === `${dir}/${SKILL_FILE}`);
    if (!file) throw new Error(`--git: the frontier bank has no ${name}/${SKILL_FILE}`);
    const write: PathWrite = { path: `${gitPrefix}/${file.path}`, bytes: file.bytes };
    return file.executable ? { ...write, executable: true } : write;
  });
}

/** One commit per member on its own branch, parent HEAD, dated when the run finished. */
export async function commitFrontier(io: CliIo, result: EvolveResult, gitPrefix: string): Promise<void> {
  const gitdir = join(io.cwd, ".git");
  const c = colours(io);
  for (const member of result.record.frontier) {
    const bank = result.banks.get(member.candidate)!;
    const branch = frontierBranch(member.candidate);
    const label = result.record.simulated ? " (simulated)" : "";
    const commit = await commitChanges({
      gitdir,
      parent: "HEAD",
      branch,
      writes: rewrittenFiles(
        bank,
        member.changes.map((x) => x.skill),
        gitPrefix,
      ),
      message: `skillops: frontier member ${shortCandidateId(member.candidate)}${label}, ${member.operatingPoint}, pass rate ${member.total.rate.toFixed(3)}\n\n${member.changes.map((x) => `- ${x.skill}: ${x.summary}`).join("\n")}\n`,
      author: { name: "skillops", email: "skillops@users.noreply.github.com" },
      timestamp: Math.floor(Date.parse(result.record.finishedAt) / 1000),
    });
    io.stderr(`${c.dim("git")} ${branch} → ${commit.slice(0, 8)}\n`);
  }
}

/**
 * `--github` preconditions, checked before the loop so a run is not spent only to be refused at
 * the end: a token, GITHUB_REPOSITORY as owner/name, and a repository that answers with it.
 */
export async function checkGitHub(env: CliIo["env"]): Promise<void> {
  if (!githubTokenOf(env)) throw new Error(`--github needs a token: ${GITHUB_TOKEN_HINT}`);
  const slug = env.GITHUB_REPOSITORY ?? "";
  if (!/^[\w.-]+\/[\w.-]+$/.test(slug))
    throw new Error(`--github needs GITHUB_REPOSITORY as owner/name, got ${JSON.stringify(slug)}`);
  const { repo } = repoFromActions(env);
  try {
    await repo.defaultBranch();
  } catch (e) {
    throw new Error(
      `--github: the repository ${slug} does not answer at ${env.GITHUB_API_URL ?? "https://api.github.com"} (${describeRequestFailure(e)}); nothing was run`,
      { cause: e },
    );
  }
}

/**
 * `--github`: the run's new nogoods committed to the default branch, then one draft PR per frontier
 * member, through the GitHub API and a push. With `dryRun` nothing is pushed or written; the plan
 * is returned (and written to <out>/publish-plan.json).
 */
export async function publishToGitHub(
  io: CliIo,
  out: string,
  result: EvolveResult & { inputs?: { cases: Case[] } },
  config: Config,
  dryRun = false,
): Promise<PlannedAction[] | undefined> {
  const cases = result.inputs?.cases ?? [];
  const scratchDir = join(out, "publish.git");
  await rm(scratchDir, { recursive: true, force: true });
  const input = {
    record: result.record,
    banks: result.banks,
    start: result.start,
    cases,
    config,
    env: io.env,
    version: io.env.npm_package_version ?? "0.1.0",
    scratchDir,
    // Outside a published Action's step, the PR legend links the glossary of this release.
    ...docsLink(),
  };
  if (dryRun) {
    const plan = await previewFromActions(input);
    await writeFile(join(out, "publish-plan.json"), `${JSON.stringify(plan, null, 2)}\n`);
    return plan;
  }
  const { nogoods, results } = await publishFromActions(input);
  if (nogoods) io.stderr(`${nogoodsLine(nogoods)}\n`);
  for (const r of results)
    io.stderr(
      `github ${r.outcome} ${shortCandidateId(r.candidate)}${r.pullRequest ? ` #${r.pullRequest}` : ""}${r.reason ? ` (${r.reason})` : ""}\n`,
    );
  return undefined;
}

function docsLink(): { glossaryUrl?: string } {
  const at = packageDocsRef();
  return at ? { glossaryUrl: docsUrlAt(at, "glossary.md") } : {};
}
