// skillops audit --base DIR --bank DIR [--cases DIR] [--pool DIR] [--runs RECORD] [--config FILE] [--json]
// Gathers the banks, cases, linked policies and script parses, then runs the pure audit (src/core/audit/).
// Exit 0 clean, 1 any error finding, 2 usage or unreadable input. docs/audit.md. Declared in
// audit-command.ts.
import { containmentOf } from "../../../core/sandbox/containment.js";
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { auditBank, hasAuditErrors } from "../../../core/audit/audit.js";
import type { AuditInput } from "../../../core/audit/audit-input.js";
import { caseFields, type CaseField } from "../../../core/audit/case-texts.js";
import type { Finding } from "../../../core/audit/finding.js";
import { changedScripts } from "../../../core/audit/script-bloat.js";
import { formatDiagnostic } from "../../../core/bank/diagnostic.js";
import { loadBankFromFolder, type LoadedBank } from "../../../io/fsio/load-bank.js";
import { readPool, resolveCaseFiles } from "../../../io/fsio/pool-store.js";
import { readRunsEvidence } from "./audit-runs.js";
import { readLinkedPolicies } from "../../../io/fsio/read-linked-policies.js";
import { parseScripts } from "./audit-scripts.js";
import { colours, UsageError, type CliContext } from "../context.js";
import { loadConfigFile } from "../config-file.js";

export interface AuditFlags {
  base: string;
  bank: string;
  cases?: string;
  pool?: string;
  runs?: string;
  config: string;
}

async function loadBankOrFail(ctx: CliContext, flag: string, path: string): Promise<LoadedBank> {
  const loaded = await loadBankFromFolder(path, { cwd: ctx.io.cwd }).catch((e: Error) => {
    throw new UsageError(`--${flag} ${e.message}`);
  });
  if (loaded.kind !== "bank")
    throw new UsageError(`--${flag} ${path}: expected a bank folder, not one skill`);
  const errors = loaded.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0)
    throw new UsageError(
      `--${flag} ${path} is not a valid bank:\n${errors.map(formatDiagnostic).join("\n")}`,
    );
  return loaded;
}

async function loadCaseFields(ctx: CliContext, flag: string, path: string | undefined): Promise<CaseField[]> {
  if (path === undefined) return [];
  const root = resolve(ctx.io.cwd, path);
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory()) throw new UsageError(`--${flag} ${path}: no such folder`);
  const { cases, diagnostics } = await readPool(root);
  const errors = diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0)
    throw new UsageError(`--${flag} ${path} has invalid cases:\n${errors.map(formatDiagnostic).join("\n")}`);
  const out: CaseField[] = [];
  for (const c of cases) {
    const files = await resolveCaseFiles(root, c).catch((e: Error) => {
      throw new UsageError(`--${flag} ${path}: ${e.message}`);
    });
    out.push(...caseFields(c, files));
  }
  return out;
}

function printFindings(ctx: CliContext, findings: readonly Finding[]): void {
  const c = colours(ctx.io);
  let skill: string | undefined;
  for (const f of findings) {
    if (f.skill !== skill) ctx.io.stdout(`${(skill = f.skill) || "(bank)"}\n`);
    const sev = f.severity === "error" ? c.red("error") : c.yellow("warning");
    ctx.io.stdout(`  ${f.file}:${f.line}: ${sev} ${f.id} ${f.check}: ${f.evidence}\n`);
  }
  const errors = findings.filter((f) => f.severity === "error").length;
  const verdict = errors > 0 ? c.red("failed") : c.green("clean");
  ctx.io.stdout(`audit: ${verdict}: ${errors} error(s), ${findings.length - errors} warning(s)\n`);
}

export async function runAudit(ctx: CliContext, flags: AuditFlags, configExplicit: boolean, json: boolean) {
  const config = await loadConfigFile(ctx.io, flags.config, configExplicit).catch((e: Error) => {
    throw new UsageError(e.message);
  });
  const base = await loadBankOrFail(ctx, "base", flags.base);
  const bank = await loadBankOrFail(ctx, "bank", flags.bank);
  const cases = [
    ...(await loadCaseFields(ctx, "cases", flags.cases)),
    ...(await loadCaseFields(ctx, "pool", flags.pool)),
  ];
  const partial = { base: base.bank, candidate: bank.bank, cases, scripts: [] };
  const input: AuditInput = {
    ...partial,
    // The policy files the skills' `metadata.policy` names, read from the repository (the working folder).
    policies: await readLinkedPolicies(ctx.io.cwd, [...base.bank.skills, ...bank.bank.skills]),
    scripts: await parseScripts(
      bank.root,
      changedScripts({ ...partial, policies: {} }),
      containmentOf(config.evaluate, ctx.io.env),
    ),
    ...(await readRunsEvidence(ctx.io.cwd, flags.runs, { base: base.bank, candidate: bank.bank })),
  };
  const findings = auditBank(input, config.audit.checks);
  if (json) ctx.io.stdout(`${JSON.stringify({ ok: !hasAuditErrors(findings), findings }, null, 2)}\n`);
  else printFindings(ctx, findings);
  return hasAuditErrors(findings) ? 1 : 0;
}
