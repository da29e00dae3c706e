// A SKILL.md body cut at its `##` headings: the overview (everything before the first `##`) and one
// section per `##` heading, each running to the next `##` (deeper headings stay inside it). This is
// the unit an agent can load on its own (`load_skill` with `section`) and that fault localisation
// counts (docs/bank.md, "Sections").
import { readHeadings } from "./policy-headings.js";

export interface SkillSection {
  /** The heading's text, as written. */
  title: string;
  /** GitHub's anchor for the heading. */
  slug: string;
  /** The section's text, its heading line included. */
  text: string;
}

export interface SkillSections {
  overview: string;
  sections: SkillSection[];
}

export function splitSections(body: string): SkillSections {
  const lines = body.split(/\r?\n/);
  const heads = readHeadings(body).filter((h) => h.level === 2);
  if (heads.length === 0) return { overview: body, sections: [] };
  const sections = heads.map((h, i) => ({
    title: h.text,
    slug: h.slug,
    text: lines
      .slice(h.line, heads[i + 1]?.line ?? lines.length)
      .join("\n")
      .trimEnd(),
  }));
  return { overview: lines.slice(0, heads[0]!.line).join("\n").trimEnd(), sections };
}

/** The section a request names: by slug, or by title ignoring case and surrounding space. */
export function findSection(sections: readonly SkillSection[], name: string): SkillSection | undefined {
  const wanted = name.trim().toLowerCase();
  return sections.find((s) => s.slug === wanted || s.title.toLowerCase() === wanted);
}
