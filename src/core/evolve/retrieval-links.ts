// Retrieval links (docs/case-format.md "Skill links"): a pool case that no source links (merged before
// links were derived, never diagnosed since) is linked to the skill its diagnosis and task prompt
// retrieve, as FRAMES step 2 implicates skills (BM25, retrieve.ts), but only when one skill clearly
// wins: a wrong link would put an irrelevant case in the targeted layer. Computed in memory when a
// run starts, from the run's P₀ bank, so the same pool and bank give the same links every run.
import type { SkillBank } from "../bank/skill.js";
import type { Case } from "../../records/case.js";
import { buildPoolIndex, type PoolEntry } from "../cases/pool.js";
import type { PoolCases } from "./pool-cases.js";
import { skillIndex, type RetrievalSkill } from "./retrieve.js";

/**
 * The runner-up's score (normalized: the best skill scores 1) must stay below 1 − this for a link.
 * Chosen by measurement (`npm run bench:case-links -- --legacy`): on simulated seeds 6–20's pool
 * cases, 0.7 linked 261 of 292 at precision 1.000, 0.5 linked 269 at 0.978, 0 linked all at 0.959.
 */
export const RETRIEVAL_LINK_MARGIN = 0.7;

/**
 * What retrieval reads of a skill: name, description and body. A pool case was resolved by what the
 * body says, so its words (a rule's terms) point at the skill better than the description alone.
 */
export function linkSkillsOf(bank: SkillBank): RetrievalSkill[] {
  return bank.skills.map((s) => ({
    name: s.name,
    description: `${String(s.frontmatter.description ?? "")} ${s.body}`,
  }));
}

/** The query for a case: its diagnosis and its task prompt. */
export const linkTextOf = (c: Pick<Case, "diagnosis" | "task">): string => `${c.diagnosis} ${c.task.prompt}`;

/** skill names → (query text → the skill it clearly retrieves, or undefined). */
export function retrievalLinker(
  skills: readonly RetrievalSkill[],
  margin = RETRIEVAL_LINK_MARGIN,
): (text: string) => string | undefined {
  const search = skillIndex(skills);
  return (text) => {
    const [best, second] = [...search(text)]
      .map(([skill, score]) => ({ skill, score }))
      .sort((a, b) => b.score - a.score || (a.skill < b.skill ? -1 : 1));
    if (!best || best.score <= 0) return undefined;
    return best.score - (second?.score ?? 0) > margin ? best.skill : undefined;
  };
}

/**
 * Pool entry id → its retrieval link, for entries with no `skills`. `textOf` gives an entry's query
 * text (undefined: nothing to read, no link).
 */
export function retrievalLinks(
  entries: readonly PoolEntry[],
  bank: SkillBank,
  textOf: (e: PoolEntry) => string | undefined,
): Map<string, string> {
  const link = retrievalLinker(linkSkillsOf(bank));
  const out = new Map<string, string>();
  for (const e of entries) {
    if (e.skills.length > 0) continue;
    const text = textOf(e);
    const skill = text === undefined ? undefined : link(text);
    if (skill !== undefined) out.set(e.id, skill);
  }
  return out;
}

/** The case with its retrieval link, when it has one and no other. */
export function withRetrievalLink(c: Case, skill: string | undefined): Case {
  if (skill === undefined || c.skills.length > 0) return c;
  return { ...c, skills: [skill], skillsFrom: { [skill]: ["retrieval"] } };
}

/**
 * The run's pool with retrieval links: the index (anchors, the targeted layer) lists each linked
 * entry under its skill, and the cases it loads carry `skills` and `skillsFrom: retrieval`. An entry's
 * text is its scanned `linkText` (a lazy pool) or its case's (an in-memory pool).
 */
export function linkPoolByRetrieval(pool: PoolCases, bank: SkillBank): PoolCases {
  const links = retrievalLinks(pool.index.entries, bank, (e) => {
    if (e.linkText !== undefined) return e.linkText;
    const c = pool.byId.get(e.id);
    return c ? linkTextOf(c) : undefined;
  });
  if (links.size === 0) return pool;
  const entries = pool.index.entries.map((e) => {
    const skill = links.get(e.id);
    return skill === undefined ? e : { ...e, skills: [skill] };
  });
  const link = (c: Case) => withRetrievalLink(c, links.get(c.id));
  // A lazy pool's cases join byId as they are loaded, through this wrapper as through the pool itself.
  const byId = new Map([...pool.byId].map(([id, c]) => [id, link(c)]));
  return {
    index: buildPoolIndex(entries).index,
    byId,
    load: async (es) => {
      // The pool's own entries: a lazy pool checks each read file against what its scan indexed.
      const cases = (await pool.load(es.map((e) => pool.index.byId.get(e.id) ?? e))).map(link);
      for (const c of cases) byId.set(c.id, c);
      return cases;
    },
    loaded: () => pool.loaded().map(link),
  };
}
