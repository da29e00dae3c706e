// Who may do what: the one table and the one function every handler asks (docs/github-app.md
// "Permissions", whose table test/github/permissions-doc.test.ts keeps equal to this one). Roles are
// asked of the API (collaborator permission, `role_name`), never read from labels or from who wrote
// an issue; an action is its effect, whichever way a person takes it (a label, a command, a close, a
// dashboard box), so each way asks for the same action here.
import { ROLES_BY_RANK, type IssuesRepo, type RepoRole } from "./port.js";

export function roleAtLeast(role: RepoRole, needed: RepoRole): boolean {
  return ROLES_BY_RANK.indexOf(role) >= ROLES_BY_RANK.indexOf(needed);
}

export const REQUIRED_ROLE = {
  /** Accept feedback: the label `skillops:accepted`, the dashboard box, an edit of accepted feedback. */
  accept: "triage",
  /** Take an acceptance back: remove `skillops:accepted`, close accepted feedback before it shipped. */
  "reject-intake": "triage",
  /** The label `skillops:select`, `/skillops select`. */
  select: "write",
  /** `/skillops run`, the dashboard's "run now". */
  run: "write",
  /** `/skillops rollback` (merging GitHub's revert PR needs write anyway). */
  rollback: "write",
  /** Close a frontier PR unmerged as a durable rejection (or take `skillops:superseded` off one): someone who could have merged it. */
  reject: "write",
  /** Re-allow a rejected or rolled-back candidate: the dashboard box, `skillops:superseded` on a rejected PR, taking `skillops:rolled-back` off, reopening a rejected PR. */
  "allow-repropose": "write",
  /** `/skillops quiet`, the label `skillops:quiet`. */
  quiet: "triage",
  /** `/skillops coldstart`. */
  coldstart: "write",
  explain: "read",
  help: "none",
} as const satisfies Record<string, RepoRole>;
export type Action = keyof typeof REQUIRED_ROLE;

export function mayAct(role: RepoRole, action: Action): boolean {
  return roleAtLeast(role, REQUIRED_ROLE[action]);
}

export interface Verdict {
  allowed: boolean;
  role: RepoRole;
  needs: RepoRole;
}

type RoleSource = Pick<IssuesRepo, "roleOf">;

/** May `login` take `action`? One permission request, none for what anyone may do. */
export async function authorize(repo: RoleSource, login: string, action: Action): Promise<Verdict> {
  const needs = REQUIRED_ROLE[action];
  const role = needs === "none" ? "none" : await repo.roleOf(login);
  return { allowed: roleAtLeast(role, needs), role, needs };
}

/** The role source asked once per login, for a handler that authorizes several actions of one person. */
export function rolesOnce(repo: RoleSource): RoleSource {
  const asked = new Map<string, Promise<RepoRole>>();
  return {
    roleOf: (login) => {
      const key = login.toLowerCase();
      if (!asked.has(key)) asked.set(key, repo.roleOf(login));
      return asked.get(key)!;
    },
  };
}

export function deniedMessage(login: string, role: RepoRole, action: Action, what: string): string {
  return `@${login}, ${what} needs the **${REQUIRED_ROLE[action]}** role or more on this repository; yours is **${role}**. Nothing was done.`;
}
