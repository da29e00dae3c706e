// skillops nogoods reject --base DIR --candidate DIR --origin rollback|closed-pr --reason TEXT
//                        [--run ID] [--nogoods DIR]
// Turns a frontier candidate a person rolled back or closed unmerged into nogoods at the level of its
// section edits against the bank it was proposed on (docs/nogoods.md, "Rollbacks and closed PRs"),
// written to .skillops/nogoods/<id>.json for the next evolve run. A workflow on the revert (or the
// close) checks out the PR's base and head and runs this, then commits the folder. Declared in
// nogoods-command.ts.
import { resolve } from "node:path";
import { hashBank } from "../../../core/bank/hash.js";
import type { SkillBank } from "../../../core/bank/skill.js";
import { rejectedNogoods } from "../../../core/nogoods/rejected-nogoods.js";
import { loadBankFromFolder } from "../../../io/fsio/load-bank.js";
import { systemClock } from "../../../vocabulary/clock.js";
import { UsageError, type CliContext } from "../context.js";
import { writeNogoods } from "./nogood-store.js";
import { shortCandidateId } from "../../../records/candidate-id.js";

export interface RejectFlags {
  base?: string;
  candidate?: string;
  origin?: string;
  reason?: string;
  run?: string;
  nogoods: string;
}

async function bankAt(ctx: CliContext, flag: string, dir: string | undefined): Promise<SkillBank> {
  if (!dir) throw new UsageError(`${flag} DIR is required`);
  const loaded = await loadBankFromFolder(dir, { cwd: ctx.io.cwd }).catch(() => undefined);
  if (!loaded) throw new UsageError(`${flag} ${dir}: no such folder`);
  return loaded.bank;
}

export async function runReject(ctx: CliContext, f: RejectFlags): Promise<number> {
  if (f.origin !== "rollback" && f.origin !== "closed-pr")
    throw new UsageError(`--origin must be rollback or closed-pr, got ${JSON.stringify(f.origin ?? "")}`);
  if (!f.reason?.trim()) throw new UsageError("--reason TEXT is required (e.g. '#41 rolled back by #57')");
  const base = await bankAt(ctx, "--base", f.base);
  const candidate = await bankAt(ctx, "--candidate", f.candidate);
  const candidateHash = hashBank(candidate.files);
  const nogoods = rejectedNogoods(
    {
      origin: f.origin,
      base,
      candidate,
      candidateHash,
      reason: f.reason,
      ...(f.run ? { runId: f.run } : {}),
    },
    systemClock,
  );
  if (nogoods.length === 0) {
    ctx.io.stderr(
      `error: --candidate ${f.candidate} has no SKILL.md section that differs from --base ${f.base}\n`,
    );
    return 1;
  }
  const written = await writeNogoods(resolve(ctx.io.cwd, f.nogoods), nogoods);
  ctx.io.stdout(
    `${nogoods.length} nogood(s) from candidate ${shortCandidateId(candidateHash)} (${f.origin}); ${written.length} new in ${f.nogoods}/\n`,
  );
  return 0;
}
