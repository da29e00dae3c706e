// The shape of a nogood (SkillSmith §3): section edits that, applied together to these exact skill
// versions, were refused. How one is made and matched: core/evolve/nogoods/nogood.ts; docs/nogoods.md.
import { z } from "zod";
import { NogoodRemedy } from "./nogood-remedy.js";

export const NOGOOD_VERSION = 1 as const;

export const NogoodEdit = z.strictObject({
  skill: z.string().min(1),
  /** Section key (skill-sections.ts): a heading slug, `(frontmatter)` or `(preamble)`. */
  section: z.string().min(1),
  /** The skill's content hash (skill-version.ts) the edit was made against. */
  skillVersion: z.string().regex(/^[0-9a-f]{64}$/),
  /** sha256 of the normalised removed and added lines. */
  change: z.string().regex(/^[0-9a-f]{64}$/),
  /** Normalised lines, at most 12 each, for people and diagnosers. */
  removed: z.array(z.string()),
  added: z.array(z.string()),
});

export type NogoodEdit = z.infer<typeof NogoodEdit>;

export const NogoodOrigin = z.enum(["gate", "rollback", "closed-pr"]);

export type NogoodOrigin = z.infer<typeof NogoodOrigin>;

export const NogoodEvidence = z.strictObject({
  /** Cases the parent passed and the refused child did not. */
  cases: z.array(z.strictObject({ id: z.string(), category: z.string() })),
  /** Categories below their floor. */
  categories: z.array(z.string()),
  /** The gate's refusal lines, or who rolled back / closed what. */
  reasons: z.array(z.string()),
});

export type NogoodEvidence = z.infer<typeof NogoodEvidence>;

export const Nogood = z.strictObject({
  version: z.literal(NOGOOD_VERSION),
  /** sha256 of the edits' identities (skill, section, skill version, change), sorted. */
  id: z.string().regex(/^[0-9a-f]{64}$/),
  edits: z.array(NogoodEdit).min(1),
  /** False when ddmin ran out of budget: a failing set, perhaps not the smallest. */
  minimal: z.boolean(),
  evidence: NogoodEvidence,
  runId: z.string(),
  origin: NogoodOrigin,
  /** The refused (or rolled-back) candidate's hash. */
  candidate: z.string().optional(),
  /** What to do instead, and the skills beyond the edited ones it applies to; absent in older nogoods. */
  remedy: NogoodRemedy.optional(),
  createdAt: z.string(),
});

export type Nogood = z.infer<typeof Nogood>;

/** Fields a caller supplies; the id and version are computed. */
export type NogoodInit = Omit<Nogood, "id" | "version">;
