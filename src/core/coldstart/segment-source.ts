// What one segment points back to: each heading the segmenter named, found by its exact text in the
// document; the policy text under those headings (what the skill writer reads); and the
// `FILE#slug` back-links, slugs computed from the document, never taken from the model.
import { sectionLines, type Heading } from "../bank/policy-headings.js";
import { PolicyInputError, SEGMENT_CHAR_CAP, type PolicyDocument } from "./policy-document.js";

export interface SegmentSource {
  headings: Heading[];
  text: string;
  backLinks: string[];
}

export function locateSegment(doc: PolicyDocument, title: string, names: readonly string[]): SegmentSource {
  const headings: Heading[] = [];
  for (const name of names) {
    const h = doc.headings.find((x) => x.text === name.trim());
    if (!h)
      throw new PolicyInputError(
        `${doc.file}: the segmenter's segment "${title}" names the heading "${name}", which the file does not have`,
      );
    if (!headings.includes(h)) headings.push(h);
  }
  const lines = doc.text.split(/\r?\n/);
  const keep = new Set<number>();
  const outer: Heading[] = [];
  for (const h of headings) {
    const [start, end] = sectionLines(doc.headings, h, lines.length);
    if (!keep.has(start)) outer.push(h);
    for (let i = start; i < end; i++) keep.add(i);
  }
  const text = [...keep]
    .sort((a, b) => a - b)
    .map((i) => lines[i])
    .join("\n");
  if (text.length > SEGMENT_CHAR_CAP)
    throw new PolicyInputError(
      `${doc.file}: segment "${title}" spans ${text.length} characters of policy; the skill writer takes at most ${SEGMENT_CHAR_CAP} (split the section)`,
    );
  return {
    headings,
    text,
    // A subsection inside another named section is covered by that section's link.
    backLinks: outer
      .filter((h) => !isInside(doc, h, outer, lines.length))
      .map((h) => `${doc.file}#${h.slug}`),
  };
}

function isInside(doc: PolicyDocument, h: Heading, others: readonly Heading[], lineCount: number): boolean {
  return others.some((o) => {
    const [start, end] = sectionLines(doc.headings, o, lineCount);
    return o !== h && start < h.line && h.line < end;
  });
}
