// Backlog triage (FRAMES A.4.3): every backlog item goes through the same converter as an accepted
// issue (classifier, then converter), and the result is re-labelled as coming from the backlog: a
// content-derived id, `provenance.channel: backlog`, and `draft: true` until a maintainer accepts it.
import { Case } from "../../records/case.js";
import type { KnowledgeEntry } from "../bank/skill.js";
import { hashText } from "./triage.js";
import type { Converter, FeedbackSource } from "./to-case.js";
import type { LocatedItem } from "./backlog.js";
import { convertRedacted } from "./redact-feedback.js";
import { redactSecrets } from "../../vocabulary/redact-secrets.js";

export type TriageOutcome = { line: number; title: string } & (
  | { kind: "case"; case: Case }
  | { kind: "knowledge"; skill: string; entry: KnowledgeEntry; redacted?: string[] }
  | { kind: "failed"; reason: string }
);

export interface TriageOptions {
  file: string;
  /** ISO-8601 instant recorded as `created`. */
  now: string;
  /** Category of items that name none (the first configured one). */
  defaultCategory: string;
  /** Who accepted the batch (`--accept`); absent: everything is a draft. */
  acceptedBy?: string;
}

/** Stable across runs: the same item gets the same id, so re-running rewrites, never duplicates. */
export const backlogCaseId = (l: LocatedItem): string =>
  `backlog-${hashText(`${l.item.title}\n${l.item.body}`).slice(0, 12)}`;

/** The item as the feedback form the converters read; no evidence reads as "none" (nothing to replay). */
function sourceOf(l: LocatedItem, o: TriageOptions): FeedbackSource {
  const { item } = l;
  return {
    issue: l.line,
    url: item.url ?? `${o.file}#L${l.line}`,
    title: item.title,
    author: item.author ?? "unknown",
    acceptedBy: o.acceptedBy ?? "nobody yet (draft)",
    form: {
      did: item.body,
      expected: item.expected ?? item.body,
      evidence: item.evidence?.trim() || "none",
      category: item.category ?? o.defaultCategory,
      ...(item.skill ? { skill: item.skill } : {}),
    },
  };
}

function relabel(c: Case, l: LocatedItem, o: TriageOptions): Case {
  return Case.parse({
    ...c,
    id: backlogCaseId(l),
    provenance: {
      channel: "backlog",
      url: l.item.url ?? `${o.file}#L${l.line}`,
      ...(l.item.author ? { author: l.item.author } : {}),
      ...(o.acceptedBy ? { acceptedBy: o.acceptedBy } : { draft: true }),
      created: o.now,
      ...(c.provenance.redacted ? { redacted: c.provenance.redacted } : {}),
    },
  });
}

function knowledgeProvenance(l: LocatedItem, o: TriageOptions): string {
  const by = l.item.author ? ` by @${l.item.author}` : "";
  const status = o.acceptedBy ? `accepted by @${o.acceptedBy}` : "draft, not yet accepted";
  return `backlog ${o.file}:${l.line}${by}, ${status}, ${o.now.slice(0, 10)}`.replace(/[\r\n]+/g, " ");
}

/** Converts every item in order (one model call at a time); a duplicate item is a failure naming the first. */
export async function triageBacklog(
  items: readonly LocatedItem[],
  converter: Converter,
  o: TriageOptions,
): Promise<TriageOutcome[]> {
  const out: TriageOutcome[] = [];
  const seen = new Map<string, number>();
  for (const l of items) {
    const head = { line: l.line, title: redactSecrets(l.item.title).value };
    const id = backlogCaseId(l);
    const first = seen.get(id);
    if (first !== undefined) {
      out.push({ ...head, kind: "failed", reason: `the same title and body as the item at line ${first}` });
      continue;
    }
    seen.set(id, l.line);
    const c = await convertRedacted(converter, sourceOf(l, o), o.now);
    if (c.kind === "failed") out.push({ ...head, kind: "failed", reason: c.reason });
    else if (c.kind === "case") out.push({ ...head, kind: "case", case: relabel(c.case, l, o) });
    else
      out.push({
        ...head,
        kind: "knowledge",
        skill: c.skill,
        entry: { text: c.entry.text, provenance: knowledgeProvenance(l, o) },
        ...(c.redacted ? { redacted: c.redacted } : {}),
      });
  }
  return out;
}
