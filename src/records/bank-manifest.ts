// `skill-bank/bank.yml`: which skill bank is deployed, at which operating point, from which run,
// with its measured metrics (docs/architecture.md "Files and formats"). A frontier PR's commit writes
// it, so merging the PR deploys the member and reverting the merge restores the previous file —
// which is how the app confirms a rollback without keeping state.
import { stringify } from "yaml";
import { z } from "zod";
import { parseBoundedYaml, type YamlCaps } from "../vocabulary/bounded-yaml.js";
import { OperatingPoint } from "./operating-point.js";
import { PassRates } from "./rate-with-interval.js";
import type { MemberMetrics } from "./run-record.js";
import { Tokens } from "./tokens.js";

/** The manifest's path at the bank root. */
export const BANK_MANIFEST = "bank.yml";

export const ManifestMetrics = z.object({
  ...PassRates.shape,
  /** Mean tokens per case; `estimated` when early stop left runs unrun (docs/engine.md "Cost under early stop"). */
  // Not strict: a field bank.yml does not know is dropped, not refused.
  cost: z.object({ ...Tokens.shape, estimated: z.boolean().optional() }),
});
export type ManifestMetrics = z.infer<typeof ManifestMetrics>;

/**
 * A frontier member's metrics as bank.yml keeps them: the same rates and tokens, its cost estimate
 * (an interval in the run record) reduced to `estimated`.
 */
export function manifestMetricsOf(m: MemberMetrics): ManifestMetrics {
  const cost = { ...m.cost, ...(m.costEstimate ? { estimated: true } : {}) };
  return { total: m.total, perCategory: m.perCategory, cost };
}

export const BankManifest = z.object({
  /** `baseline` until a frontier PR has been merged. */
  operatingPoint: z.enum(["baseline", ...OperatingPoint.options]),
  candidate: z.string().nullable(),
  run: z.string().nullable(),
  /** Left null by frontier commits: the PR number is not known when the commit is made. */
  pullRequest: z.number().int().positive().nullable().default(null),
  simulated: z.boolean().default(false),
  metrics: ManifestMetrics.nullable(),
  /**
   * The skills the agent sees (docs/bank.md "Exposure"); absent = every skill. Part of the
   * candidate: the candidate hash covers it (hash.ts).
   */
  exposure: z.array(z.string()).optional(),
});
export type BankManifest = z.infer<typeof BankManifest>;

/** The manifest of a bank nothing has deployed yet (a fresh scaffold, or a bank.yml written on demand). */
export const BASELINE_MANIFEST: BankManifest = {
  operatingPoint: "baseline",
  candidate: null,
  run: null,
  pullRequest: null,
  simulated: false,
  metrics: null,
};

const HEADER = [
  "# The deployed skill bank (written by skillops; see docs/pull-requests.md).",
  "# Merging a frontier PR changes this file; reverting that merge restores the previous one.",
];

export function renderBankManifest(m: BankManifest): string {
  return `${HEADER.join("\n")}\n${stringify(BankManifest.parse(m), { lineWidth: 0 })}`;
}

/**
 * bank.yml is written by skillops, but it travels in pull requests anyone may open: read within
 * these caps (its exposure list names at most every skill of a large bank).
 */
export const BANK_MANIFEST_CAPS: YamlCaps = {
  what: "bank.yml",
  maxChars: 128 * 1024,
  maxLines: 2_000,
  maxNodes: 2_000,
  maxDepth: 16,
  maxAliases: 100,
};

/** bank.yml's YAML as data, or why it cannot be read (with the line). */
export function readBankManifestYaml(text: string): { ok: true; data: unknown } | { ok: false; why: string } {
  const read = parseBoundedYaml(text, BANK_MANIFEST_CAPS);
  if (read.ok) return { ok: true, data: read.data };
  const p = read.problems[0]!;
  return { ok: false, why: `line ${p.line}: ${p.message}` };
}

/** Parses bank.yml; a specific error names the file and the field at fault. */
export function parseBankManifest(text: string, file = "skill-bank/bank.yml"): BankManifest {
  const read = readBankManifestYaml(text);
  if (!read.ok) throw new Error(`${file}: not valid YAML (${read.why})`);
  const raw = read.data;
  const result = BankManifest.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`${file}: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
  }
  return result.data;
}
