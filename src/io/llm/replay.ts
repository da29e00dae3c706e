// A record/replay Model for tests and reproducible runs. Each request is normalised (kind, role,
// messages, schema as JSON Schema, tools) and hashed; its cassette is `<dir>/<hash>.json`. Replay
// answers only from cassettes and fails loudly, naming the request, on anything unseen; record mode
// answers from a cassette when there is one and otherwise asks the inner model and writes one.
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import {
  isTransient,
  type ChatRequest,
  type ChatResult,
  type Model,
  type StructuredRequest,
  type StructuredResult,
} from "../../core/llm/model.js";

export type ReplayMode = "replay" | "record";

export interface ReplayOptions {
  dir: string;
  mode: ReplayMode;
  /** The model that answers unseen requests in record mode. */
  inner?: Model;
}

export class ReplayMissError extends Error {
  override name = "ReplayMissError";
}

interface Cassette {
  key: string;
  request: unknown;
  response: unknown;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

function schemaJson(schema: z.ZodType): unknown {
  try {
    return z.toJSONSchema(schema);
  } catch {
    return "unrepresentable";
  }
}

export function normalizeRequest(
  kind: "structured" | "chat",
  req: StructuredRequest<unknown> | ChatRequest,
): Record<string, unknown> {
  const base = { kind, role: req.role, messages: req.messages };
  if (kind === "structured") {
    const s = req as StructuredRequest<unknown>;
    return { ...base, schemaName: s.schemaName, schema: schemaJson(s.schema) };
  }
  return { ...base, tools: (req as ChatRequest).tools ?? [] };
}

export function requestKey(normalized: Record<string, unknown>): string {
  return createHash("sha256")
    .update(JSON.stringify(canonical(normalized)))
    .digest("hex");
}

function describeRequest(n: Record<string, unknown>, key: string): string {
  const messages = n.messages as { role: string; content?: string | null }[];
  const last = messages.at(-1);
  const text = (last?.content ?? "").replace(/\s+/g, " ").slice(0, 160);
  const schema = n.schemaName ? ` schema ${String(n.schemaName)}` : "";
  return `${String(n.kind)} request (role ${String(n.role)}${schema}, ${messages.length} messages, last ${last?.role}: "${text}") key ${key.slice(0, 16)}`;
}

/**
 * A failure that says nothing about the request (transient, or a refused budget) is not the model's
 * answer: recording it would replay it forever.
 */
function worthRecording(r: StructuredResult<unknown>): boolean {
  return r.ok || !(isTransient(r.failure) || r.failure.kind === "budget");
}

export function createReplayModel(opts: ReplayOptions): Model {
  if (opts.mode === "record" && !opts.inner)
    throw new Error("record mode needs an inner model to answer unseen requests");

  const answer = async <R>(
    normalized: Record<string, unknown>,
    ask: () => Promise<R>,
    keep: (response: R) => boolean = () => true,
  ): Promise<R> => {
    const key = requestKey(normalized);
    const file = join(opts.dir, `${key}.json`);
    let text: string | undefined;
    try {
      text = await readFile(file, "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
    if (text !== undefined) return (JSON.parse(text) as Cassette).response as R;
    if (opts.mode === "replay") {
      throw new ReplayMissError(
        `replay: no cassette for ${describeRequest(normalized, key)} in ${opts.dir}; run in record mode to create it`,
      );
    }
    const response = await ask();
    if (!keep(response)) return response;
    await mkdir(opts.dir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify({ key, request: normalized, response } satisfies Cassette, null, 2));
    await rename(tmp, file);
    return response;
  };

  return {
    structured: <T>(req: StructuredRequest<T>) =>
      answer(
        normalizeRequest("structured", req as StructuredRequest<unknown>),
        () => opts.inner!.structured(req),
        worthRecording,
      ).then((r) => {
        const result = r as StructuredResult<unknown>;
        // Re-validate replayed values so a stale cassette cannot smuggle a wrong shape in.
        if (!result.ok) return result as StructuredResult<T>;
        const parsed = req.schema.safeParse(result.value);
        if (!parsed.success)
          throw new ReplayMissError(
            `replay: cassette for ${String(req.schemaName)} no longer matches its schema: ${z.prettifyError(parsed.error)}`,
          );
        return { ok: true, value: parsed.data, usage: result.usage } as StructuredResult<T>;
      }),
    chat: (req: ChatRequest) =>
      answer(normalizeRequest("chat", req), () => opts.inner!.chat(req)) as Promise<ChatResult>,
  };
}
