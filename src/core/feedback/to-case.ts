// Feedback → Case. A `Converter` turns an accepted feedback form into a Case, or into experiential
// knowledge for a skill. Two implementations: the model-backed one (model-converter.ts) and the
// deterministic template converter below, which needs no model and is what the demo and the
// simulated world use.
import { Case, type RubricItem } from "../../records/case.js";
import type { KnowledgeEntry } from "../bank/skill.js";
import type { FeedbackForm } from "./issue-form.js";
import { classifyByTemplate } from "./classify.js";

export interface FeedbackSource {
  issue: number;
  url: string;
  title: string;
  author: string;
  acceptedBy: string;
  form: FeedbackForm;
}

export type Conversion =
  | { kind: "case"; case: Case; injection?: string }
  | {
      kind: "knowledge";
      skill: string;
      entry: KnowledgeEntry;
      reason: string;
      injection?: string;
      /** Kinds of secret redacted from the feedback (a case keeps them in `provenance.redacted`). */
      redacted?: string[];
    }
  | { kind: "failed"; reason: string };

export interface Converter {
  /** A name shown in the case comment ("template", "model gpt-4o-mini"). */
  readonly name: string;
  /**
   * Converts at once, with no model (the template converter): the app converts while handling the
   * delivery and writes the case comment once, instead of a "converting…" comment first and the
   * case from a queued job.
   */
  readonly instant?: boolean;
  convert(source: FeedbackSource, now: string): Promise<Conversion>;
}

export const caseIdFor = (issue: number): string => `issue-${issue}`;

/** Assembles and validates a Case from the parts a converter produced. */
export function buildCase(
  source: FeedbackSource,
  parts: { diagnosis: string; prompt: string; rubric: RubricItem[] },
  now: string,
): Conversion {
  const parsed = Case.safeParse({
    id: caseIdFor(source.issue),
    category: source.form.category,
    diagnosis: parts.diagnosis,
    task: { prompt: parts.prompt, files: [], rubric: parts.rubric },
    skills: source.form.skill ? [source.form.skill] : [],
    ...(source.form.skill ? { skillsFrom: { [source.form.skill]: ["form"] } } : {}),
    provenance: {
      channel: "issue",
      issue: source.issue,
      url: source.url,
      author: source.author,
      acceptedBy: source.acceptedBy,
      created: now,
    },
  });
  if (!parsed.success)
    return {
      kind: "failed",
      reason: `the converted case is not valid: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    };
  return { kind: "case", case: parsed.data };
}

export function knowledgeProvenance(source: FeedbackSource, now: string): string {
  return `issue #${source.issue} by @${source.author}, accepted by @${source.acceptedBy}, ${now.slice(0, 10)}`;
}

const QUOTED = /"([^"\n]{1,200})"|“([^”\n]{1,200})”|`([^`\n]{1,200})`/g;
const NEGATION =
  /\b(not|never|no longer|without|avoid|instead of|don't|doesn't|shouldn't|mustn't|must not|should not|rather than)\b[^.;:!?]*$/i;

/**
 * Rubric from "what it should have done": every quoted string becomes a check — `not-contains`
 * when the words just before it in the same sentence negate it ("must not say "60 days""), else
 * `contains`. With no quoted strings, the sentence itself becomes one `judge` criterion.
 */
export function rubricFromExpectation(expected: string): RubricItem[] {
  const items: RubricItem[] = [];
  for (const m of expected.matchAll(QUOTED)) {
    const value = (m[1] ?? m[2] ?? m[3]!).trim();
    if (!value) continue;
    const before = expected.slice(0, m.index);
    const type = NEGATION.test(before) ? "not-contains" : "contains";
    if (!items.some((i) => i.type === type && "value" in i && i.value === value))
      items.push({ type, value, ignoreCase: true });
  }
  if (items.length === 0)
    items.push({
      type: "judge",
      criterion: `The answer does what the feedback expects: ${expected.replace(/\s+/g, " ").slice(0, 1000)}`,
    });
  return items;
}

/**
 * The deterministic converter: maps the form straight into a Case. The evidence is the prompt,
 * "what it did / what it should have done" is the diagnosis, and the rubric comes from
 * `rubricFromExpectation`. Advice without a reproducible input (see classifyByTemplate) becomes
 * knowledge for the named skill.
 */
export function createTemplateConverter(): Converter {
  return {
    name: "template (no model)",
    instant: true,
    async convert(source, now) {
      const kind = classifyByTemplate(source.form);
      if (kind.kind === "experiential") {
        if (!source.form.skill)
          return {
            kind: "failed",
            reason:
              "this reads as general advice (no reproducible input), and advice is stored per skill: name the skill in the form",
          };
        const text = `${source.form.expected.trim()} (Observed: ${source.form.did.trim().replace(/\s+/g, " ").slice(0, 300)})`;
        return {
          kind: "knowledge",
          skill: source.form.skill,
          entry: { text, provenance: knowledgeProvenance(source, now) },
          reason: kind.reason,
        };
      }
      const diagnosis =
        `What the agent did: ${source.form.did.trim()} What it should have done: ${source.form.expected.trim()}`
          .replace(/\s+/g, " ")
          .slice(0, 2000);
      return buildCase(
        source,
        {
          diagnosis,
          prompt: source.form.evidence.trim(),
          rubric: rubricFromExpectation(source.form.expected),
        },
        now,
      );
    },
  };
}
