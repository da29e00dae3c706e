// `skillops audit --runs FILE`: the evidence a saved record gives the audit. An evaluation record
// (`skillops eval --json` of the candidate) gives the runs' traces for Check 9 (and Check 5's high-pass skip); a run record
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

/** Without the run's plan, every skill changed against the base counts, and every run is its case's (docs/audit.md). */
function tracesOf(record: EvalRecord, base: SkillBank, candidate: SkillBank): TraceInput {
  const changed = candidate.skills
    .filter((s) => base.skills.find((b) => b.name === s.name)?.source !== s.source)
    .map((s) => s.name);
  return { runs: runTraces(record.cases), changed };
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
