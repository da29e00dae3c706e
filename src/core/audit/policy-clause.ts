// The text of the policy clause a `metadata.policy` back-link names: the section under the heading
// whose GitHub anchor is the link's `#anchor` (the whole file when the link has none).
import { readHeadings, sectionLines } from "../bank/policy-headings.js";

export function policyClause(policies: Readonly<Record<string, string>>, link: string): string | undefined {
  const [path, anchor] = link.split("#");
  const text = path ? policies[path] : undefined;
  if (text === undefined || !anchor) return text;
  const headings = readHeadings(text);
  const h = headings.find((x) => x.slug === anchor.toLowerCase());
  if (!h) return undefined;
  const lines = text.split(/\r?\n/);
  const [from, to] = sectionLines(headings, h, lines.length);
  return lines.slice(from, to).join("\n");
}
