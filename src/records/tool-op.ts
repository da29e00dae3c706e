// Typed tool operations (SkillSmith §3; docs/engine.md "Tool co-evolution"). A tool is a script of
// a skill, named by its bank path (`tables/scripts/extract.py`). Each operation is carried out by
// the tool-smith as one bundle of file contents, validated (tool-bundle.ts) before evaluation.
//   patch    the tool's implementation changes, its interface (scriptInterface) does not;
//   retype   its interface changes from `from` to `to`, with every caller updated in the same bundle;
//   extract  a procedure repeated in skills becomes the tool (new or existing); the callers call it;
//   inline   the tool goes back into its callers and is deleted.
import { z } from "zod";

export const TOOL_OP_KINDS = ["patch", "retype", "extract", "inline"] as const;
export type ToolOpKind = (typeof TOOL_OP_KINDS)[number];

/** A script path inside a skill folder: `<skill>/scripts/<file>`. */
export const ToolPath = z
  .string()
  .regex(
    /^(?:[^/]+\/)+scripts\/[^/]+(?:\/[^/]+)*$/,
    "a tool is named by its bank path, <skill>/scripts/<file>",
  );

/** A caller: a skill (its SKILL.md) or another script, by bank path. */
const Caller = z.string().min(1);

export const ToolOp = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("patch"), tool: ToolPath }),
  z.strictObject({
    kind: z.literal("retype"),
    tool: ToolPath,
    /** The argument list before and after (as scriptInterface writes it). */
    from: z.array(z.string()),
    to: z.array(z.string()),
    callers: z.array(Caller),
  }),
  z.strictObject({ kind: z.literal("extract"), tool: ToolPath, callers: z.array(Caller).min(1) }),
  z.strictObject({ kind: z.literal("inline"), tool: ToolPath, callers: z.array(Caller) }),
]);
export type ToolOp = z.infer<typeof ToolOp>;

/** One file of a bundle: its new text, or null to delete it. */
export const BundleFile = z.strictObject({ path: z.string(), content: z.string().nullable() });
export type BundleFile = z.infer<typeof BundleFile>;

/** What the tool-smith returns: the operation it carried out and every file it touched. */
export const ToolBundle = z.strictObject({ op: ToolOp, files: z.array(BundleFile), summary: z.string() });
export type ToolBundle = z.infer<typeof ToolBundle>;

/** The skill folder a tool path belongs to: everything before `/scripts/`. */
export function toolDir(tool: string): string {
  const at = tool.indexOf("/scripts/");
  return at < 0 ? tool : tool.slice(0, at);
}

/** Whether a plan target names a tool rather than a skill. */
export function isToolTarget(target: string): boolean {
  return ToolPath.safeParse(target).success;
}

/** The name callers use for a tool: its file name (`extract.py`). */
export function toolName(tool: string): string {
  return tool.split("/").pop() ?? tool;
}

/**
 * SkillSmith's extraction-benefit rule on one extract (docs/engine.md "Tool co-evolution"), in the
 * SKILL.md estimate's tokens: per SKILL.md caller, ℓ (removed), ℓ_δ (added) and saved = ℓ − ℓ_δ − ℓ_d/k.
 */
export const ExtractionBenefit = z.strictObject({
  /** ℓ_d: tokens of the tool's interface description. */
  description: z.number().nonnegative(),
  /** k: the SKILL.md callers that share it. */
  k: z.number().int().nonnegative(),
  callers: z.array(
    z.strictObject({
      file: z.string(),
      removed: z.number().nonnegative(),
      added: z.number().nonnegative(),
      saved: z.number(),
    }),
  ),
  /** Whether the rule held for every caller (the extract was kept). */
  kept: z.boolean(),
});
export type ExtractionBenefit = z.infer<typeof ExtractionBenefit>;

/** What became of one tool operation of the plan (the run record's iterations[].toolOps). */
export const ToolOpRecord = z.strictObject({
  tool: z.string(),
  /** The operation the bundle carried out; absent when the tool-smith gave none. */
  kind: z.enum(TOOL_OP_KINDS).optional(),
  status: z.enum(["applied", "unchanged", "dropped"]),
  /** Plain-language summary from the tool-smith (shown in the PR). */
  summary: z.string().optional(),
  /** Why the bundle was dropped: out of scope, a caller left behind, a script that does not parse, a failing test. */
  reason: z.string().optional(),
  /** Bank paths the applied bundle changed. */
  files: z.array(z.string()).default([]),
  /** Checks that could not run (no script checker, no test runner), so a reader knows what was not verified. */
  skipped: z.array(z.string()).optional(),
  /** The extraction-benefit rule's figures, when `evolve.extractionRule` is on and the op is an extract. */
  benefit: ExtractionBenefit.optional(),
});
export type ToolOpRecord = z.infer<typeof ToolOpRecord>;
