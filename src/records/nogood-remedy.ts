// What a nogood says to do instead (SkillSmith: a refused edit is remembered with its remedy, not only
// its veto), and the skills its lesson reaches beyond the ones it edited: those holding a copy of an
// edited section (a shared site), where the same edit would fail the same way. core/evolve/nogoods/remedy.ts.
import { z } from "zod";

export const NogoodRemedy = z.strictObject({
  /** What to do instead, in plain words. */
  text: z.string().min(1),
  /** Other skills the lesson applies to (copies of an edited section); empty when none. */
  scope: z.array(z.string()),
});
export type NogoodRemedy = z.infer<typeof NogoodRemedy>;
