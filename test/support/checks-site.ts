// A repair site on a skill's `## Checks` section that every failing run of one case touched, as the
// endpoint diagnoser tests show it to the simulated diagnosers (score 1, three failing runs, p_i 1).
import type { SiteKind } from "../../src/records/repair-site.js";
import type { Suspect } from "../../src/records/suspect.js";

export function checksSite(
  skill: string,
  caseId: string,
  kind: SiteKind,
  confirmation?: Suspect["confirmation"],
): Suspect {
  return {
    ...{ component: `${skill}#Checks`, score: 1, ef: 3, ep: 0, failing: 3, cases: [caseId] },
    ...{ kind, prior: 1, priority: 1 },
    ...(confirmation ? { confirmation } : {}),
  };
}
