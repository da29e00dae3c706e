// <out>/pending.json: the measurement a step job stopped at, with everything its shard jobs need to
// evaluate it without the run (core/evolve/fan-out.ts MeasurementSpec): the candidate's files (UTF-8
// text as is, anything else base64), the cases with their input files, the runs and the digest of
// the cache keys. A shard job runs what the file says (a case's `command` rubric items included), so
// it is checked before anything is used: its size against PENDING_MAX_BYTES before a byte is read,
// then zod, then `digest`, the sha256 of everything else in the file — every case's prompt, files and
// rubric, the bank, the settings — so a file cut short, edited or written by another version is
// refused with what is wrong rather than evaluated. The digest proves the file is the one the step
// job wrote only as far as the artifact store is trusted (docs/security.md "Files from outside").
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { decodeUtf8 } from "../../../core/bank/bank.js";
import type { BankFile } from "../../../core/bank/skill.js";
import type { MeasurementSpec } from "../../../core/evolve/fan-out.js";
import { Case } from "../../../records/case.js";
import { KernelScoring } from "../../../records/kernel-scoring.js";
import { WrittenStrategy } from "../../../records/written-strategy.js";
import { canonicalJson } from "../../../vocabulary/canonical-json.js";
import { sha256Hex } from "../../../vocabulary/sha256.js";
import { formatBytes, readJsonFile } from "../../../io/fsio/read-json-file.js";

export const PENDING_FILE = "pending.json";
/** Over this, pending.json is refused unread: far above a measurement's bank and cases (1 MB per case at most). */
export const PENDING_MAX_BYTES = 64 * 1024 * 1024;

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
  /** sha256 of the canonical JSON of every other field as written (pendingDigest). */
  digest: SHA256,
});
export type Pending = z.infer<typeof Pending>;

/** The digest of a pending file's content: every field but `digest`, as JSON (undefined members dropped). */
export function pendingDigest(p: object): string {
  const { digest: _d, ...rest } = p as { digest?: unknown };
  return sha256Hex(canonicalJson(rest));
}

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
  const content = { ...at, ...spec, bank: spec.bank.map(storedFile) };
  return { ...content, digest: pendingDigest(content) };
}

export function specOf(p: Pending): MeasurementSpec {
  const { runId: _r, afterIteration: _t, measurement: _m, shards: _s, digest: _d, bank, ...rest } = p;
  return { ...rest, bank: bank.map(bankFile) };
}

export async function writePending(out: string, p: Pending): Promise<void> {
  await writeFile(join(out, PENDING_FILE), `${JSON.stringify(p, null, 2)}\n`);
}

export async function readPending(out: string): Promise<Pending | undefined> {
  const path = join(out, PENDING_FILE);
  const read = await readJsonFile(path, Pending, PENDING_MAX_BYTES);
  if (read.kind === "absent") return undefined;
  if (read.kind === "read") {
    // Over the file as written, not the schema's output: a default zod fills in is not in the digest.
    if (pendingDigest(read.raw as object) === read.value.digest) return read.value;
    throw new PendingFileError(
      `${path}: its content does not hash to the digest it names (a case's prompt, files or rubric, the bank or the settings were changed after the step job wrote it); nothing was evaluated`,
    );
  }
  throw new PendingFileError(
    read.kind === "too large"
      ? `${path} is ${formatBytes(read.size)}, over the ${formatBytes(read.cap)} cap for a pending measurement; it was not read and nothing was evaluated`
      : read.kind === "not JSON"
        ? `${path} is not JSON (${read.problem}); nothing was evaluated`
        : `${path} is not a pending measurement: ${read.problem} (written by another skillops version, or edited?); nothing was evaluated`,
  );
}
