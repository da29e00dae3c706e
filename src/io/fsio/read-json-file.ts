// A JSON file another job wrote (pending.json, continuation.json): absent, or read and checked
// against its zod schema, or refused with what is wrong — torn JSON, or the first field that does not
// fit. Callers word the refusal for their file and decide what it stops.
import { readFile } from "node:fs/promises";
import type { z } from "zod";

export type JsonFileRead<T> =
  | { kind: "absent" }
  | { kind: "read"; value: T }
  | { kind: "not JSON"; problem: string }
  | { kind: "off schema"; problem: string };

export async function readJsonFile<S extends z.ZodType>(
  path: string,
  schema: S,
): Promise<JsonFileRead<z.infer<S>>> {
  const text = await readFile(path, "utf8").catch(() => undefined);
  if (text === undefined) return { kind: "absent" };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { kind: "not JSON", problem: (e as Error).message };
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { kind: "read", value: parsed.data };
  const first = parsed.error.issues[0]!;
  return { kind: "off schema", problem: `${first.path.join(".") || "(top level)"}: ${first.message}` };
}
