// Cold start, passes 1 and 2 (FRAMES §3.2, A.4.1): each policy document is segmented into business
// activities, each segment is written as a SKILL.md with back-links computed from its source
// headings, and the whole bank is validated strictly before anything is handed back: the caller
// gets every file of a valid bank, or the problems and nothing to write.
import { loadBank } from "../bank/bank.js";
import { formatDiagnostic } from "../bank/diagnostic.js";
import type { BankFile } from "../bank/skill.js";
import { nameProblem } from "../bank/validate.js";
import type { Model, ModelFailure } from "../llm/model.js";
import { renderSegmenterPrompt, SEGMENTER_SCHEMA_NAME, SegmenterAnswer } from "../llm/prompts/segmenter.js";
import type { PolicySegment } from "../llm/prompts/segmenter.js";
import {
  renderSkillWriterPrompt,
  SKILL_WRITER_SCHEMA_NAME,
  SkillWriterAnswer,
} from "../llm/prompts/skill-writer.js";
import type { PolicyDocument } from "./policy-document.js";
import { locateSegment, type SegmentSource } from "./segment-source.js";
import { renderColdStartSkill } from "./skill-file.js";
import { suggestNames } from "./skill-name.js";

export interface ColdStartOptions {
  simulated: boolean;
  generatedBy: string;
}

export interface ColdStartSkill {
  name: string;
  title: string;
  description: string;
  policy: string[];
}

export type ColdStartResult =
  { ok: true; files: BankFile[]; skills: ColdStartSkill[] } | { ok: false; problems: string[] };

/** A model answer cold start cannot use (refused, not JSON, failing its schema after the one repair). */
export class ColdStartModelError extends Error {}

interface Located {
  doc: PolicyDocument;
  segment: PolicySegment;
  source: SegmentSource;
}

const failed = (who: string, f: ModelFailure) =>
  new ColdStartModelError(`${who}: no usable answer (${f.kind}): ${f.message}`);

async function segmentDocument(model: Model, doc: PolicyDocument): Promise<Located[]> {
  const r = await model.structured({
    role: "segmenter",
    messages: renderSegmenterPrompt(doc),
    schema: SegmenterAnswer,
    schemaName: SEGMENTER_SCHEMA_NAME,
  });
  if (!r.ok) throw failed(`the segmenter on ${doc.file}`, r.failure);
  return r.value.segments.map((segment) => ({
    doc,
    segment,
    source: locateSegment(doc, segment.title, segment.headings),
  }));
}

export async function coldStart(
  docs: readonly PolicyDocument[],
  model: Model,
  opts: ColdStartOptions,
): Promise<ColdStartResult> {
  const located: Located[] = [];
  for (const doc of docs) located.push(...(await segmentDocument(model, doc)));
  const names = suggestNames(located.map((l) => l.segment.title));
  const siblings = located.map((l, i) => ({ name: names[i]!, title: l.segment.title }));
  // One call at a time: the first unusable answer stops the run before more tokens are spent, and
  // the requests go out in a fixed order.
  const answers: SkillWriterAnswer[] = [];
  for (const [i, l] of located.entries()) {
    const r = await model.structured({
      role: "skill-writer",
      messages: renderSkillWriterPrompt({
        file: l.doc.file,
        suggestedName: names[i]!,
        segment: l.segment,
        source: l.source.text,
        siblings: siblings.filter((_, j) => j !== i),
      }),
      schema: SkillWriterAnswer,
      schemaName: SKILL_WRITER_SCHEMA_NAME,
    });
    if (!r.ok) throw failed(`the skill writer on segment "${l.segment.title}" of ${l.doc.file}`, r.failure);
    answers.push(r.value);
  }
  const problems = answers.flatMap((a, i) => {
    const p = nameProblem(a.name);
    return p ? [`the skill writer named segment "${located[i]!.segment.title}" '${a.name}', which ${p}`] : [];
  });
  if (problems.length) return { ok: false, problems };
  const files = answers.map((answer, i) =>
    renderColdStartSkill({ answer, backLinks: located[i]!.source.backLinks, ...opts }),
  );
  const { diagnostics } = loadBank(files, { mode: "strict" });
  const errors = diagnostics.filter((d) => d.severity === "error");
  if (errors.length) return { ok: false, problems: errors.map(formatDiagnostic) };
  const skills = answers.map((a, i) => ({
    name: a.name,
    title: located[i]!.segment.title,
    description: a.description,
    policy: located[i]!.source.backLinks.slice(),
  }));
  return { ok: true, files, skills };
}
