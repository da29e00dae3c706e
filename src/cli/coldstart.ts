// skillops coldstart --policy FILE... --out BANK_DIR [--model sim|openai] [--config FILE] [--force] [--json]
// Cold start passes 1 and 2 (docs/coldstart.md): policy → segments → a strictly valid skill bank.
// The bank is written to a temporary sibling folder and renamed into place only when whole, so a
// failed run leaves --out as it was. Default model: the simulated endpoint, in process, over HTTP.
import type { Command } from "commander";
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from "node:fs/promises";
import { basename, dirname, join, relative, resolve } from "node:path";
import { coldStart, ColdStartModelError, type ColdStartResult } from "../coldstart/coldstart.js";
import { PolicyInputError, readPolicyDocument, type PolicyDocument } from "../coldstart/policy-document.js";
import { ModelsConfig } from "../config/config.js";
import { writeFolder } from "../fsio/write-folder.js";
import { createOpenAIModel, type OpenAIModel } from "../llm/openai.js";
import { startSimEndpoint } from "../sim/endpoint/server.js";
import {
  colours,
  UsageError,
  wantsJson,
  type CliContext,
  type CliIo,
  type RegisterCommand,
} from "./context.js";
import { loadConfigFile } from "./eval.js";

const DEFAULT_CONFIG = ".github/skillops.yml";

interface ColdstartFlags {
  policy: string[];
  out: string;
  model: string;
  config: string;
  force?: boolean;
}

async function readPolicies(io: CliIo, files: readonly string[]): Promise<PolicyDocument[]> {
  const docs: PolicyDocument[] = [];
  for (const file of files) {
    const bytes = await readFile(resolve(io.cwd, file)).catch((e: NodeJS.ErrnoException) => {
      throw new PolicyInputError(`${file}: cannot read the policy (${e.code ?? e.message})`);
    });
    docs.push(readPolicyDocument(relative(io.cwd, resolve(io.cwd, file)) || file, bytes));
  }
  return docs;
}

async function checkOut(io: CliIo, out: string, force: boolean): Promise<void> {
  const entries = await readdir(resolve(io.cwd, out)).catch((e: NodeJS.ErrnoException) => {
    if (e.code === "ENOENT") return [];
    throw new UsageError(`--out ${out}: not a folder skillops can write (${e.code ?? e.message})`);
  });
  if (entries.length > 0 && !force)
    throw new UsageError(`--out ${out} exists and is not empty; pass --force to replace it`);
}

/** Run with the chosen model; the simulated endpoint is started here and always closed. */
async function generate(
  ctx: CliContext,
  f: ColdstartFlags,
  docs: PolicyDocument[],
): Promise<ColdStartResult> {
  if (f.model === "openai") {
    const config = await loadConfigFile(ctx.io, f.config, f.config !== DEFAULT_CONFIG);
    const model: OpenAIModel = createOpenAIModel(config.models, { env: ctx.io.env });
    const generatedBy = `skillops coldstart, model ${config.models.roles["skill-writer"].model}`;
    return coldStart(docs, model, { simulated: false, generatedBy });
  }
  const endpoint = await startSimEndpoint({});
  try {
    const config = ModelsConfig.parse({ baseURL: endpoint.baseURL, maxRetries: 0 });
    const model = createOpenAIModel(config, { env: { OPENAI_API_KEY: "simulated" } });
    return await coldStart(docs, model, {
      simulated: true,
      generatedBy: "skillops coldstart, simulated model",
    });
  } finally {
    await endpoint.close();
  }
}

/** Write the whole bank beside --out, then swap it in: a crash leaves no half bank at --out. */
async function writeBank(io: CliIo, out: string, files: Parameters<typeof writeFolder>[1]): Promise<void> {
  const target = resolve(io.cwd, out);
  await mkdir(dirname(target), { recursive: true });
  const temp = await mkdtemp(join(dirname(target), `.${basename(target)}.coldstart-`));
  try {
    await writeFolder(temp, files);
    await rm(target, { recursive: true, force: true });
    await rename(temp, target);
  } catch (e) {
    await rm(temp, { recursive: true, force: true });
    throw e;
  }
}

export async function runColdstart(ctx: CliContext, f: ColdstartFlags, json: boolean): Promise<number> {
  const { io } = ctx;
  if (f.model !== "sim" && f.model !== "openai")
    throw new UsageError(`--model must be sim or openai (got ${JSON.stringify(f.model)})`);
  await checkOut(io, f.out, Boolean(f.force));
  const simulated = f.model === "sim";
  const fail = (problems: string[]) => {
    if (json) io.stdout(`${JSON.stringify({ ok: false, simulated, problems }, null, 2)}\n`);
    else io.stderr(`${problems.map((p) => `error: ${p}`).join("\n")}\nNothing was written to ${f.out}.\n`);
    return 1;
  };
  let result: ColdStartResult;
  try {
    result = await generate(ctx, f, await readPolicies(io, f.policy));
  } catch (e) {
    if (e instanceof PolicyInputError || e instanceof ColdStartModelError) return fail([e.message]);
    throw e;
  }
  if (!result.ok) return fail(result.problems);
  await writeBank(io, f.out, result.files);
  const label = simulated ? " (simulated)" : "";
  if (json) {
    io.stdout(`${JSON.stringify({ ok: true, simulated, out: f.out, skills: result.skills }, null, 2)}\n`);
  } else {
    const c = colours(io);
    for (const s of result.skills) io.stdout(`  ${s.name}  ← ${s.policy.join(", ")}\n`);
    io.stdout(
      `${c.green("ok")}: wrote ${result.skills.length} skill(s) to ${f.out}${label}; review before use\n`,
    );
  }
  return 0;
}

export const registerColdstart: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command("coldstart")
    .description(
      "Write a first skill bank from policy documents (segmenter + skill writer; simulated by default)",
    )
    .requiredOption("--policy <files...>", "policy documents (Markdown with headings)")
    .requiredOption("--out <dir>", "folder to write the bank to (must be empty or absent, unless --force)")
    .option(
      "--model <provider>",
      "sim (the simulated endpoint, no key needed) or openai (the config's models)",
      "sim",
    )
    .option("--config <file>", "config file for --model openai", DEFAULT_CONFIG)
    .option("--force", "replace a non-empty --out")
    .action(async (opts: ColdstartFlags, cmd: Command) => {
      ctx.exitCode = await runColdstart(ctx, opts, wantsJson(cmd));
    });
};
