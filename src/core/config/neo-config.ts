// `evolve.neo`: SkillNEO's acceptance, hold-based stopping and parent cap (docs/engine.md
// "SkillNEO"). The schema is the run config's (records/neo-knobs.ts), so the file's keys reach
// RunConfig.neo unchanged; absent keys are the paper's values. Read only under `strategy: neo`.
import { NeoKnobs } from "../../records/neo-knobs.js";

export const NeoConfig = NeoKnobs.describe(
  "SkillNEO (`strategy: neo`): deployment acceptance margins, the strict floor, hold patience and the per-parent cap; absent keys are the paper's values.",
);
