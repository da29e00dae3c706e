// Algorithm 1, line 2: P₀ ← Retrieve(S, ℱ). Every accepted case's diagnosis is a query over the
// bank's skills (only a named scope's skills when the run is restricted to one); retrieve.ts ranks.
import { EvolveInputError } from "./start.js";
import type { EvolveDeps, RunSetup } from "./context.js";
import * as retrieval from "./retrieve.js";

export interface WorkingScope {
  /** P₀'s skill names, best first. */
  scope: string[];
  relevance: retrieval.Relevance[];
}

export async function retrieveScope(setup: RunSetup): Promise<WorkingScope> {
  const { in: inputs, deps } = setup;
  const allowed = inputs.restrictTo ? new Set(inputs.restrictTo.skills) : undefined;
  const skills = inputs.bank.skills
    .filter((s) => !allowed || allowed.has(s.name))
    .map((s) => ({ name: s.name, description: String(s.frontmatter.description ?? "") }));
  const queries = inputs.cases.map((c) => ({ diagnosis: c.diagnosis, skills: c.skills }));
  const { scope, relevance } = retrieval.retrieveScope(
    skills,
    queries,
    inputs.config.topK,
    inputs.embeddings ?? (await embedAll(deps, skills, queries)),
  );
  if (scope.length === 0)
    throw new EvolveInputError(
      "no skill in the bank matches the cases' diagnoses: the working scope is empty",
    );
  return { scope, relevance };
}

/** Vectors for every skill description and every diagnosis, when an embedding function is given. */
async function embedAll(
  deps: EvolveDeps,
  skills: readonly { name: string; description: string }[],
  queries: readonly { diagnosis: string }[],
): Promise<retrieval.Embeddings | undefined> {
  if (!deps.embed) return undefined;
  const vectors = await deps.embed([...skills.map((s) => s.description), ...queries.map((q) => q.diagnosis)]);
  if (vectors.length !== skills.length + queries.length)
    throw new Error(
      `the embedding function returned ${vectors.length} vectors for ${skills.length + queries.length} texts`,
    );
  return {
    skills: new Map(skills.map((s, i) => [s.name, vectors[i]!])),
    queries: vectors.slice(skills.length),
  };
}
