// The checkpoint as an append-only log (the CLI's `<out>/checkpoint.jsonl`): the first line is a
// whole snapshot; every later line carries only what changed since — new iterations, new nogoods,
// members not written before (by content) — and the small rest of the loop state. Resume folds the
// lines back into one Checkpoint, so what is written per iteration does not grow with the iteration
// count. Whenever the earlier part would change (the baseline, an iteration already written), the
// encoder says so and the caller writes a fresh snapshot instead.
import { z } from "zod";
import { canonicalJson } from "../../vocabulary/canonical-json.js";
import { sha256Hex } from "../../vocabulary/sha256.js";
import { type Checkpoint, type MemberState, parseCheckpoint } from "./checkpoint.js";

const LogLine = z.strictObject({
  /** Version, inputs, config and the baseline's results: the first line only. */
  base: z.record(z.string(), z.unknown()).optional(),
  /** Members by a hash of their content, written the first time they appear. */
  members: z.record(z.string(), z.unknown()).optional(),
  iterations: z.array(z.unknown()).optional(),
  nogoodsCreated: z.array(z.unknown()).optional(),
  /** The rest of the loop state, with frontier and archive as member hashes. */
  state: z.record(z.string(), z.unknown()),
});
type LogLine = z.infer<typeof LogLine>;

export interface CheckpointLog {
  /** The line to append for this checkpoint, or a whole snapshot (`rewrite`) when one is needed. */
  encode(cp: Checkpoint): { rewrite: boolean; text: string };
}

const memberRef = (json: string) => sha256Hex(json).slice(0, 16);

/**
 * What was written, as sha256 digests of its JSON rather than the JSON itself: the log lives as long
 * as the run, and holding every iteration's and the baseline's text would grow the heap with them.
 */
interface Written {
  base: string;
  iterations: string[];
  nogoods: string[];
  members: Set<string>;
}

const digestOf = (value: unknown) => sha256Hex(JSON.stringify(value));

/** Whether `items` starts with exactly what was written (as JSON), so only the tail is new. */
function startsWithWritten(items: readonly unknown[], written: readonly string[]): boolean {
  return items.length >= written.length && written.every((w, i) => digestOf(items[i]) === w);
}

function splitState(cp: Checkpoint) {
  const { frontier, archive, iterations, baselineResults, nogoods, ...rest } = cp.state;
  const members: Record<string, MemberState> = {};
  const refs = (list: readonly MemberState[]) =>
    list.map((m) => {
      const ref = memberRef(canonicalJson(m));
      members[ref] = m;
      return ref;
    });
  const state: Record<string, unknown> = {
    ...rest,
    frontier: refs(frontier),
    ...(archive ? { archive: refs(archive) } : {}),
    ...(nogoods ? { nogoods: { ...nogoods, created: [] } } : {}),
  };
  return { members, state, iterations, baselineResults, created: nogoods?.created ?? [] };
}

export function createCheckpointLog(): CheckpointLog {
  let written: Written | undefined;
  return {
    encode(cp) {
      const base = JSON.stringify({ version: cp.version, inputs: cp.inputs, config: cp.config });
      const parts = splitState(cp);
      const baseDigest = sha256Hex(`${base}${JSON.stringify(parts.baselineResults)}`);
      const appendable =
        written &&
        written.base === baseDigest &&
        startsWithWritten(parts.iterations, written.iterations) &&
        startsWithWritten(parts.created, written.nogoods);
      if (!appendable) {
        const all = parts;
        written = {
          base: baseDigest,
          iterations: all.iterations.map(digestOf),
          nogoods: all.created.map(digestOf),
          members: new Set(Object.keys(all.members)),
        };
        const line: LogLine = {
          base: { ...(JSON.parse(base) as object), baselineResults: all.baselineResults },
          members: all.members,
          iterations: all.iterations,
          nogoodsCreated: all.created,
          state: all.state,
        };
        return { rewrite: true, text: `${JSON.stringify(line)}\n` };
      }
      const newIterations = parts.iterations.slice(written!.iterations.length);
      const newNogoods = parts.created.slice(written!.nogoods.length);
      written!.iterations.push(...newIterations.map(digestOf));
      written!.nogoods.push(...newNogoods.map(digestOf));
      const fresh = Object.entries(parts.members).filter(([ref]) => !written!.members.has(ref));
      for (const [ref] of fresh) written!.members.add(ref);
      const line: LogLine = {
        ...(fresh.length ? { members: Object.fromEntries(fresh) } : {}),
        ...(newIterations.length ? { iterations: newIterations } : {}),
        ...(newNogoods.length ? { nogoodsCreated: newNogoods } : {}),
        state: parts.state,
      };
      return { rewrite: false, text: `${JSON.stringify(line)}\n` };
    },
  };
}

export class CheckpointLogError extends Error {}

/**
 * Folds the log's lines into the checkpoint they describe. A last line without its newline is what a
 * kill during an append leaves: it is left out, and the checkpoint is the one before it.
 */
export function foldCheckpointLog(text: string): Checkpoint {
  const lines = text.split("\n");
  lines.pop(); // "" after a complete last line, or the torn part of an interrupted append
  if (lines.length === 0) throw new CheckpointLogError("no complete line");
  const members = new Map<string, unknown>();
  const iterations: unknown[] = [];
  const created: unknown[] = [];
  let base: Record<string, unknown> | undefined;
  let state: Record<string, unknown> = {};
  lines.forEach((raw, i) => {
    const line = parseLine(raw, i + 1);
    if (i === 0 && !line.base) throw new CheckpointLogError("line 1 is not a snapshot");
    base = line.base ?? base;
    for (const [ref, m] of Object.entries(line.members ?? {})) members.set(ref, m);
    iterations.push(...(line.iterations ?? []));
    created.push(...(line.nogoodsCreated ?? []));
    state = line.state;
  });
  const resolve = (refs: unknown) =>
    (refs as string[]).map((ref) => {
      if (!members.has(ref)) throw new CheckpointLogError(`member ${ref} is never written`);
      return members.get(ref);
    });
  const { baselineResults, ...head } = base!;
  const nogoods = state["nogoods"] as Record<string, unknown> | undefined;
  return parseCheckpoint({
    ...head,
    state: {
      ...state,
      baselineResults,
      iterations,
      frontier: resolve(state["frontier"]),
      ...(state["archive"] ? { archive: resolve(state["archive"]) } : {}),
      ...(nogoods ? { nogoods: { ...nogoods, created } } : {}),
    },
  });
}

function parseLine(raw: string, n: number): LogLine {
  try {
    return LogLine.parse(JSON.parse(raw));
  } catch (e) {
    throw new CheckpointLogError(`line ${n}: ${(e as Error).message.split("\n")[0]}`);
  }
}
