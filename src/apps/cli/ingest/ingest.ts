// skillops ingest --github [--repo owner/name] [--dry-run] [--json]
// The idempotent sweep: converts every accepted feedback issue that has no current case comment
// (the evolution job runs it first, so a conversion lost by the app is never lost feedback).
// Needs SKILLOPS_GITHUB_TOKEN or GITHUB_TOKEN (token-client.ts); the repository defaults to GITHUB_REPOSITORY and the API to GITHUB_API_URL.
import { describeRequestFailure } from "../../../io/github-api/request-failure.js";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { initBare } from "../../../io/git/repo.js";
import { collectKnowledge, publishKnowledge } from "../../app/intake/knowledge-pr.js";
import { botAuthor } from "../../../io/github-api/bot-login.js";
import type { SkillRepo } from "../../../core/github/port.js";
import { CONFIG_PATH, validateConfigText, type ConfigResult } from "../../app/config-load.js";
import { converterFor } from "../../app/intake/actions-cases.js";
import { ingestAccepted, type IngestItem } from "../../app/intake/accepted-sweep.js";
import {
  createTokenSkillRepo,
  GITHUB_TOKEN_HINT,
  githubTokenOf,
  tokenBotLoginFor,
} from "../../../io/github-api/token-client.js";
import { colours, UsageError, type CliContext } from "../context.js";
import { systemClock } from "../../../vocabulary/clock.js";
import { dryRunRepo, type WouldWrite } from "../../../io/github-api/dry-run-repo.js";
import { describeWrite } from "../dry-run-lines.js";
import { runIngestPolicyDiff, type PolicyDiffFlags } from "./ingest-policy-diff.js";
import { runChannelIngest, type ChannelIngestFlags } from "./ingest-channels.js";

export interface IngestFlags extends ChannelIngestFlags {
  github?: boolean;
  repo?: string;
  knowledgePr?: boolean;
  dryRun?: boolean;
}

const NO_SOURCE =
  "ingest reads feedback from GitHub issues (--github), a backlog file (--backlog) or agent traces (--traces): pass one";

export async function runIngest(ctx: CliContext, flags: IngestFlags, json: boolean): Promise<number> {
  const { io } = ctx;
  if (!flags.github) throw new UsageError(NO_SOURCE);
  if (flags.dryRun && flags.knowledgePr)
    throw new UsageError("--dry-run does not preview --knowledge-pr: run the preview without it");
  const nwo = flags.repo ?? io.env.GITHUB_REPOSITORY;
  const [owner, repo, extra] = (nwo ?? "").split("/");
  if (!owner || !repo || extra !== undefined)
    throw new UsageError(
      `--repo must be owner/name (got ${JSON.stringify(nwo ?? "")}); GITHUB_REPOSITORY is used when it is absent`,
    );
  const token = githubTokenOf(io.env);
  if (!token) throw new UsageError(`--github needs a token: ${GITHUB_TOKEN_HINT}`);
  const access = { token, ...(io.env.GITHUB_API_URL ? { baseUrl: io.env.GITHUB_API_URL } : {}) };
  const skillRepo = createTokenSkillRepo({ owner, repo, ...access });
  // A missing repository would otherwise read as one with no config file and no issues.
  await skillRepo.defaultBranch().catch((e: unknown) => {
    throw new Error(
      `the repository ${owner}/${repo} does not answer at ${io.env.GITHUB_API_URL ?? "https://api.github.com"} (${describeRequestFailure(e)}); nothing was converted`,
      { cause: e },
    );
  });
  const botLogin = await tokenBotLoginFor(io.env, access);
  const text = await skillRepo.readFile(CONFIG_PATH);
  const config: ConfigResult = text === null ? validateConfigText("{}") : validateConfigText(text);
  if (!config.ok) {
    if (json) io.stdout(`${JSON.stringify({ ok: false, problems: config.problems }, null, 2)}\n`);
    else io.stderr(`${config.problems.join("\n")}\nNothing was converted: fix ${CONFIG_PATH} first.\n`);
    return 1;
  }
  const converter = converterFor(config.config, io.env);
  // A dry run still reads and converts (a model call is a read); its comments and labels are only listed.
  const dry = flags.dryRun ? dryRunRepo(skillRepo, botLogin) : undefined;
  const { items } = await ingestAccepted({
    repo: dry?.repo ?? skillRepo,
    config: config.config,
    converter,
    now: systemClock,
    botLogin,
  });
  const knowledge = flags.knowledgePr
    ? await publishKnowledgeFromCli(
        skillRepo,
        { bankDir: config.config.bank, token, nwo: `${owner}/${repo}`, botLogin },
        io.env,
      )
    : undefined;
  printIngest(ctx, json, {
    repository: `${owner}/${repo}`,
    converter: converter.name,
    items,
    knowledge,
    dry,
  });
  return failureExit(ctx, items);
}

