// A backlog of past feedback (FRAMES A.4.3, classified once at introduction): JSONL, one item per
// line, or Markdown, one `## Title` section per item. Pure: text in, items or every problem out,
// each problem naming its line. Format: docs/backlog.md.
import { z } from "zod";

export const BacklogItem = z.strictObject({
  title: z.string().trim().min(1),
  /** The feedback itself: what happened, what should have happened. */
  body: z.string().trim().min(1),
  /** The input to replay (a message, a record); absent when the item is general advice. */
  evidence: z.string().optional(),
  expected: z.string().optional(),
  category: z.string().optional(),
  skill: z.string().optional(),
  author: z.string().optional(),
  url: z.string().optional(),
});
export type BacklogItem = z.infer<typeof BacklogItem>;

export interface LocatedItem {
  item: BacklogItem;
  /** 1-based line where the item starts. */
  line: number;
}

export type BacklogParse = { ok: true; items: LocatedItem[] } | { ok: false; problems: string[] };

export type BacklogFormat = "jsonl" | "markdown";

export function backlogFormatOf(file: string): BacklogFormat | undefined {
  if (/\.jsonl$/i.test(file)) return "jsonl";
  if (/\.(md|markdown)$/i.test(file)) return "markdown";
  return undefined;
}

const SKILL_NAME = /^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/;

/** Checks that need the config: the size cap (the issue body cap), the category, the skill name. */
function itemProblems(
  item: BacklogItem,
  where: string,
  opts: { maxChars: number; categories: readonly string[] },
): string[] {
  const out: string[] = [];
  const size = Object.values(item).reduce((n, v) => n + (v?.length ?? 0), 0);
  if (size > opts.maxChars)
    out.push(
      `${where}: the item is ${size.toLocaleString("en-US")} characters; skillops reads at most ${opts.maxChars.toLocaleString("en-US")} per item (feedback.maxBodyChars, the issue body cap)`,
    );
  if (item.category !== undefined && !opts.categories.includes(item.category))
    out.push(
      `${where}: category ${JSON.stringify(item.category)} is not configured (${opts.categories.join(", ")})`,
    );
  if (item.skill !== undefined && !SKILL_NAME.test(item.skill))
    out.push(`${where}: skill ${JSON.stringify(item.skill)} is not a skill name (a-z, 0-9, -)`);
  return out;
}

function parseJsonl(text: string, file: string): { items: LocatedItem[]; problems: string[] } {
  const items: LocatedItem[] = [];
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === "") return;
    const where = `${file}:${i + 1}`;
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch (e) {
      problems.push(`${where}: not a JSON object (${(e as Error).message})`);
      return;
    }
    const parsed = BacklogItem.safeParse(data);
    if (!parsed.success)
      problems.push(
        `${where}: ${parsed.error.issues.map((p) => `${p.path.join(".") || "item"}: ${p.message}`).join("; ")}`,
      );
    else items.push({ item: parsed.data, line: i + 1 });
  });
  return { items, problems };
}

const FIELD = /^(evidence|expected|category|skill|author|url):[ \t]*(.*)$/i;

/** One `## ` section: its `Key: value` lines are fields, every other line is the body. */
function sectionItem(title: string, lines: readonly string[]): unknown {
  const fields: Record<string, string> = {};
  const body: string[] = [];
  let fenced = false;
  for (const line of lines) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = fenced ? null : FIELD.exec(line);
    if (m) fields[m[1]!.toLowerCase()] = m[2]!.trim();
    else body.push(line);
  }
  return { title, body: body.join("\n").trim(), ...fields };
}

function parseMarkdown(text: string, file: string): { items: LocatedItem[]; problems: string[] } {
  const lines = text.split(/\r?\n/);
  const starts: { line: number; title: string }[] = [];
  let fenced = false;
  lines.forEach((l, i) => {
    if (/^\s*(```|~~~)/.test(l)) fenced = !fenced;
    const m = fenced ? null : /^## +(.*\S)\s*$/.exec(l);
    if (m) starts.push({ line: i, title: m[1]! });
  });
  if (starts.length === 0)
    return {
      items: [],
      problems: [`${file}: no "## " sections; each item of a Markdown backlog is a "## Title" section`],
    };
  const items: LocatedItem[] = [];
  const problems: string[] = [];
  starts.forEach((s, k) => {
    const end = starts[k + 1]?.line ?? lines.length;
    const parsed = BacklogItem.safeParse(sectionItem(s.title, lines.slice(s.line + 1, end)));
    const where = `${file}:${s.line + 1}`;
    if (!parsed.success)
      problems.push(
        `${where}: section "${s.title}": ${parsed.error.issues.map((p) => `${p.path.join(".")}: ${p.message}`).join("; ")}`,
      );
    else items.push({ item: parsed.data, line: s.line + 1 });
  });
  return { items, problems };
}

/** Every item, or every problem (malformed lines, empty file, oversized items), each naming its line. */
export function parseBacklog(
  text: string,
  file: string,
  opts: { format: BacklogFormat; maxChars: number; categories: readonly string[] },
): BacklogParse {
  if (text.trim() === "") return { ok: false, problems: [`${file}: the backlog is empty (no items)`] };
  const read = opts.format === "jsonl" ? parseJsonl(text, file) : parseMarkdown(text, file);
  const problems = [
    ...read.problems,
    ...read.items.flatMap((l) => itemProblems(l.item, `${file}:${l.line}`, opts)),
  ];
  return problems.length ? { ok: false, problems } : { ok: true, items: read.items };
}
