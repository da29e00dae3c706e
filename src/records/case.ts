// A structured, scorable test case f = (m, t): the failure record (diagnosis) plus a task with a
// rubric. Documented in docs/case-format.md.
import { z } from "zod";
import { patternProblem } from "./safe-pattern.js";

/** Where in the agent's output a rubric item looks: a JSONPath; absent means the whole output as text. */
const OutputPath = z.string().min(1).optional();

export const RubricItem = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("equals"), path: z.string().min(1), value: z.unknown() }),
  z.strictObject({
    type: z.literal("contains"),
    value: z.string().min(1),
    path: OutputPath,
    ignoreCase: z.boolean().optional(),
  }),
  z.strictObject({
    type: z.literal("not-contains"),
    value: z.string().min(1),
    path: OutputPath,
    ignoreCase: z.boolean().optional(),
  }),
  z.strictObject({
    type: z.literal("regex"),
    pattern: z.string().min(1),
    flags: z
      .string()
      .regex(/^[imsu]*$/)
      .optional(),
    path: OutputPath,
  }),
  z.strictObject({
    type: z.literal("number"),
    path: OutputPath,
    value: z.number(),
    /** Absolute tolerance; `relative` switches it to a fraction of `value`. */
    tolerance: z.number().nonnegative().default(0),
    relative: z.boolean().optional(),
  }),
  z.strictObject({ type: z.literal("set"), path: z.string().min(1), values: z.array(z.unknown()) }),
  z.strictObject({ type: z.literal("judge"), criterion: z.string().min(1) }),
  z.strictObject({
    type: z.literal("command"),
    /** Argument array, spawned without a shell; the output arrives on stdin as JSON. */
    run: z.array(z.string().min(1)).min(1),
    timeoutMs: z.number().int().positive().optional(),
  }),
  z.strictObject({
    type: z.literal("kernel"),
    /** Minimum reward (correctness × reference time / kernel time) to pass; 1 = as fast as the reference. See docs/kernel.md. */
    threshold: z.number().nonnegative().default(1),
    path: OutputPath,
  }),
]);
export type RubricItem = z.infer<typeof RubricItem>;
export type RubricType = RubricItem["type"];

export const CaseFile = z.strictObject({
  /** Relative to the case's own folder (`<category>/<id>/`); must not escape it. */
  path: z.string().min(1),
  /** Inline content; when absent the file is read from the case's folder `<category>/<id>/` in the pool. */
  content: z.string().optional(),
});
export type CaseFile = z.infer<typeof CaseFile>;

export const Task = z
  .strictObject({
    prompt: z.string().min(1),
    files: z.array(CaseFile).default([]),
    rubric: z.array(RubricItem).min(1),
  })
  .superRefine((task, ctx) => {
    // A pattern the linear-time engine cannot run is refused here, where the case enters, not at scoring.
    task.rubric.forEach((item, i) => {
      if (item.type !== "regex") return;
      const problem = patternProblem(item.pattern, item.flags);
      if (problem)
        ctx.addIssue({
          code: "custom",
          path: ["rubric", i, "pattern"],
          message: `rubric item ${i + 1}: ${problem}`,
        });
    });
  });
export type Task = z.infer<typeof Task>;

export const Provenance = z.strictObject({
  /** backlog: `ingest --backlog` (docs/backlog.md); trace: `ingest --traces` (docs/trajectory-channel.md). */
  channel: z.enum(["issue", "policy", "manual", "sim", "import", "backlog", "trace"]),
  issue: z.number().int().positive().optional(),
  url: z.string().optional(),
  author: z.string().optional(),
  acceptedBy: z.string().optional(),
  /** ISO-8601 timestamp, kept as a string (YAML 1.2, no Date objects). */
  created: z.string().min(1),
  /** Licence notice for cases derived from third-party data. */
  license: z.string().optional(),
  /** The policy clause a `policy`-channel case was drafted from: `FILE#heading-slug`. */
  policy: z.string().min(1).optional(),
  /** true: written by a channel and not accepted by a maintainer yet (docs/case-format.md, "Drafts"). */
  draft: z.boolean().optional(),
  /** true: written by the simulated model endpoint, not by a language model. */
  simulated: z.boolean().optional(),
  /**
   * The kinds of secret replaced by `[redacted: <kind>]` in the text this case was drafted from (a
   * trace, a feedback issue): docs/security.md "Secrets in untrusted text".
   */
  redacted: z.array(z.string().min(1)).min(1).optional(),
});
export type Provenance = z.infer<typeof Provenance>;

export const Resolution = z.strictObject({
  candidate: z.string().min(8),
  run: z.string().min(1),
  pullRequest: z.number().int().positive().optional(),
});
export type Resolution = z.infer<typeof Resolution>;

/**
 * Where a case–skill link came from (docs/case-format.md, "Skill links"): the issue form's Skill
 * field, the diagnosers' targets for the case's batch, the skills its runs loaded, the skills the
 * merged member changed to resolve it, or (in memory only, for a pool case with no other link) the
 * skill its diagnosis and prompt retrieve.
 */
export const SkillLinkSource = z.enum(["form", "diagnosis", "trace", "resolution", "retrieval"]);
export type SkillLinkSource = z.infer<typeof SkillLinkSource>;

export const CASE_ID = /^[a-z0-9][a-z0-9._-]{0,127}$/;

export const Case = z.strictObject({
  id: z.string().regex(CASE_ID, { error: "ids are 1-128 of a-z 0-9 . _ - and start with a letter or digit" }),
  category: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/),
  /** The natural-language failure record m: what went wrong and what should have happened. */
  diagnosis: z.string().min(1),
  task: Task,
  /** Names of the skills this case exercises (used for targeted sampling and anchors). */
  skills: z.array(z.string()).default([]),
  /** Skill → the sources of its link; absent on cases written before links were derived (read as `form`). */
  skillsFrom: z.record(z.string(), z.array(SkillLinkSource).min(1)).optional(),
  provenance: Provenance,
  resolved: Resolution.optional(),
});
export type Case = z.infer<typeof Case>;
