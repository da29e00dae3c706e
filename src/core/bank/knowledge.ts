// knowledge.md: a skill's experiential knowledge (paper: 𝒦). Append-only: every entry carries its
// provenance, and appending never rewrites a byte that was already there. Format:
//
//   # Knowledge: <skill>
//
//   ## <n>
//   <text, any Markdown>
//
//   Provenance: <where it came from>
//
// Text lines that would read as framing (`## `, `Provenance:`) or start with `\` are escaped with a
// leading `\` so any text round-trips.
import type { Diagnostic } from "./diagnostic.js";
import type { KnowledgeEntry } from "./skill.js";

const ENTRY_HEADING = /^## (.*)$/;
const PROVENANCE = /^Provenance: ?(.*)$/;

function escapeLine(line: string): string {
  return /^(## |Provenance:|\\)/.test(line) ? `\\${line}` : line;
}

function unescapeLine(line: string): string {
  return line.startsWith("\\") ? line.slice(1) : line;
}

export function parseKnowledge(
  source: string,
  file: string,
): { entries: KnowledgeEntry[]; diagnostics: Diagnostic[] } {
  const entries: KnowledgeEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  const lines = source.replace(/\r\n/g, "\n").split("\n");
  let current: { start: number; text: string[]; provenance?: string } | undefined;
  const close = () => {
    if (!current) return;
    const text = current.text.join("\n").trim();
    if (current.provenance === undefined || current.provenance.trim() === "") {
      diagnostics.push({
        file,
        line: current.start,
        severity: "error",
        code: "KNOWLEDGE_NO_PROVENANCE",
        message: "knowledge entry has no 'Provenance:' line (every entry must say where it came from)",
      });
    } else if (text === "") {
      diagnostics.push({
        file,
        line: current.start,
        severity: "warning",
        code: "KNOWLEDGE_EMPTY",
        message: "knowledge entry has no text",
      });
    }
    entries.push({ text, provenance: (current.provenance ?? "").trim() });
  };
  lines.forEach((line, i) => {
    if (ENTRY_HEADING.test(line)) {
      close();
      current = { start: i + 1, text: [] };
      return;
    }
    if (!current) {
      if (line.trim() !== "" && !line.startsWith("# ") && !line.startsWith("<!--")) {
        diagnostics.push({
          file,
          line: i + 1,
          severity: "warning",
          code: "KNOWLEDGE_STRAY_TEXT",
          message: "text before the first '## ' entry is ignored",
        });
      }
      return;
    }
    const prov = PROVENANCE.exec(line);
    if (prov) current.provenance = prov[1] ?? "";
    else current.text.push(unescapeLine(line));
  });
  close();
  return { entries, diagnostics };
}

export function renderKnowledgeEntry(entry: KnowledgeEntry, index: number): string {
  if (/[\r\n]/.test(entry.provenance) || entry.provenance.trim() === "") {
    throw new Error("knowledge provenance must be one non-empty line");
  }
  const text = entry.text.trim().split(/\r?\n/).map(escapeLine).join("\n");
  return `## ${index}\n${text}\n\nProvenance: ${entry.provenance.trim()}\n`;
}

export function renderKnowledge(skill: string, entries: readonly KnowledgeEntry[]): string {
  const header = `# Knowledge: ${skill}\n`;
  return [header, ...entries.map((e, i) => renderKnowledgeEntry(e, i + 1))].join("\n");
}

/** Append entries to an existing knowledge.md (or start one). Existing bytes are kept as they are. */
export function appendKnowledge(
  existing: string | undefined,
  skill: string,
  entries: readonly KnowledgeEntry[],
): string {
  if (existing === undefined || existing.trim() === "") return renderKnowledge(skill, entries);
  const count = parseKnowledge(existing, "knowledge.md").entries.length;
  const base = existing.endsWith("\n") ? existing : `${existing}\n`;
  return base + entries.map((e, i) => `\n${renderKnowledgeEntry(e, count + i + 1)}`).join("");
}

/** Diagnostics when `after` is not `before` with entries appended (evolution must never edit 𝒦). */
export function checkAppendOnly(before: string, after: string, file: string): Diagnostic[] {
  const a = parseKnowledge(before, file).entries;
  const b = parseKnowledge(after, file).entries;
  const changed = a.findIndex((e, i) => b[i]?.text !== e.text || b[i]?.provenance !== e.provenance);
  if (changed === -1 && b.length >= a.length) return [];
  return [
    {
      file,
      line: 0,
      severity: "error",
      code: "KNOWLEDGE_NOT_APPEND_ONLY",
      message:
        changed === -1
          ? "knowledge entries were removed"
          : `knowledge entry ${changed + 1} was edited or removed`,
    },
  ];
}
