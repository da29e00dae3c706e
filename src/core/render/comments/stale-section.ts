// The dashboard's "may be stale" list: the skills named by the app's open `skillops:policy` issues
// (their marker), so it is rebuilt from issues only, like the rest of the dashboard.
import { readMarker } from "../../../records/markers.js";
import type { SkillRepo } from "../../github/port.js";
import { POLICY_CHANGE_MARKER } from "./policy-issue.js";

export interface StaleSkillIssue {
  skill: string;
  issue: number;
}

export async function gatherStaleSkills(repo: SkillRepo, botLogin: string): Promise<StaleSkillIssue[]> {
  const issues = await repo.listIssues({ labels: ["skillops:policy"], state: "open", firstPage: 100 });
  return issues
    .filter((i) => i.author.toLowerCase() === botLogin.toLowerCase())
    .flatMap((i) => {
      const stale = readMarker(i.body, POLICY_CHANGE_MARKER)?.data.stale;
      return Array.isArray(stale)
        ? stale.filter((s): s is string => typeof s === "string").map((skill) => ({ skill, issue: i.number }))
        : [];
    })
    .sort((a, b) => (a.skill < b.skill ? -1 : a.skill > b.skill ? 1 : a.issue - b.issue));
}

export function renderStaleSection(stale: readonly StaleSkillIssue[]): string[] {
  if (stale.length === 0) return [];
  return [
    `## May be stale (${stale.length})`,
    "",
    "The policy sections these skills link back to changed; review each and close its policy issue when done.",
    "",
    ...stale.map((s) => `- \`${s.skill}\` · policy change #${s.issue}`),
    "",
  ];
}
