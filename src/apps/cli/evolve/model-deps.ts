// What an evolution run asks its model besides the agent: the roles, the judge, embeddings and the
// auditor when configured. A real run's model and a simulated world's endpoint are asked alike.
import { createModelRoles, modelAuditor } from "../../../core/evolve/model-roles.js";
import type { OpenAIModel } from "../../../io/llm/openai.js";
import type { RunConfig } from "../../../records/run-record.js";

/** `embed`: whether retrieval asks the model for embeddings (an embedding model is configured). */
export function modelDeps(m: OpenAIModel, run: RunConfig, embed: boolean) {
  return {
    roles: createModelRoles(m),
    // Rubric items are scored as `skillops eval` scores them: the judge is the same model in the
    // role `judge` (models.roles.judge), on the run's ledger.
    judge: m,
    ledger: m.ledger,
    // Hybrid retrieval (BM25 fused with embedding similarity) when an embedding model is configured.
    ...(embed ? { embed: (texts: readonly string[]) => m.embed(texts) } : {}),
    // The model-backed auditor (config audit.model.enabled).
    ...(run.auditModel ? { auditor: modelAuditor(m) } : {}),
  };
}
