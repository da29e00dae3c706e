// skillops coldstart --policy FILE... --out BANK_DIR [--cases CASES_DIR] [--model sim|openai] [--config FILE] [--force] [--json]
// Cold start (docs/coldstart.md): policy → segments → a strictly valid skill bank, and with --cases
// a draft case for each clause the bank leaves uncovered (the coverage-gap surfacer).
// The bank is written to a temporary sibling folder and renamed into place only when whole, so a
// failed run leaves --out as it was. Default model: the simulated endpoint, in process, over HTTP.
// Declared in coldstart-command.ts.
import { readFile } from "node:fs/promises";
import { relative, resolve, sep } from "node:path";
import type { Case } from "../../records/case.js";
import { poolFiles } from "../../core/cases/pool.js";
import { coldStart, ColdStartModelError, type ColdStartSkill } from "../../core/coldstart/coldstart.js";
import { uncoveredClauses } from "../../core/coldstart/coverage.js";
import { draftGapCases } from "../../core/coldstart/gap-cases.js";
import {
  PolicyInputError,
  readPolicyDocument,
  type PolicyDocument,
} from "../../core/coldstart/policy-document.js";
import type { BankFile } from "../../core/bank/skill.js";
import { isoSeconds, systemClock } from "../../vocabulary/clock.js";
import { colours, UsageError, type CliContext, type CliIo } from "./context.js";
import { checkModelFlag, withPolicyModel } from "./ingest/policy-model.js";
import { checkOutputFolder, writeFoldersWhole } from "./whole-folders.js";

export interface ColdstartFlags {
  policy: string[];
  out: string;
  cases?: string;
  model: string;
  config: string;
  force?: boolean;
}

type Generated =
  | { ok: true; files: BankFile[]; skills: ColdStartSkill[]; cases: Case[] | undefined }
  | { ok: false; problems: string[] };

/** Read each policy file; a file that cannot be read or fails the checks stops the run. */
export async function readPolicyDocuments(io: CliIo, files: readonly string[]): Promise<PolicyDocument[]> {
  const docs: PolicyDocument[] = [];
  for (const file of files) {
    const bytes = await readFile(resolve(io.cwd, file)).catch((e: NodeJS.ErrnoException) => {
      throw new PolicyInputError(`${file}: cannot read the policy (${e.code ?? e.message})`);
    });
    docs.push(readPolicyDocument(relative(io.cwd, resolve(io.cwd, file)) || file, bytes));
  }
  return docs;
}

/** The bank, then (with --cases) one draft case per clause the bank leaves uncovered, on one model. */
async function generate(ctx: CliContext, f: ColdstartFlags, docs: PolicyDocument[]): Promise<Generated> {
  return withPolicyModel(ctx, f, async (model, label) => {
    const generatedBy = `skillops coldstart, ${label.by}`;
    const result = await coldStart(docs, model, { simulated: label.simulated, generatedBy });
    if (!result.ok || f.cases === undefined) return { ...result, cases: undefined };
    const cases = await draftGapCases(uncoveredClauses(docs, result.skills), model, {
      now: isoSeconds(systemClock()),
      simulated: label.simulated,
      skills: result.skills,
    });
    return { ...result, cases };
  });
}

export async function runColdstart(ctx: CliContext, f: ColdstartFlags, json: boolean): Promise<number> {
  const { io } = ctx;
  checkModelFlag(f);
  await checkOutputFolder(io, "--out", f.out, Boolean(f.force));
  if (f.cases !== undefined) {
    const [out, cases] = [resolve(io.cwd, f.out), resolve(io.cwd, f.cases)];
    if (out === cases || cases.startsWith(`${out}${sep}`) || out.startsWith(`${cases}${sep}`))
      throw new UsageError(`--cases ${f.cases} and --out ${f.out} must be separate folders`);
    await checkOutputFolder(io, "--cases", f.cases, Boolean(f.force));
  }
  const simulated = f.model === "sim";
  const targets = f.cases === undefined ? f.out : `${f.out} or ${f.cases}`;
  const fail = (problems: string[]) => {
    if (json) io.stdout(`${JSON.stringify({ ok: false, simulated, problems }, null, 2)}\n`);
    else io.stderr(`${problems.map((p) => `error: ${p}`).join("\n")}\nNothing was written to ${targets}.\n`);
    return 1;
  };
  let result: Generated;
  try {
    result = await generate(ctx, f, await readPolicyDocuments(io, f.policy));
  } catch (e) {
    if (e instanceof PolicyInputError || e instanceof ColdStartModelError) return fail([e.message]);
    throw e;
  }
  if (!result.ok) return fail(result.problems);
  const { cases } = result;
  await writeFoldersWhole(io, [
    { dir: f.out, files: result.files },
    ...(f.cases !== undefined && cases ? [{ dir: f.cases, files: poolFiles(cases, "") }] : []),
  ]);
  printColdstart(io, f, { skills: result.skills, cases, simulated }, json);
  return 0;
}

function printColdstart(
  io: CliIo,
  f: ColdstartFlags,
  r: { skills: ColdStartSkill[]; cases: Case[] | undefined; simulated: boolean },
  json: boolean,
): void {
  const gaps = r.cases?.map((c) => ({ id: c.id, category: c.category, policy: c.provenance.policy }));
  if (json) {
    const out = { ok: true, simulated: r.simulated, out: f.out, skills: r.skills };
    io.stdout(`${JSON.stringify({ ...out, ...(gaps ? { cases: f.cases, gaps } : {}) }, null, 2)}\n`);
    return;
  }
  const c = colours(io);
  const label = r.simulated ? " (simulated)" : "";
  for (const s of r.skills) io.stdout(`  ${s.name}  ← ${s.policy.join(", ")}\n`);
  io.stdout(`${c.green("ok")}: wrote ${r.skills.length} skill(s) to ${f.out}${label}; review before use\n`);
  if (!gaps) return;
  for (const g of gaps) io.stdout(`  ${g.category}/${g.id}.yml  ← ${g.policy}\n`);
  io.stdout(
    `${c.green("ok")}: wrote ${gaps.length} draft case(s) for uncovered clauses to ${f.cases}${label}; a maintainer accepts them before use\n`,
  );
}
