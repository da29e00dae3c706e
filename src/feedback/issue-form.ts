// Parses a feedback issue's body (rendered by GitHub from the issue form) with @github/issue-parser.
// A hand-edited or broken form yields the list of what is missing, which the app posts once.
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
const SKILL_NAME = /^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/;

/** User text echoed back in our comment: no mentions, no breaking out of inline code. */
const echo = (s: string) =>
  s.slice(0, 80).replace(/`/g, "'").replace(/@/g, "@\u200b").replace(/<!--/g, "&lt;!--");

function text(value: unknown): string | undefined {
  const raw = Array.isArray(value) ? value.join(", ") : typeof value === "string" ? value : undefined;
  const trimmed = raw?.trim();
  return trimmed && trimmed !== "_No response_" ? trimmed : undefined;
}

/** Headings a person added or renamed: the parser would silently fold them into the field above. */
function unknownSections(body: string): string[] {
  const known = new Set<string>(Object.values(FORM_FIELDS));
  return [...body.matchAll(/^###\s+(.+?)\s*$/gm)].map((m) => m[1]!).filter((h) => !known.has(h));
}

export function parseFeedbackForm(
  body: string,
  options: { categories: readonly string[]; maxBodyChars: number },
): FormParse {
  if (body.length > options.maxBodyChars) {
    return {
      ok: false,
      problems: [
        `The issue body is ${body.length.toLocaleString("en-US")} characters; skillops reads at most ${options.maxBodyChars.toLocaleString("en-US")} (\`feedback.maxBodyChars\`). Shorten it, or link to the long material (a gist or a file) instead of pasting it.`,
      ],
      partial: {},
    };
  }
  const parsed = parseIssue(body, parserTemplate(options.categories));
  const partial: Partial<FeedbackForm> = {};
  const problems: string[] = [];
  for (const id of Object.keys(FORM_FIELDS) as FormFieldId[]) {
    const value = text(parsed[id]);
    if (value !== undefined) partial[id] = value;
    else if (REQUIRED.includes(id)) problems.push(`**${FORM_FIELDS[id]}** is missing or empty.`);
  }
  for (const heading of unknownSections(body))
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
