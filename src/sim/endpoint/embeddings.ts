// Deterministic embeddings: a hashed bag of word stems (first six letters, FNV-1a, 64 dimensions), so
// texts that share words are close, as with a real embedding model, and a test can predict a ranking.
import { tokensOf } from "../token-count.js";

export const EMBEDDING_DIMENSIONS = 64;

export function embedText(text: string, dims = EMBEDDING_DIMENSIONS): number[] {
  const v = new Array<number>(dims).fill(0);
  for (const word of text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2)) {
    let h = 2166136261;
    for (const ch of word.slice(0, 6)) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
    v[(h >>> 0) % dims]! += 1;
  }
  return v;
}

export class EmbeddingsInputError extends Error {}

export function answerEmbeddings(body: unknown): Record<string, unknown> {
  const b = body as { model?: unknown; input?: unknown } | null;
  if (!b || typeof b.model !== "string" || b.model === "")
    throw new EmbeddingsInputError("an embeddings request needs a model name");
  const input = b.input;
  const texts = typeof input === "string" ? [input] : Array.isArray(input) ? input : undefined;
  if (!texts || !texts.every((t): t is string => typeof t === "string"))
    throw new EmbeddingsInputError("the embeddings input must be a string or an array of strings");
  const tokens = texts.reduce((n, t) => n + tokensOf(t), 0);
  return {
    object: "list",
    model: b.model,
    data: texts.map((t, index) => ({ object: "embedding", index, embedding: embedText(t) })),
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
}
