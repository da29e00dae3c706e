// Who may do what. Roles are asked of the API (collaborator permission, `role_name`), never read
// from labels or from who wrote an issue; see docs/github-app.md "Permissions".
import { roleAtLeast, type RepoRole } from "./repo.js";

export const REQUIRED_ROLE = {
  accept: "triage",
  "run-now": "write",
  "allow-repropose": "write",
  run: "write",
  select: "write",
  rollback: "write",
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
