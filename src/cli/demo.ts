// skillops demo — for now: validate and summarise the example bank (./skill-bank) and count the
// regression pool's cases. The lead grows this into the full offline demo; keep it one function.
import type { Command } from "commander";
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { hasErrors } from "../bank/diagnostic.js";
import { formatDiagnostic } from "../bank/diagnostic.js";
import { candidateId, hashBank } from "../bank/hash.js";
import { loadBankFromFolder } from "../fsio/load-bank.js";
import { readFolder } from "../fsio/read-folder.js";
import { colours, wantsJson, type CliContext, type CliIo, type RegisterCommand } from "./context.js";

export interface DemoOptions {
  io: CliIo;
  bankDir?: string;
  poolDir?: string;
  json?: boolean;
}

export interface DemoSummary {
  bank: string;
  candidate: string;
  hash: string;
  skills: { name: string; description: string; tags: string; auxiliary: number; knowledge: number }[];
  errors: number;
  warnings: number;
  pool: { path: string; cases: number; byCategory: Record<string, number> } | null;
}

async function countPool(io: CliIo, poolDir: string): Promise<DemoSummary["pool"]> {
  const abs = resolve(io.cwd, poolDir);
  if (!(await stat(abs).catch(() => undefined))?.isDirectory()) return null;
  const { files } = await readFolder(abs);
  const byCategory: Record<string, number> = {};
  for (const f of files) {
    const parts = f.path.split("/");
    if (parts.length !== 2 || !/\.ya?ml$/.test(f.path)) continue;
    const category = parts[0] ?? "";
    byCategory[category] = (byCategory[category] ?? 0) + 1;
  }
  return { path: poolDir, cases: Object.values(byCategory).reduce((a, b) => a + b, 0), byCategory };
}

/** Returns the exit code: 0 when the bank validates, 1 otherwise. */
export async function runDemo(opts: DemoOptions): Promise<number> {
  const { io } = opts;
  const bankDir = opts.bankDir ?? "skill-bank";
  const { bank, diagnostics } = await loadBankFromFolder(bankDir, { mode: "lenient", cwd: io.cwd });
  const hash = hashBank(bank.files);
  const summary: DemoSummary = {
    bank: bankDir,
    candidate: candidateId(hash),
    hash,
    skills: bank.skills.map((s) => ({
      name: s.name,
      description: typeof s.frontmatter.description === "string" ? s.frontmatter.description : "",
      tags: s.frontmatter.metadata?.tags ?? "",
      auxiliary: s.auxiliary.length,
      knowledge: s.knowledge.length,
    })),
    errors: diagnostics.filter((d) => d.severity === "error").length,
    warnings: diagnostics.filter((d) => d.severity === "warning").length,
    pool: await countPool(io, opts.poolDir ?? "regression-pool"),
  };
  if (opts.json) {
    io.stdout(`${JSON.stringify({ ...summary, diagnostics }, null, 2)}\n`);
    return hasErrors(diagnostics) ? 1 : 0;
  }
  const c = colours(io);
  io.stdout(`${c.bold("skillops demo")} — example bank ${bankDir} (candidate ${summary.candidate})\n\n`);
  for (const s of summary.skills) {
    const short = s.description.length > 90 ? `${s.description.slice(0, 87)}...` : s.description;
    io.stdout(`  ${c.cyan(s.name.padEnd(28))} ${short}\n`);
  }
  io.stdout(`\n${summary.skills.length} skill(s); ${summary.errors} error(s), ${summary.warnings} warning(s)\n`);
  for (const d of diagnostics) io.stdout(`  ${formatDiagnostic(d)}\n`);
  if (summary.pool) {
    const cats = Object.entries(summary.pool.byCategory).map(([k, v]) => `${k} ${v}`).join(", ");
    io.stdout(`regression pool ${summary.pool.path}: ${summary.pool.cases} case(s)${cats ? ` (${cats})` : ""}\n`);
  } else {
    io.stdout("regression pool: none yet\n");
  }
  return hasErrors(diagnostics) ? 1 : 0;
}

export const registerDemo: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command("demo")
    .description("run the offline demo on the example bank (currently: validate and summarise it)")
    .option("--bank <dir>", "bank folder", "skill-bank")
    .option("--pool <dir>", "regression-pool folder", "regression-pool")
    .option("--json", "print a JSON summary")
    .action(async (flags: { bank: string; pool: string }, command: Command) => {
      ctx.exitCode = await runDemo({ io: ctx.io, bankDir: flags.bank, poolDir: flags.pool, json: wantsJson(command) });
    });
};
