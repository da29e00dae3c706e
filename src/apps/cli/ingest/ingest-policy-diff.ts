// skillops ingest --policy-diff OLD NEW --bank DIR [--cases DIR] [--model sim|openai] [--force] [--json]
// The policy channel offline (docs/policy-channel.md): OLD and NEW versions of one policy, diffed
// section by section against the bank's back-links (which name NEW's path). Lists the changed,
// added and removed sections, the skills that may be stale and the back-links that broke; with
// --cases, the gap surfacer drafts a case for each changed or added clause no skill covers.
import type { Case } from "../../../records/case.js";
import { poolFiles } from "../../../core/cases/pool.js";
import { ColdStartModelError } from "../../../core/coldstart/coldstart.js";
import { backLinksOf } from "../../../core/coldstart/coverage.js";
import { draftGapCases } from "../../../core/coldstart/gap-cases.js";
import { PolicyInputError } from "../../../core/coldstart/policy-document.js";
import { assessPolicyChange, type PolicyImpact } from "../../../core/coldstart/policy-diff.js";
import { loadBankFromFolder } from "../../../io/fsio/load-bank.js";
import { isoSeconds, systemClock } from "../../../vocabulary/clock.js";
import { readPolicyDocuments } from "../coldstart.js";
import { colours, UsageError, type CliContext, type CliIo } from "../context.js";
import { checkModelFlag, withPolicyModel } from "./policy-model.js";
import { checkOutputFolder, writeFoldersWhole } from "../whole-folders.js";

export interface PolicyDiffFlags {
  policyDiff?: string[];
  bank?: string;
  cases?: string;
  model: string;
  config: string;
  force?: boolean;
}

async function bankSkills(ctx: CliContext, dir: string) {
  const loaded = await loadBankFromFolder(dir, { cwd: ctx.io.cwd }).catch((e: Error) => {
    throw new UsageError(`--bank ${e.message}`);
  });
  if (loaded.kind !== "bank") throw new UsageError(`--bank ${dir}: expected a bank folder, not one skill`);
  return loaded.bank.skills.map((s) => ({
    name: s.name,
    description: s.frontmatter.description ?? "",
    policy: backLinksOf(s.frontmatter.metadata?.policy),
  }));
}

export async function runIngestPolicyDiff(
  ctx: CliContext,
  f: PolicyDiffFlags,
  json: boolean,
): Promise<number> {
  const { io } = ctx;
  const files = f.policyDiff ?? [];
  if (files.length !== 2)
    throw new UsageError(`--policy-diff takes two files, OLD and NEW (got ${files.length})`);
  if (!f.bank) throw new UsageError("--policy-diff needs --bank DIR: the bank whose back-links name NEW");
  checkModelFlag(f);
  if (f.cases !== undefined) await checkOutputFolder(io, "--cases", f.cases, Boolean(f.force));
  const skills = await bankSkills(ctx, f.bank);
  let impact: PolicyImpact;
  let cases: Case[] | undefined;
  try {
    const [old, next] = await readPolicyDocuments(io, files);
    impact = assessPolicyChange(old!, next!, skills);
    if (f.cases !== undefined)
      cases = await withPolicyModel(ctx, f, (model, label) =>
        draftGapCases(impact.uncovered, model, {
          now: isoSeconds(systemClock()),
          simulated: label.simulated,
          skills,
        }),
      );
  } catch (e) {
    if (!(e instanceof PolicyInputError || e instanceof ColdStartModelError)) throw e;
    if (json) io.stdout(`${JSON.stringify({ ok: false, problems: [e.message] }, null, 2)}\n`);
    else io.stderr(`error: ${e.message}\n${f.cases ? `Nothing was written to ${f.cases}.\n` : ""}`);
    return 1;
  }
  if (f.cases !== undefined && cases)
    await writeFoldersWhole(io, [{ dir: f.cases, files: poolFiles(cases, "") }]);
  printImpact(io, impact, cases, { json, simulated: f.model === "sim", cases: f.cases });
  return impact.broken.length > 0 ? 1 : 0;
}

function printImpact(
  io: CliIo,
  r: PolicyImpact,
  cases: Case[] | undefined,
  o: { json: boolean; simulated: boolean; cases: string | undefined },
): void {
  const uncovered = r.uncovered.map((c) => c.link);
  const written = cases?.map((c) => ({ id: c.id, category: c.category, policy: c.provenance.policy }));
  if (o.json) {
    const { changed, added, removed, stale, broken } = r;
    const report = { ok: broken.length === 0, changed, added, removed, stale, broken, uncovered };
    const extra = written ? { simulated: o.simulated, cases: o.cases, written } : {};
    io.stdout(`${JSON.stringify({ ...report, ...extra }, null, 2)}\n`);
    return;
  }
  const c = colours(io);
  const list = (label: string, items: readonly string[]) =>
    io.stdout(
      `${label} (${items.length})${items.length ? `:\n${items.map((x) => `  ${x}\n`).join("")}` : "\n"}`,
    );
  list(
    "changed",
    r.changed.map((s) => `#${s.slug}  ${s.heading}`),
  );
  list(
    "added",
    r.added.map((s) => `#${s.slug}  ${s.heading}`),
  );
  list(
    "removed",
    r.removed.map((s) => `#${s.slug}  ${s.heading}`),
  );
  list(
    c.yellow("may be stale"),
    r.stale.map((s) => `${s.skill}  (${s.links.join(", ")})`),
  );
  list("uncovered changed/added clauses", uncovered);
  for (const b of r.broken)
    io.stderr(
      `error: ${b.skill}: metadata.policy ${b.link} names a heading ${b.removed ? "the new version removed" : "neither version has"}\n`,
    );
  if (written) {
    for (const w of written) io.stdout(`  ${w.category}/${w.id}.yml  ← ${w.policy}\n`);
    const label = o.simulated ? " (simulated)" : "";
    io.stdout(`${c.green("ok")}: wrote ${written.length} draft case(s) to ${o.cases}${label}\n`);
  } else if (uncovered.length)
    io.stdout(c.dim("pass --cases DIR to draft a case for each uncovered clause\n"));
}
