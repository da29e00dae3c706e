// Which skillops Action a workflow on disk really runs, so `init`'s last line can be true: a workflow
// init skipped (changed or deleted since it wrote it) keeps whatever it used before. Pure: the
// workflow's text in, the skillops `uses:` in it that are not the expected one out.
import { parse } from "yaml";

interface Step {
  uses?: unknown;
}

/** Every `uses:` of every step in a workflow's text; none when it is not a workflow YAML reads. */
export function stepUses(text: string): string[] {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch {
    return [];
  }
  const jobs = (doc as { jobs?: Record<string, { steps?: Step[] }> } | null)?.jobs ?? {};
  return Object.values(jobs).flatMap((job) =>
    (Array.isArray(job?.steps) ? job.steps : [])
      .map((s) => s?.uses)
      .filter((u): u is string => typeof u === "string"),
  );
}

/** A `uses:` that names a skillops Action: the vendored folder, `./` at its root, or `*\/skillops@…`. */
export function isSkillopsUses(uses: string, known: readonly string[]): boolean {
  if (known.includes(uses)) return true;
  const name = uses.split("@")[0]!;
  return /(^|\/)skillops$/i.test(name);
}

/**
 * The skillops Actions a workflow runs other than `expected` (each once, in order); `known` adds
 * names that count as skillops's though they do not end in /skillops (an earlier --action-ref).
 */
export function otherSkillopsUses(text: string, expected: string, known: readonly string[] = []): string[] {
  const others = stepUses(text).filter((u) => u !== expected && isSkillopsUses(u, known));
  return [...new Set(others)];
}