/** 1 when a conversion failed, with one stderr line naming the issues; the sweep did the rest. */
function failureExit(ctx: CliContext, items: readonly IngestItem[]): number {
  const failed = items.filter((i) => i.outcome === "failed");
  if (failed.length === 0) return 0;
  ctx.io.stderr(
    `error: the conversion of feedback issue(s) ${failed.map((i) => `#${i.issue}`).join(", ")} failed; each issue's case comment says why (the others were converted)\n`,
  );
  return 1;
}

type Knowledge = Awaited<ReturnType<typeof publishKnowledge>>;

function printIngest(
  ctx: CliContext,
  json: boolean,
  r: {
    repository: string;
    converter: string;
    items: IngestItem[];
    knowledge: Knowledge | undefined;
    dry: { writes: WouldWrite[] } | undefined;
  },
): void {
  const { io } = ctx;
  const { items, knowledge, dry } = r;
  if (json)
    io.stdout(
      `${JSON.stringify({ ok: !items.some((i) => i.outcome === "failed"), repository: r.repository, converter: r.converter, items, ...(knowledge ? { knowledge } : {}), ...(dry ? { dryRun: true, writes: dry.writes } : {}) }, null, 2)}\n`,
    );
  else if (dry) io.stdout(renderDryRun(items, dry.writes, r.converter));
  else
    io.stdout(
      renderItems(ctx, items, r.converter) +
        (knowledge
          ? `knowledge PR: ${knowledge.outcome}${"pullRequest" in knowledge ? ` (#${knowledge.pullRequest})` : ""}\n`
          : ""),
    );
}

/** The rolling knowledge PR, pushed over HTTPS with the same token (an app installation token in Actions). */
async function publishKnowledgeFromCli(
  repo: SkillRepo,
  target: { bankDir: string; token: string; nwo: string; botLogin: string },
  env: Readonly<Record<string, string | undefined>>,
) {
  const { bankDir, token, nwo, botLogin } = target;
  const gitdir = await mkdtemp(join(tmpdir(), "skillops-knowledge-"));
  try {
    await initBare({ gitdir });
    const git = { gitdir, url: `${env.GITHUB_SERVER_URL ?? "https://github.com"}/${nwo}.git`, token };
    return await publishKnowledge(
      { repo, git, bankDir, botLogin, author: botAuthor(botLogin, env), now: systemClock },
      await collectKnowledge(repo, botLogin),
    );
  } finally {
    await rm(gitdir, { recursive: true, force: true });
  }
}

/** One line per issue it would convert, then one per comment or label it would write. */
function renderDryRun(items: IngestItem[], writes: readonly WouldWrite[], converter: string): string {
  const convert = items.filter((i) => i.outcome === "converted");
  const lines = [
    ...convert.map((i) => `would convert #${i.issue}${i.detail ? ` (${i.detail})` : ""}`),
    ...writes.map((w) => `would ${describeWrite(w)}`),
  ];
  return `${lines.join("\n")}${lines.length ? "\n" : ""}Dry run: ${convert.length} issue(s) would be converted with the ${converter} converter, ${writes.length} write(s); nothing was written.\n`;
}

function renderItems(ctx: CliContext, items: IngestItem[], converter: string): string {
  const c = colours(ctx.io);
  if (items.length === 0) return "No open feedback issues.\n";
  const lines = items.map((i) => {
    const mark =
      i.outcome === "converted"
        ? c.green("converted")
        : i.outcome === "unchanged"
          ? c.dim("up to date")
          : i.outcome === "not-accepted"
            ? c.yellow("not accepted")
            : c.red(i.outcome);
    return `#${i.issue}\t${mark}${i.detail ? ` (${i.detail})` : ""}`;
  });
  const converted = items.filter((i) => i.outcome === "converted").length;
  return `${lines.join("\n")}\n${converted} converted with the ${converter} converter; ${items.length - converted} left as they were.\n`;
}

/** `skillops ingest`: the policy channel with --policy-diff, a local channel, else the GitHub sweep. */
export async function ingestFeedback(
  ctx: CliContext,
  flags: IngestFlags & PolicyDiffFlags,
  json: boolean,
): Promise<number> {
  if (flags.policyDiff) return runIngestPolicyDiff(ctx, flags, json);
  return (await runChannelIngest(ctx, flags, json)) ?? (await runIngest(ctx, flags, json));
}
