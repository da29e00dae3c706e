// `skillops audit --runs FILE`: the evidence a saved record gives the audit. An evaluation record
// (`skillops eval --json` of the candidate) gives the runs' traces for Checks 8 and 9; a run record
// (`skillops evolve --json`) gives the provenance of the lines its rewrites added (Check 3).
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { AddedLineProvenance } from "../../../core/audit/audit-input.js";
import type { TraceInput } from "../../../core/audit/run-traces.js";
import type { SkillBank } from "../../../core/bank/skill.js";
import { EvalRecord } from "../../../records/eval-record.js";
import { runTraces } from "../../../core/evolve/child-traces.js";
import { provenanceOf } from "../../../core/evolve/provenance.js";
import { RunRecord } from "../../../records/run-record.js";
import { UsageError } from "../context.js";

export interface RunsEvidence {
  traces?: TraceInput;
  provenance?: AddedLineProvenance[];
}

/**
 * Without the parent's figures, every case the candidate passes counts as fixed, and every skill it
 * changed against the base as one the gain may be attributed to (docs/audit.md, limits).
 */
function tracesOf(record: EvalRecord, base: SkillBank, candidate: SkillBank): TraceInput {
  const changed = candidate.skills
    .filter((s) => base.skills.find((b) => b.name === s.name)?.source !== s.source)
    .map((s) => s.name);
  const fixed = record.cases.filter((c) => c.passAtK >= 1).map((c) => c.id);
  return { runs: runTraces(record.cases), changed, fixed };
}

export async function readRunsEvidence(
  cwd: string,
  path: string | undefined,
  banks: { base: SkillBank; candidate: SkillBank },
): Promise<RunsEvidence> {
  if (path === undefined) return {};
  const text = await readFile(resolve(cwd, path), "utf8").catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(`--runs ${path}: ${e.code === "ENOENT" ? "no such file" : e.message}`);
  });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`--runs ${path}: not JSON (${(e as Error).message})`);
  }
  const evaluation = EvalRecord.safeParse(data);
  if (evaluation.success) return { traces: tracesOf(evaluation.data, banks.base, banks.candidate) };
  const run = RunRecord.safeParse(data);
  if (run.success) return { provenance: provenanceOf(run.data.iterations) };
  throw new UsageError(
    `--runs ${path}: neither an evaluation record (skillops eval --json) nor a run record (skillops evolve --json)`,
  );
}
