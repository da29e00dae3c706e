// Selecting an operating point: the label `skillops:select` (or `/skillops select`) on a frontier
// PR, by someone the permission table allows (permissions.ts: write). Radio semantics: the label leaves the siblings, the chosen
// PR leaves draft (GraphQL `markPullRequestReadyForReview`; REST cannot), and the dashboard shows
// the choice. Selecting does not deploy — merging does, since each PR's bank.yml names its point.
import { parsePrMarker } from "../../../records/pr-marker.js";
import { FRONTIER_PREFIX } from "../../../core/github/branch-name.js";
import { isOwnFrontierPull } from "../../../core/github/own-pull.js";
import type { FrontierEnv } from "../../../core/github/port.js";
import { authorize, deniedMessage, type Verdict } from "../../../core/github/permissions.js";

export type SelectOutcome = "selected" | "denied" | "not-frontier" | "not-open";

const SELECT = "skillops:select";
const has = (labels: readonly string[], name: string) => labels.some((l) => l.toLowerCase() === name);

/**
 * Selects frontier PR `number` for `sender`. `viaLabel` is true when the sender added the label
 * (it stays; for a denied label it is removed again, so labels never claim a choice nobody made).
 */
export async function selectFrontierPull(
  env: FrontierEnv,
  number: number,
  sender: string,
  viaLabel: boolean,
): Promise<{ outcome: SelectOutcome; message: string; verdict?: Verdict }> {
  const { repo } = env;
  const pull = await repo.getPull(number);
  if (!isOwnFrontierPull(pull, env.botLogin)) {
    return {
      outcome: "not-frontier",
      message: `#${number} is not a skillops frontier PR, so there is nothing to select.`,
    };
  }
  if (pull.state !== "open")
    return {
      outcome: "not-open",
      message: `#${number} is ${pull.merged ? "already merged" : "closed"}; only an open frontier PR can be selected.`,
    };
  const verdict = await authorize(repo, sender, "select");
  if (!verdict.allowed) {
    if (viaLabel) await repo.removeLabel(number, SELECT); // labels never claim a choice nobody made
    const what = viaLabel ? `adding \`${SELECT}\` (selecting an operating point)` : "`/skillops select`";
    return {
      outcome: "denied",
      message: deniedMessage(sender, verdict.role, "select", what),
      verdict,
    };
  }
  if (!viaLabel && !has(pull.labels, SELECT)) await repo.addLabels(number, [SELECT]);
  // Siblings are the frontier PRs of the same working scope; other scopes' jobs have their own choice.
  const scope = parsePrMarker(pull.body)?.scope;
  const siblings = (await repo.listPulls(FRONTIER_PREFIX)).filter(
    (p) =>
      p.number !== number &&
      p.state === "open" &&
      has(p.labels, SELECT) &&
      parsePrMarker(p.body)?.scope === scope,
  );
  for (const s of siblings) await repo.removeLabel(s.number, SELECT);
  if (pull.draft) await repo.markReadyForReview(pull.nodeId);
  await env.refreshDashboard?.();
  const dropped = siblings.length
    ? ` The label was removed from ${siblings.map((s) => `#${s.number}`).join(", ")}.`
    : "";
  return {
    outcome: "selected",
    message: `Selected #${number}'s operating point: it is ready for review, and merging it deploys it.${dropped}`,
  };
}
