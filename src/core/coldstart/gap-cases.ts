// Draft cases for uncovered clauses: one gap-surfacer call per clause, in order (the first unusable
// answer stops the run), each answer assembled into a `policy`-channel case marked as a draft, with
// the clause's back-link in its provenance. Which clauses get a case is decided by the caller.
import { Case, type RubricItem } from "../../records/case.js";
import type { Model } from "../llm/model.js";
import type { ConverterRubricItem } from "../llm/prompts/converter.js";
import {
  GAP_SURFACER_SCHEMA_NAME,
  GapSurfacerAnswer,
  renderGapSurfacerPrompt,
  type GapSurfacerInput,
} from "../llm/prompts/gap-surfacer.js";
import { ColdStartModelError } from "./coldstart.js";
import type { PolicyClause } from "./coverage.js";
import { kebabName } from "./skill-name.js";

export interface GapCaseOptions {
  /** ISO-8601 instant for `provenance.created`. */
  now: string;
  simulated: boolean;
  /** The bank the clauses are uncovered in, as the surfacer sees it. */
  skills: GapSurfacerInput["skills"];
}

const withoutNulls = (item: ConverterRubricItem): RubricItem =>
  Object.fromEntries(Object.entries(item).filter(([, v]) => v !== null)) as RubricItem;

/** `policy-<file stem>-<slug>`, cut to the id limit, unique within the batch. */
function caseIds(clauses: readonly PolicyClause[]): string[] {
  const used = new Set<string>();
  return clauses.map((c) => {
    const stem = kebabName(c.file.replace(/\.[^./]*$/, "").replace(/^.*\//, ""));
    const base = `policy-${stem}-${kebabName(c.heading.slug)}`.slice(0, 120).replace(/-+$/, "");
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  });
}

/** The category of a clause: the slug of the outermost section below the document title. */
export function clauseCategory(clause: PolicyClause): string {
  const chain = [...clause.parents, clause.heading];
  const section = chain.find((h) => h.level >= 2) ?? chain[0]!;
  return kebabName(section.slug).slice(0, 64).replace(/-+$/, "");
}

export async function draftGapCases(
  clauses: readonly PolicyClause[],
  model: Model,
  opts: GapCaseOptions,
): Promise<Case[]> {
  const ids = caseIds(clauses);
  const names = new Set(opts.skills.map((s) => s.name));
  const out: Case[] = [];
  for (const [i, clause] of clauses.entries()) {
    const headings = [...clause.parents, clause.heading].map((h) => h.text);
    const where = `the gap surfacer on ${clause.link}`;
    const r = await model.structured({
      role: "gap-surfacer",
      messages: renderGapSurfacerPrompt({ ...clause, headings, skills: opts.skills }),
      schema: GapSurfacerAnswer,
      schemaName: GAP_SURFACER_SCHEMA_NAME,
    });
    if (!r.ok)
      throw new ColdStartModelError(`${where}: no usable answer (${r.failure.kind}): ${r.failure.message}`);
    const a = r.value;
    const parsed = Case.safeParse({
      id: ids[i],
      category: clauseCategory(clause),
      diagnosis: a.diagnosis,
      task: { prompt: a.prompt, files: [], rubric: a.rubric.map(withoutNulls) },
      // A skill the bank does not have would point sampling at nothing.
      skills: a.skill && names.has(a.skill) ? [a.skill] : [],
      provenance: {
        channel: "policy",
        policy: clause.link,
        created: opts.now,
        draft: true,
        ...(opts.simulated ? { simulated: true } : {}),
      },
    });
    if (!parsed.success)
      throw new ColdStartModelError(
        `${where}: the drafted case is not valid: ${parsed.error.issues.map((x) => `${x.path.join(".")}: ${x.message}`).join("; ")}`,
      );
    out.push(parsed.data);
  }
  return out;
}
