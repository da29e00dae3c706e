// Flags feedback that reads like instructions to a model (prompt injection) before a maintainer
// accepts it. Heuristics only, over the parsed form fields: nothing here follows or runs the text.
// The aim is a marker for the maintainer, not a filter, so the patterns favour imperative phrasing
// aimed at a model ("ignore previous instructions") over words a normal report quotes from the agent.
import type { FeedbackForm } from "./issue-form.js";

export interface InjectionReason {
  /** A stable id for the technique, for tests and the audit trail. */
  id: string;
  /** What it looks like, in words, for the issue comment. */
  reason: string;
  /** The matching text, neutralised for display (no mentions, HTML, backticks or hidden characters). */
  evidence: string;
}

export interface InjectionVerdict {
  flagged: boolean;
  reasons: InjectionReason[];
}

interface Rule {
  id: string;
  reason: string;
  pattern: RegExp;
}

const PREVIOUS = String.raw`(?:all\s+|any\s+|the\s+|your\s+)?(?:previous|prior|above|earlier|preceding|original|system)?\s*`;
const RULES: Rule[] = [
  {
    id: "ignore-instructions",
    reason: "asks the model to ignore its instructions",
    pattern: new RegExp(
      String.raw`\b(?:ignore|disregard|forget|override)\s+${PREVIOUS}(?:instructions|rules|prompts?|directions|guidelines|guardrails)\b`,
      "i",
    ),
  },
  {
    id: "new-role",
    reason: "tries to give the model a new role",
    pattern:
      /\b(?:you\s+are\s+now|from\s+now\s+on,?\s+you|pretend\s+(?:to\s+be|you\s+are)|act\s+as\s+(?:an?\s+)?(?:unrestricted|different|new|admin|developer|system)|(?:developer|debug|god|jailbreak|DAN)\s+mode)\b/i,
  },
  {
    id: "system-prompt",
    reason: "addresses the model's system prompt",
    pattern:
      /\b(?:(?:reveal|print|show|output|repeat|override|replace|update|change)\s+(?:your|the)\s+(?:system\s+prompt|hidden\s+instructions)|new\s+(?:system\s+prompt|instructions)\s*:|system\s+prompt\s*:)/i,
  },
  {
    id: "address-model",
    reason: "speaks to the model directly",
    pattern:
      /\b(?:as\s+an\s+(?:AI|LLM|language\s+model|assistant)\s*,?\s+you\s+(?:must|should|will|are)|(?:note|message|instructions?)\s+(?:to|for)\s+(?:the\s+)?(?:AI|LLM|model|assistant|agent|diagnoser|rewriter|classifier|converter)\s*:)/i,
  },
  {
    id: "role-marker",
    reason: "contains chat-format role markers",
    pattern:
      /<\|(?:im_start|im_end|system|assistant|user|endoftext)\|>|\[\/?INST\]|<<\/?SYS>>|^\s*system\s*:|^#{1,6}\s*(?:instruction|system|response)s?\b/im,
  },
  {
    id: "change-verdict",
    reason: "tries to set a verdict or score",
    pattern:
      /\b(?:mark|record|report|grade)\s+(?:this|it|the\s+case|every\s+case|all\s+cases)\s+as\s+(?:pass(?:ing|ed)?|fixed|correct|success(?:ful)?)\b|\b(?:set|give)\s+(?:the|its|a)\s+score\s+(?:to|of)\b/i,
  },
  {
    id: "change-rubric",
    reason: "tries to change rubrics",
    pattern:
      /\b(?:add|remove|delete|drop|replace|rewrite|change|modify)\s+(?:a|the|this|these|every|all)\s+rubrics?\b/i,
  },
  {
    id: "run-tool",
    reason: "asks for a command or tool call",
    pattern:
      /(?:^|[.!:]\s+)(?:please\s+|now\s+|you\s+must\s+)?(?:run|execute)\s+(?:this|the\s+following)\s+(?:command|script|code)\b|(?:^|[.!:]\s+)(?:please\s+|now\s+|you\s+must\s+)?(?:call|invoke)\s+the\s+[\w.-]+\s+tool\b|\bcurl\s+\S+.*\|\s*(?:ba|z)?sh\b/im,
  },
  {
    id: "html-comment",
    reason: "hides text in an HTML comment",
    pattern: /<!--[\s\S]*?-->/,
  },
];

