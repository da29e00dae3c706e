// Pure decisions and renderings for feedback issues: who may accept, what the owned comments say,
// and the hashes that decide whether anything changed. Handlers call these and act on the result.
import { stringify } from "yaml";
import { Case } from "../../records/case.js";
import { CASE_YAML_CAPS } from "../cases/parse-case.js";
import { parseBoundedYaml } from "../../vocabulary/bounded-yaml.js";
import type { Conversion, FeedbackSource } from "./to-case.js";
import type { FeedbackForm } from "./issue-form.js";
import { sha256Hex } from "../../vocabulary/sha256.js";
import { redactCase, redactionNotice } from "../cases/redact-case.js";

/** Marker kinds of the comments the app owns on a feedback issue. */
export const FEEDBACK_MARKERS = { case: "case", form: "form-problems", acceptance: "acceptance" } as const;

export type Acceptance =
  | { accepted: true; by: string; how: "label" | "trusted-author" | "dashboard" | "earlier" }
  | { accepted: false; reason: "not-requested" }
  /** A trusted author's feedback that looks like prompt injection waits for a maintainer's label. */
  | { accepted: false; reason: "flagged-injection" }
  | { accepted: false; reason: "insufficient-permission"; sender: string; role: string };

/**
 * Acceptance needs the role the app's permission table names (`allowed`, asked of the API for the
 * person who acted: src/core/github/permissions.ts), never inferred from the label being present.
 * Trusted authors (config) are accepted without a label; an earlier acceptance is remembered in
 * the app's own case comment.
 */
export function decideAcceptance(input: {
  author: string;
  trustedAuthors: readonly string[];
  earlierAcceptedBy: string | undefined;
  request: { by: string; role: string; allowed: boolean; how: "label" | "dashboard" } | undefined;
  /** The injection heuristics flagged the feedback: trust in the author does not cover its text. */
  flagged?: boolean;
}): Acceptance {
  if (input.request) {
    if (input.request.allowed) return { accepted: true, by: input.request.by, how: input.request.how };
    return {
      accepted: false,
      reason: "insufficient-permission",
      sender: input.request.by,
      role: input.request.role,
    };
  }
  if (input.earlierAcceptedBy) return { accepted: true, by: input.earlierAcceptedBy, how: "earlier" };
  if (input.trustedAuthors.some((a) => a.toLowerCase() === input.author.toLowerCase()))
    return input.flagged
      ? { accepted: false, reason: "flagged-injection" }
      : { accepted: true, by: input.author, how: "trusted-author" };
  return { accepted: false, reason: "not-requested" };
}

export function hashText(text: string): string {
  return sha256Hex(text).slice(0, 16);
}

/** Changes when any field of the form changes, not when the title or whitespace does. */
export function formHash(form: FeedbackForm): string {
  return hashText(
    JSON.stringify(
      [form.did, form.expected, form.evidence, form.category, form.skill ?? ""].map((s) =>
        s.replace(/\s+/g, " ").trim(),
      ),
    ),
  );
}

/** Neutralises text quoted into a comment: no mentions, no closing of our fences or markers. */
export function quote(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const cut = flat.length > max ? `${flat.slice(0, max)}…` : flat;
  return cut.replace(/@/g, "@\u200b").replace(/<!--/g, "&lt;!--").replace(/`/g, "'");
}

export function renderFormProblems(problems: readonly string[]): string {
  return [
    "### 📝 This feedback cannot be used yet",
    "",
    "skillops reads feedback from the issue form, and this issue is missing something:",
    "",
    ...problems.map((p) => `- ${p}`),
    "",
    "Edit the issue (… → **Edit**) and fill in the sections above; this comment updates itself. If you wrote the issue by hand, open a new one with the **Skill feedback** form instead.",
  ].join("\n");
}

export const FORM_FIXED =
  "### ✅ The feedback form is complete\n\nThanks: a maintainer can now accept it (label `skillops:accepted`).";

export function renderUnauthorisedAcceptance(sender: string, role: string): string {
  return [
    "### 🔒 Not accepted",
    "",
    `The label \`skillops:accepted\` was added by @${sender}, whose role on this repository is **${role}**. Accepting feedback needs the **triage** role or more, so skillops removed the label and this feedback is still waiting for a maintainer.`,
  ].join("\n");
}

