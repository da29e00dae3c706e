// skillops ingest --github [--repo owner/name] [--json]
// The idempotent sweep: converts every accepted feedback issue that has no current case comment
// (the evolution job runs it first, so a conversion lost by the app is never lost feedback).
// Needs GITHUB_TOKEN; the repository defaults to GITHUB_REPOSITORY and the API to GITHUB_API_URL.
import type { Command } from "commander";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { initBare } from "../git/repo.js";
import { collectKnowledge, publishKnowledge } from "../github/intake/knowledge-pr.js";
import { botAuthor } from "../github/bot-login.js";
import type { SkillRepo } from "../github/port.js";
import { CONFIG_PATH, validateConfigText, type ConfigResult } from "../github/config-load.js";
import { converterFor } from "../github/intake/actions-cases.js";
import { ingestAccepted, type IngestItem } from "../github/intake/ingest.js";
import { createTokenSkillRepo, tokenBotLoginFor } from "../github/token-client.js";
import { colours, UsageError, wantsJson, type CliContext, type RegisterCommand } from "./context.js";
import { systemClock } from "../vocabulary/clock.js";

interface IngestFlags {
  github?: boolean;
  repo?: string;
  knowledgePr?: boolean;
}

export async function runIngest(ctx: CliContext, flags: IngestFlags, json: boolean): Promise<number> {
  const { io } = ctx;
  if (!flags.github) throw new UsageError("ingest reads feedback from GitHub issues: pass --github");
  const nwo = flags.repo ?? io.env.GITHUB_REPOSITORY;
  const [owner, repo, extra] = (nwo ?? "").split("/");
  if (!owner || !repo || extra !== undefined)
    throw new UsageError(
      `--repo must be owner/name (got ${JSON.stringify(nwo ?? "")}); GITHUB_REPOSITORY is used when it is absent`,
    );
  const token = io.env.GITHUB_TOKEN;
  if (!token) throw new UsageError("GITHUB_TOKEN is not set (in Actions, pass an app installation token)");
  const access = { token, ...(io.env.GITHUB_API_URL ? { baseUrl: io.env.GITHUB_API_URL } : {}) };
  const skillRepo = createTokenSkillRepo({ owner, repo, ...access });
  // A missing repository would otherwise read as one with no config file and no issues.
  await skillRepo.defaultBranch().catch((e: unknown) => {
    const status = (e as { status?: number }).status;
    throw new Error(
      `the repository ${owner}/${repo} does not answer at ${io.env.GITHUB_API_URL ?? "https://api.github.com"} (${status ? `HTTP ${status}: ` : ""}${(e as Error).message}); nothing was converted`,
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
  const items = await ingestAccepted({
    repo: skillRepo,
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
  if (json)
    io.stdout(
      `${JSON.stringify({ ok: true, repository: `${owner}/${repo}`, converter: converter.name, items, ...(knowledge ? { knowledge } : {}) }, null, 2)}\n`,
    );
  else
    io.stdout(
      renderItems(ctx, items, converter.name) +
        (knowledge
          ? `knowledge PR: ${knowledge.outcome}${"pullRequest" in knowledge ? ` (#${knowledge.pullRequest})` : ""}\n`
          : ""),
    );
  return 0;
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

export const registerIngest: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command("ingest")
    .description("convert accepted feedback issues without a current case comment into cases (idempotent)")
    .option("--github", "read feedback issues from GitHub (GITHUB_TOKEN, GITHUB_REPOSITORY)")
    .option("--repo <owner/name>", "repository (default: $GITHUB_REPOSITORY)")
    .option(
      "--knowledge-pr",
      "also open or update the rolling pull request that adds accepted advice to knowledge.md",
    )
    .option("--json", "print { ok, repository, converter, items, knowledge? } as JSON")
    .action(async (flags: IngestFlags, command: Command) => {
      ctx.exitCode = await runIngest(ctx, flags, wantsJson(command));
    });
};
