// The hidden marker on every frontier PR body: how the app recognises its own PRs and what each
// was built from (run, candidate, base, operating point, the feedback issues it fixes, its scope).
import { z } from "zod";
import { OperatingPoint } from "./operating-point.js";
import { readMarker, renderMarker } from "./markers.js";

export const PrMarker = z.object({
  v: z.literal(1),
  run: z.string().min(1),
  candidate: z.string().min(1),
  base: z.string().min(1),
  op: OperatingPoint,
  /** Feedback issues of the cases this candidate fixes: shipped on merge, reopened on rollback. */
  fixed: z.array(z.number().int().positive()).default([]),
  /** The working scope whose job opened it; jobs of other scopes leave it alone. */
  scope: z.string().optional(),
});
export type PrMarker = z.infer<typeof PrMarker>;

export const PR_MARKER = "pr";

export function renderPrMarker(marker: z.input<typeof PrMarker>): string {
  return renderMarker(PR_MARKER, PrMarker.parse(marker));
}

/** The marker of a body, or undefined when absent or malformed (a human edited it away). */
export function parsePrMarker(body: string | null | undefined): PrMarker | undefined {
  const m = readMarker(body, PR_MARKER);
  if (!m) return undefined;
  const parsed = PrMarker.safeParse(m.data);
  return parsed.success ? parsed.data : undefined;
}
