// The permission model is written in one place and enforced from one place: the table in
// docs/github-app.md ("Permissions") names, for every action, the role `authorize` asks for.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { REQUIRED_ROLE } from "../../src/core/github/permissions.js";
import { REPO_ROOT } from "../support/repo-root.js";

/** The rows under `<!-- permissions-table -->`: the `authorize` action and the role it needs. */
function documentedRoles(): Record<string, string> {
  const doc = readFileSync(join(REPO_ROOT, "docs", "github-app.md"), "utf8");
  const table = doc.split("<!-- permissions-table -->")[1]!.split("\n\n")[0]!;
  const rows = table
    .split("\n")
    .filter((l) => l.startsWith("| ") && !l.startsWith("| Action"))
    .map((l) => l.split("|").map((c) => c.trim()));
  return Object.fromEntries(rows.map((c) => [c[2]!.replace(/`/g, ""), c[4] === "anyone" ? "none" : c[4]!]));
}

test("docs/github-app.md's permission table is the one authorize enforces", () => {
  expect(documentedRoles()).toEqual(REQUIRED_ROLE);
});