export function renderUnapprovedEdit(editor: string, acceptedBy: string): string {
  return [
    "### ✏️ Edited after acceptance",
    "",
    `@${editor} edited this feedback after @${acceptedBy} accepted it. The test case still reflects the accepted version. To take the edit, someone with the triage role or more can edit the issue themselves, or remove and re-add the label \`skillops:accepted\`.`,
  ].join("\n");
}

/** The case comment: the case as YAML in a fenced block, what happens next, and how it was made. */
export function renderCaseComment(
  conversion: Conversion,
  source: FeedbackSource,
  converterName: string,
): string {
  const who = `Accepted by @${source.acceptedBy}; converted by the ${converterName} converter.`;
  const warning =
    conversion.kind !== "failed" && conversion.injection
      ? [
          "",
          `🛡️ The classifier model reports text that looks like instructions to a model: ${quote(conversion.injection, 300)}. It is quoted as data and never followed.`,
        ]
      : [];
  const redacted = redactionNotice(
    conversion.kind === "case"
      ? conversion.case.provenance.redacted
      : conversion.kind === "knowledge"
        ? conversion.redacted
        : undefined,
    "this feedback",
  );
  if (redacted) warning.push("", redacted);
  if (conversion.kind === "case") {
    const yaml = stringify(conversion.case, { lineWidth: 0 });
    const fence = fenceFor(yaml);
    return [
      `### 🧪 Test case \`${conversion.case.id}\``,
      "",
      `This feedback is now a test case in category **${conversion.case.category}**. The next evolution run includes it; a skill change that fixes it will link back here, and merging that change closes this issue. ${who}`,
      "",
      `${fence}yaml`,
      yaml.trimEnd(),
      fence,
      "",
      "Edit the issue to correct the case: this comment updates itself. `/skillops explain " +
        conversion.case.id +
        "` shows its status.",
      ...warning,
    ].join("\n");
  }
  if (conversion.kind === "knowledge") {
    return [
      `### 💡 Advice for the skill \`${conversion.skill}\``,
      "",
      `This feedback reads as general advice rather than a reproducible case (${quote(conversion.reason, 200)}), so it goes into \`${conversion.skill}/knowledge.md\`, which the agent reads with the skill. ${who}`,
      "",
      "```markdown",
      `- ${conversion.entry.text.replace(/```/g, "'''")} _(${conversion.entry.provenance})_`,
      "```",
      ...warning,
    ].join("\n");
  }
  return renderConversionFailure(conversion.reason, who);
}

/** The case comment of a failed conversion: the reason, and how to try again. */
export function renderConversionFailure(reason: string, who: string): string {
  return [
    "### ⚠️ Could not turn this feedback into a test case",
    "",
    `Reason: ${quote(reason, 500)}.`,
    "",
    "To try again, remove and re-add the label `skillops:accepted` (or, with the triage role or more, edit the issue to fix it); the next evolution run also tries again. " +
      who,
  ].join("\n");
}

/** The case comment when `skillops:accepted` was taken off before the conversion was written. */
export function renderWithdrawnConversion(acceptedBy: string): string {
  return [
    `### ⏹️ Acceptance withdrawn`,
    "",
    `@${acceptedBy} accepted this feedback, but \`skillops:accepted\` was removed before its conversion was written, so no test case is recorded. Adding the label again converts the feedback as it is then.`,
  ].join("\n");
}

/** The case's identity for "write only when content changed" (the creation time is not content). */
export function conversionHash(conversion: Conversion): string {
  if (conversion.kind === "case")
    return hashText(
      stringify({ ...conversion.case, provenance: { ...conversion.case.provenance, created: "" } }),
    );
  if (conversion.kind === "knowledge") return hashText(`${conversion.skill}\n${conversion.entry.text}`);
  return hashText(`failed\n${conversion.reason}`);
}

/** A code fence longer than any run of backticks in the text, so quoted data cannot close it. */
export function fenceFor(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return "`".repeat(Math.max(3, longest + 1));
}

/** The Case in a case comment (what the evolution job collects); undefined when there is none. */
export function parseCaseComment(body: string): Case | undefined {
  const m = /^(`{3,})yaml\n([\s\S]*?)\n\1$/m.exec(body);
  if (!m) return undefined;
  const read = parseBoundedYaml(m[2]!, CASE_YAML_CAPS);
  const parsed = read.ok ? Case.safeParse(read.data) : undefined;
  // A comment written before redaction existed may still quote a secret: none reaches a run.
  return parsed?.success ? redactCase(parsed.data) : undefined;
}
