// Retrieve the working scope P₀ (FRAMES §3.3): every case's diagnosis is a query against the skill
// descriptions, scored with BM25 (minisearch's BM25+); scores are max-normalized per query so each
// case weighs the same, summed over all cases, and the top-k skills form the scope, frozen for the
// run. With embeddings (hybrid semantic–lexical), each query's score is the mean of its normalized
// BM25 score and its cosine similarity. A case that names its skills adds 1 to each of them: the
// person who filed it pointed at them.
import MiniSearch from "minisearch";

export interface RetrievalSkill {
  name: string;
  description: string;
}

export interface RetrievalQuery {
  diagnosis: string;
  skills?: readonly string[];
}

export interface Embeddings {
  /** skill name → vector of its description. */
  skills: ReadonlyMap<string, readonly number[]>;
  /** One vector per query, in query order. */
  queries: readonly (readonly number[])[];
}

export interface Relevance {
  skill: string;
  score: number;
}

const STOP = new Set(
  "a an and are as at be by for from has have in is it its of on or that the this to was were when which with not no do does did should would".split(
    " ",
  ),
);

export function rankSkills(
  skills: readonly RetrievalSkill[],
  queries: readonly RetrievalQuery[],
  embeddings?: Embeddings,
): Relevance[] {
  const lexicalOf = skillIndex(skills);
  const names = new Set(skills.map((s) => s.name));
  const total = new Map<string, number>(skills.map((s) => [s.name, 0]));
  queries.forEach((q, qi) => {
    const lexical = lexicalOf(q.diagnosis);
    const qv = embeddings?.queries[qi];
    for (const s of skills) {
      let score = lexical.get(s.name) ?? 0;
      const sv = embeddings?.skills.get(s.name);
      if (qv && sv) score = (score + Math.max(0, cosine(qv, sv))) / 2;
      total.set(s.name, (total.get(s.name) ?? 0) + score);
    }
    for (const named of new Set(q.skills ?? []))
      if (names.has(named)) total.set(named, (total.get(named) ?? 0) + 1);
  });
  return [...total]
    .map(([skill, score]) => ({ skill, score }))
    .sort((a, b) => b.score - a.score || (a.skill < b.skill ? -1 : a.skill > b.skill ? 1 : 0));
}

/**
 * The skills indexed once (BM25 over name and description), queried many times: each query's hits
 * as skill → score normalized by the query's best hit, so the best skill scores 1.
 */
export function skillIndex(skills: readonly RetrievalSkill[]): (query: string) => Map<string, number> {
  const index = new MiniSearch<{ id: string; text: string }>({
    fields: ["text"],
    processTerm: (term) => {
      const t = term.toLowerCase();
      return STOP.has(t) || t.length < 2 ? null : stem(t);
    },
  });
  index.addAll(skills.map((s) => ({ id: s.name, text: `${s.name.replace(/-/g, " ")} ${s.description}` })));
  return (query) => {
    const hits = index.search(query, { combineWith: "OR" });
    const max = Math.max(0, ...hits.map((h) => h.score));
    return new Map<string, number>(hits.map((h) => [String(h.id), max > 0 ? h.score / max : 0]));
  };
}

/** The top-k skills with a positive score; an empty scope means nothing in the bank matches. */
export function retrieveScope(
  skills: readonly RetrievalSkill[],
  queries: readonly RetrievalQuery[],
  topK: number,
  embeddings?: Embeddings,
): { scope: string[]; relevance: Relevance[] } {
  const relevance = rankSkills(skills, queries, embeddings);
  const scope = relevance
    .filter((r) => r.score > 0)
    .slice(0, topK)
    .map((r) => r.skill);
  return { scope, relevance };
}

/** A light suffix stripper, so "refund" matches "refunds" and "cancelled" matches "cancel". */
export function stem(word: string): string {
  for (const suffix of ["ations", "ation", "ing", "led", "ed", "es", "s"]) {
    if (word.length - suffix.length >= 4 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}
