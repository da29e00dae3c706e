// Who may do what. Roles are asked of the API (collaborator permission, `role_name`), never read
// from labels or from who wrote an issue; see docs/github-app.md "Permissions".
import type { RepoRole } from "./port.js";

/** Repository roles from least to most; custom roles fall back to their base role. */
export const ROLES_BY_RANK: readonly RepoRole[] = ["none", "read", "triage", "write", "maintain", "admin"];

export function roleAtLeast(role: RepoRole, needed: RepoRole): boolean {
  return ROLES_BY_RANK.indexOf(role) >= ROLES_BY_RANK.indexOf(needed);
}

export const REQUIRED_ROLE = {
  accept: "triage",
  "run-now": "write",
  "allow-repropose": "write",
  run: "write",
  select: "write",
  rollback: "write",
  coldstart: "write",
  quiet: "triage",
  explain: "read",
  help: "none",
} as const satisfies Record<string, RepoRole>;
export type Action = keyof typeof REQUIRED_ROLE;

export function mayAct(role: RepoRole, action: Action): boolean {
  return roleAtLeast(role, REQUIRED_ROLE[action]);
}

export function deniedMessage(login: string, role: RepoRole, action: Action, what: string): string {
  return `@${login}, ${what} needs the **${REQUIRED_ROLE[action]}** role or more on this repository; yours is **${role}**. Nothing was done.`;
}
