// Parses a feedback issue's body (rendered by GitHub from the issue form) with @github/issue-parser.
// A hand-edited or broken form yields the list of what is missing, which the app posts once. The
// body's length and its heading count are checked before the parser runs (FORM_BODY_CAP,
// FORM_HEADINGS_CAP); a form section given twice is a problem, not a silent last-one-wins.
import { parseIssue } from "@github/issue-parser";
import { FORM_FIELDS, parserTemplate, type FormFieldId } from "./form-template.js";

export interface FeedbackForm {
  did: string;
  expected: string;
  evidence: string;
  category: string;
  skill?: string;
}

export type FormParse =
  { ok: true; form: FeedbackForm } | { ok: false; problems: string[]; partial: Partial<FeedbackForm> };

const REQUIRED: FormFieldId[] = ["did", "expected", "evidence", "category"];

/** GitHub's own limit on an issue body: `feedback.maxBodyChars` can lower it, never raise it. */
export const FORM_BODY_CAP = 65_536;
/** `###` headings read; the form has five, and each unknown one becomes a line of our comment. */
export const FORM_HEADINGS_CAP = 40;
const SKILL_NAME = /^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/;

/** User text echoed back in our comment: no mentions, no breaking out of inline code. */
const echo = (s: string) =>
  s.slice(0, 80).replace(/`/g, "'").replace(/@/g, "@\u200b").replace(/<!--/g, "&lt;!--");

function text(value: unknown): string | undefined {
  const raw = Array.isArray(value) ? value.join(", ") : typeof value === "string" ? value : undefined;
  const trimmed = raw?.trim();
  return trimmed && trimmed !== "_No response_" ? trimmed : undefined;
}

const headingsOf = (body: string) => [...body.matchAll(/^###\s+(.+?)\s*$/gm)].map((m) => m[1]!);

/** Headings a person added or renamed: the parser would silently fold them into the field above. */
function unknownSections(headings: readonly string[]): string[] {
  const known = new Set<string>(Object.values(FORM_FIELDS));
  return [...new Set(headings.filter((h) => !known.has(h)))];
}

/** A form heading given twice: the parser would keep the last section's value and drop the first. */
function repeatedSections(headings: readonly string[]): string[] {
  const known = new Set<string>(Object.values(FORM_FIELDS));
  const counts = new Map<string, number>();
  for (const h of headings) if (known.has(h)) counts.set(h, (counts.get(h) ?? 0) + 1);
  return [...counts]
    .filter(([, n]) => n > 1)
    .map(
      ([h, n]) => `The section **${h}** appears ${n} times; keep one (skillops would read only the last).`,
    );
}

/** Problems found before parsing: a body or a heading count over the caps. */
function overCaps(body: string, maxBodyChars: number, headings: number): string | undefined {
  const max = Math.min(maxBodyChars, FORM_BODY_CAP);
  if (body.length > max)
    return `The issue body is ${body.length.toLocaleString("en-US")} characters; skillops reads at most ${max.toLocaleString("en-US")} (\`feedback.maxBodyChars\`). Shorten it, or link to the long material (a gist or a file) instead of pasting it.`;
  if (headings > FORM_HEADINGS_CAP)
    return `The issue body has ${headings} \`###\` headings; the feedback form has ${Object.keys(FORM_FIELDS).length}, and skillops reads at most ${FORM_HEADINGS_CAP}. Use the headings of the feedback form.`;
  return undefined;
}

export function parseFeedbackForm(
  body: string,
  options: { categories: readonly string[]; maxBodyChars: number },
): FormParse {
  // Headings are counted by a linear scan (a body of 65,536 characters holds at most ~13,000).
  const headings = body.length <= FORM_BODY_CAP ? headingsOf(body) : [];
  const cap = overCaps(body, options.maxBodyChars, headings.length);
  if (cap) return { ok: false, problems: [cap], partial: {} };
  const parsed = parseIssue(body, parserTemplate(options.categories));
  const partial: Partial<FeedbackForm> = {};
  const problems: string[] = [];
  for (const id of Object.keys(FORM_FIELDS) as FormFieldId[]) {
    const value = text(parsed[id]);
    if (value !== undefined) partial[id] = value;
    else if (REQUIRED.includes(id)) problems.push(`**${FORM_FIELDS[id]}** is missing or empty.`);
  }
  problems.push(...repeatedSections(headings));
  for (const heading of unknownSections(headings))
    problems.push(
      `The section **${echo(heading)}** is not part of the form (was the form edited by hand?). Use the headings of the feedback form.`,
    );
  if (partial.category !== undefined && !options.categories.includes(partial.category)) {
    problems.push(
      `**${FORM_FIELDS.category}** is \`${echo(partial.category)}\`, which is not one of the configured categories: ${options.categories.map((c) => `\`${c}\``).join(", ")}.`,
    );
  }
  if (partial.skill !== undefined && !SKILL_NAME.test(partial.skill)) {
    problems.push(
      `**${FORM_FIELDS.skill}** \`${echo(partial.skill)}\` is not a skill name (1-64 of a-z, 0-9 and -).`,
    );
  }
  if (problems.length > 0) return { ok: false, problems, partial };
  return { ok: true, form: partial as FeedbackForm };
}
