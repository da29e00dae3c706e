// One nogood file's text checked (docs/nogoods.md, "In git"): JSON, the schema, and an id that
// matches its edits and its file name. Shared by the CLI's store and the dashboard's count.
import { makeNogood } from "./nogood.js";
import { Nogood } from "../../records/nogood.js";

export class NogoodFileError extends Error {}

/** A nogood is a few kilobytes; over this its text is refused before it is parsed. */
export const MAX_NOGOOD_CHARS = 1024 * 1024;

/** The nogood in `text` (the file `name` at `path`), or a NogoodFileError saying what is wrong. */
export function checkNogoodFile(path: string, name: string, text: string): Nogood {
  if (text.length > MAX_NOGOOD_CHARS)
    throw new NogoodFileError(
      `nogood ${path}: ${text.length} characters, over the ${MAX_NOGOOD_CHARS}-character cap; it was not parsed`,
    );
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new NogoodFileError(`nogood ${path}: not JSON (${(e as Error).message})`);
  }
  const parsed = Nogood.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new NogoodFileError(`nogood ${path}: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
  }
  const expected = makeNogood(parsed.data).id;
  if (parsed.data.id !== expected || name !== `${expected}.json`)
    throw new NogoodFileError(
      `nogood ${path}: its id does not match its edits (expected ${expected}.json); do not edit nogood files by hand, delete them instead`,
    );
  return parsed.data;
}
