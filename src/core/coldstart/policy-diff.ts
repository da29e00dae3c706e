// The policy channel's diff (FRAMES §3.2, A.4.4): an old and a new version of one policy document,
// section by section. A section is identified by its heading's slug; it changed when its own text
// (without its subsections) differs after whitespace normalisation. Then, against a bank: the skills
// whose back-linked sections changed ("may be stale"), the back-links that point at no heading of
// the new version, and the changed or added clauses no skill covers (for the gap surfacer).
import type { Heading } from "../bank/policy-headings.js";
import {
  coveringHeadings,
  coveringSkills,
  readClauses,
  type CoveringSkill,
  type PolicyClause,
} from "./coverage.js";
import type { PolicyDocument } from "./policy-document.js";

export interface SectionRef {
  slug: string;
  heading: string;
}

export interface PolicyDiff {
  changed: SectionRef[];
  added: SectionRef[];
  removed: SectionRef[];
}

export interface StaleSkill {
  skill: string;
  /** The skill's back-links whose section (or a subsection of it) changed. */
  links: string[];
}

export interface BrokenLink {
  skill: string;
  link: string;
  /** true when the old version had the heading (it was removed), false when neither had it. */
  removed: boolean;
}

export interface PolicyImpact extends PolicyDiff {
  stale: StaleSkill[];
  broken: BrokenLink[];
  /** Changed or added clauses (with text of their own) that no skill covers. */
  uncovered: PolicyClause[];
}

const normalise = (s: string) => s.replace(/\s+/g, " ").trim();

/** slug → own text, normalised; headings without text of their own map to "". */
function ownTexts(doc: PolicyDocument): Map<string, { heading: Heading; text: string }> {
  const lines = doc.text.split(/\r?\n/);
  return new Map(
    doc.headings.map((h, i) => {
      const end = doc.headings[i + 1]?.line ?? lines.length;
      return [h.slug, { heading: h, text: normalise(lines.slice(h.line + 1, end).join("\n")) }];
    }),
  );
}

const ref = (h: Heading): SectionRef => ({ slug: h.slug, heading: h.text });

export function diffPolicy(old: PolicyDocument, next: PolicyDocument): PolicyDiff {
  const before = ownTexts(old);
  const after = ownTexts(next);
  const changed: SectionRef[] = [];
  const added: SectionRef[] = [];
  for (const [slug, a] of after) {
    const b = before.get(slug);
    if (!b) added.push(ref(a.heading));
    else if (b.text !== a.text) changed.push(ref(a.heading));
  }
  const removed = [...before].filter(([slug]) => !after.has(slug)).map(([, b]) => ref(b.heading));
  return { changed, added, removed };
}

/** What the diff means for a bank whose back-links name `next.file`. */
export function assessPolicyChange(
  old: PolicyDocument,
  next: PolicyDocument,
  skills: readonly CoveringSkill[],
): PolicyImpact {
  const diff = diffPolicy(old, next);
  const prefix = `${next.file}#`;
  const oldSlugs = new Set(old.headings.map((h) => h.slug));
  const newSlugs = new Set(next.headings.map((h) => h.slug));
  const touched = new Set([...diff.changed, ...diff.added].map((s) => s.slug));
  // A link to a section covers its subsections, so a change inside one makes the link's skill stale.
  const staleSlugs = new Set<string>();
  next.headings.forEach((h, i) => {
    if (touched.has(h.slug)) for (const x of coveringHeadings(next.headings, i)) staleSlugs.add(x.slug);
  });
  const stale: StaleSkill[] = [];
  const broken: BrokenLink[] = [];
  for (const s of [...skills].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const mine = s.policy.filter((l) => l.startsWith(prefix));
    const slugOf = (l: string) => l.slice(prefix.length);
    const links = mine.filter((l) => staleSlugs.has(slugOf(l)));
    if (links.length) stale.push({ skill: s.name, links });
    for (const l of mine.filter((x) => !newSlugs.has(slugOf(x))))
      broken.push({ skill: s.name, link: l, removed: oldSlugs.has(slugOf(l)) });
  }
  const uncovered = readClauses(next).filter(
    (c) => touched.has(c.heading.slug) && coveringSkills(c, skills).length === 0,
  );
  return { ...diff, stale, broken, uncovered };
}
