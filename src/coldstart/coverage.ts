// Which policy clauses no skill exercises (FRAMES A.4.2), decided by code from the back-links, never
// by a model. A clause is a heading with text of its own (the lines up to the next heading of any
// level); it is covered when some skill's `metadata.policy` links its heading or a heading it sits
// under, since a link to a section covers its subsections.
import { splitList } from "../bank/validate.js";
import type { Heading } from "../bank/policy-headings.js";
import type { PolicyDocument } from "./policy-document.js";

export interface PolicyClause {
  file: string;
  heading: Heading;
  /** The headings it sits under, outermost first. */
  parents: Heading[];
  /** `FILE#slug`, the back-link that would cover it. */
  link: string;
  /** Its own text, without the heading line and without its subsections. */
  text: string;
}

/** A skill as coverage sees it: its name and its `metadata.policy` back-links. */
export interface CoveringSkill {
  name: string;
  policy: readonly string[];
}

export function readClauses(doc: PolicyDocument): PolicyClause[] {
  const lines = doc.text.split(/\r?\n/);
  return doc.headings.flatMap((h, i) => {
    const end = doc.headings[i + 1]?.line ?? lines.length;
    const text = lines
      .slice(h.line + 1, end)
      .join("\n")
      .trim();
    if (text === "") return [];
    return [{ file: doc.file, heading: h, parents: parentsOf(doc.headings, i), link: linkOf(doc, h), text }];
  });
}

/** The headings that heading `i` sits under, outermost first. */
export function parentsOf(headings: readonly Heading[], i: number): Heading[] {
  const out: Heading[] = [];
  let level = headings[i]!.level;
  for (let j = i - 1; j >= 0; j--) {
    const h = headings[j]!;
    if (h.level < level) {
      out.unshift(h);
      level = h.level;
    }
  }
  return out;
}

export const linkOf = (doc: Pick<PolicyDocument, "file">, h: Heading): string => `${doc.file}#${h.slug}`;

/** The skills whose back-links cover the clause (its own heading or one it sits under). */
export function coveringSkills(clause: PolicyClause, skills: readonly CoveringSkill[]): string[] {
  const links = new Set([clause.link, ...clause.parents.map((p) => `${clause.file}#${p.slug}`)]);
  return skills.filter((s) => s.policy.some((l) => links.has(normalLink(l)))).map((s) => s.name);
}

export function uncoveredClauses(
  docs: readonly PolicyDocument[],
  skills: readonly CoveringSkill[],
): PolicyClause[] {
  return docs.flatMap(readClauses).filter((c) => coveringSkills(c, skills).length === 0);
}

/** `metadata.policy` as a list of links; anchors compare in lower case, as GitHub's do. */
export function backLinksOf(policy: string | undefined): string[] {
  return splitList(policy).map(normalLink);
}

function normalLink(link: string): string {
  const at = link.indexOf("#");
  return at < 0
    ? link.trim()
    : `${link.slice(0, at).trim()}#${link
        .slice(at + 1)
        .trim()
        .toLowerCase()}`;
}
