// Which policy clauses no skill exercises (FRAMES A.4.2), decided by code from the back-links, never
// by a model. A clause is a heading with text of its own (the lines up to the next heading of any
// level); it is covered when some skill's `metadata.policy` links its heading or a heading it sits
// under, since a link to a section covers its subsections. The one exception is the document's
// title (a first heading at level 1, the only one at that level): a link to it covers only the
// text under the title itself, or one preamble skill would cover, and go stale with, everything.
import { splitList } from "../bank/validate.js";
import type { Heading } from "../bank/policy-headings.js";
import type { PolicyDocument } from "./policy-document.js";

export interface PolicyClause {
  file: string;
  heading: Heading;
  /** The headings it sits under, outermost first. */
  parents: Heading[];
  /** `FILE#slug` of its heading. */
  link: string;
  /** The back-links that cover it: its own and its parents' (not the document title's). */
  covering: string[];
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
    const covering = coveringHeadings(doc.headings, i).map((x) => linkOf(doc, x));
    return [
      {
        file: doc.file,
        heading: h,
        parents: parentsOf(doc.headings, i),
        link: linkOf(doc, h),
        covering,
        text,
      },
    ];
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

/** The document's title: a first heading at level 1 that no other level-1 heading follows. */
export function isTitle(headings: readonly Heading[], h: Heading): boolean {
  return h === headings[0] && h.level === 1 && !headings.slice(1).some((o) => o.level === 1);
}

/** The headings whose back-link covers heading `i`: itself and its parents, less the title. */
export function coveringHeadings(headings: readonly Heading[], i: number): Heading[] {
  const h = headings[i]!;
  return [h, ...parentsOf(headings, i).filter((p) => !isTitle(headings, p))];
}

export const linkOf = (doc: Pick<PolicyDocument, "file">, h: Heading): string => `${doc.file}#${h.slug}`;

/** The skills whose back-links cover the clause (its own heading or one it sits under). */
export function coveringSkills(clause: PolicyClause, skills: readonly CoveringSkill[]): string[] {
  const links = new Set(clause.covering);
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