/** Zero-width, bidirectional-override and Unicode tag characters: invisible when rendered. */
const HIDDEN = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]|[\u{E0000}-\u{E007F}]/gu;
/** A run of base64 long enough to carry a sentence, mixing cases and digits (not a hex hash or an id). */
const BASE64 = /[A-Za-z0-9+/]{80,}={0,2}/g;

/** Text quoted into a comment: one line, no invisible characters, HTML, mentions or backticks. */
export function displayEvidence(text: string, max = 80): string {
  const flat = text.replace(HIDDEN, "").replace(/\s+/g, " ").trim();
  const cut = flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
  const safe = cut
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/@(?=[A-Za-z0-9])/g, "@\u200b")
    .replace(/`/g, "'");
  return `"${safe}"`;
}

function hiddenCharacters(text: string): InjectionReason | undefined {
  const found = [...text.matchAll(HIDDEN)].map((m) => m[0].codePointAt(0)!);
  if (found.length === 0) return undefined;
  const kinds = [...new Set(found)].map((c) => `U+${c.toString(16).toUpperCase().padStart(4, "0")}`);
  return {
    id: "hidden-characters",
    reason: "contains invisible characters",
    evidence: `${found.length} × ${kinds.slice(0, 4).join(", ")}`,
  };
}

function base64Blob(text: string): InjectionReason | undefined {
  const blob = [...text.matchAll(BASE64)]
    .map((m) => m[0])
    .find((b) => /[a-z]/.test(b) && /[A-Z]/.test(b) && /[0-9]/.test(b));
  if (!blob) return undefined;
  return {
    id: "encoded-blob",
    reason: "contains a long encoded (base64) blob",
    evidence: displayEvidence(blob, 40),
  };
}

/** The form's free-text fields, and the title, checked one by one (a match never spans two fields). */
export function detectInjection(form: Partial<FeedbackForm>, title = ""): InjectionVerdict {
  const fields = [title, form.did, form.expected, form.evidence, form.category, form.skill].filter(
    (f): f is string => typeof f === "string" && f.length > 0,
  );
  const reasons: InjectionReason[] = [];
  const add = (r: InjectionReason | undefined) => {
    if (r && !reasons.some((x) => x.id === r.id)) reasons.push(r);
  };
  for (const field of fields) {
    for (const rule of RULES) {
      const m = rule.pattern.exec(field);
      if (m) add({ id: rule.id, reason: rule.reason, evidence: displayEvidence(m[0].trim()) });
    }
    add(hiddenCharacters(field));
    add(base64Blob(field));
  }
  return { flagged: reasons.length > 0, reasons };
}

/** The reasons in one line of prose: `asks the model to ignore its instructions ("ignore all…")`. */
export function describeReasons(reasons: readonly InjectionReason[]): string {
  return reasons.map((r) => `${r.reason} (${r.evidence})`).join("; ");
}

/** The warning line in the acceptance comment of a flagged issue. */
export function renderInjectionWarning(verdict: InjectionVerdict): string {
  return `⚠️ This feedback contains text that looks like instructions to a model: ${describeReasons(verdict.reasons)}. It is quoted as data and never followed; read it before accepting.`;
}

/** An acceptance comment's body with the warning appended when the issue is flagged. */
export function withInjectionWarning(body: string, verdict: InjectionVerdict): string {
  return verdict.flagged ? `${body}\n\n${renderInjectionNotice(verdict, { kind: "waiting" })}` : body;
}

/** The acceptance comment once an edit took out what was flagged. */
export const INJECTION_CLEARED =
  "### ✅ No longer flagged\n\nAn edit removed the text that looked like instructions to a model. A maintainer can accept it (label `skillops:accepted`).";

/** Where a flagged issue stands, for its acceptance comment. */
export type InjectionNoticeState =
  { kind: "waiting" } | { kind: "trusted-author-waiting"; author: string } | { kind: "accepted"; by: string };

/** The acceptance comment of a flagged issue: the warning line, then what happens next. */
export function renderInjectionNotice(verdict: InjectionVerdict, state: InjectionNoticeState): string {
  const next =
    state.kind === "accepted"
      ? `Accepted by @${state.by} with this warning shown; the text is still quoted to every model as data.`
      : state.kind === "trusted-author-waiting"
        ? `@${state.author} is a trusted author (\`feedback.trustedAuthors\`), whose feedback is normally accepted without a label; because of this warning it waits for someone with the triage role or more to add the label \`skillops:accepted\`.`
        : "It waits for someone with the triage role or more to add the label `skillops:accepted`.";
  return ["### ⚠️ Possible prompt injection", "", renderInjectionWarning(verdict), "", next].join("\n");
}
