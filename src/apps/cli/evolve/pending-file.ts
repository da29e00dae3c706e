// <out>/pending.json: the measurement a step job stopped at, with everything its shard jobs need to
// evaluate it without the run (core/evolve/fan-out.ts MeasurementSpec): the candidate's files (UTF-8
// text as is, anything else base64), the cases with their input files, the runs and the digest of
// the cache keys. Read back through zod, so a file cut short, edited or written by another version
// is refused with what is wrong rather than evaluated.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { decodeUtf8 } from "../../../core/bank/bank.js";
import type { BankFile } from "../../../core/bank/skill.js";
import type { MeasurementSpec } from "../../../core/evolve/fan-out.js";
import { Case } from "../../../records/case.js";
import { KernelScoring } from "../../../records/kernel-scoring.js";
import { WrittenStrategy } from "../../../records/written-strategy.js";
import { readJsonFile } from "../../../io/fsio/read-json-file.js";

export const PENDING_FILE = "pending.json";

const StoredFile = z.union([
  z.strictObject({ path: z.string().min(1), text: z.string(), executable: z.literal(true).optional() }),
  z.strictObject({ path: z.string().min(1), base64: z.base64(), executable: z.literal(true).optional() }),
]);
type StoredFile = z.infer<typeof StoredFile>;

const SHA256 = z.string().regex(/^[0-9a-f]{64}$/);

/** The measurement a step job stopped at, for its shards. */
export const Pending = z.strictObject({
  runId: z.string().min(1),
  afterIteration: z.number().int().nonnegative(),
  measurement: SHA256,
  shards: z.number().int().min(2),
  candidate: SHA256,
  bank: z.array(StoredFile).min(1),
  skills: z.array(z.string()),
  cases: z.array(Case).min(1),
  caseFiles: z.record(z.string(), z.record(z.string(), z.string())),
  accepted: z.array(z.string()),
  categories: z.array(z.string()),
  n: z.number().int().min(1),
  k: z.number().int().min(1),
  earlyStop: z.boolean(),
  kernelScore: KernelScoring.optional(),
  strategies: z.array(WrittenStrategy).optional(),
  settingsKey: z.string(),
  keys: SHA256,
});
export type Pending = z.infer<typeof Pending>;

/** pending.json is unreadable, not a pending measurement, or not one this job can evaluate. */
export class PendingFileError extends Error {}

function storedFile(f: BankFile): StoredFile {
  const text = decodeUtf8(f.bytes);
  const exec = f.executable ? { executable: true as const } : {};
  return text !== undefined
    ? { path: f.path, text, ...exec }
    : { path: f.path, base64: Buffer.from(f.bytes).toString("base64"), ...exec };
}

function bankFile(f: StoredFile): BankFile {
  const bytes =
    "text" in f ? new TextEncoder().encode(f.text) : new Uint8Array(Buffer.from(f.base64, "base64"));
  return { path: f.path, bytes, ...(f.executable ? { executable: true } : {}) };
}

export function pendingOf(
  spec: MeasurementSpec,
  at: { runId: string; afterIteration: number; measurement: string; shards: number },
): Pending {
  return { ...at, ...spec, bank: spec.bank.map(storedFile) };
}

export function specOf(p: Pending): MeasurementSpec {
  const { runId: _r, afterIteration: _t, measurement: _m, shards: _s, bank, ...rest } = p;
  return { ...rest, bank: bank.map(bankFile) };
}

export async function writePending(out: string, p: Pending): Promise<void> {
  await writeFile(join(out, PENDING_FILE), `${JSON.stringify(p, null, 2)}\n`);
}

export async function readPending(out: string): Promise<Pending | undefined> {
  const path = join(out, PENDING_FILE);
  const read = await readJsonFile(path, Pending);
  if (read.kind === "absent") return undefined;
  if (read.kind === "read") return read.value;
  throw new PendingFileError(
    read.kind === "not JSON"
      ? `${path} is not JSON (${read.problem}); nothing was evaluated`
      : `${path} is not a pending measurement: ${read.problem} (written by another skillops version, or edited?); nothing was evaluated`,
  );
}
