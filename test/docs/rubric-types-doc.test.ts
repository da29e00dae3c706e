// docs/case-format.md's "Rubric items" table has one row per rubric type the case schema accepts
// (and so per scorer): a type added to the schema without a row, or a row left for a removed type,
// fails here instead of leaving the docs to miscount them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { RubricItem } from "../../src/records/case.js";
import { REPO_ROOT } from "../support/repo-root.js";

/** The first-column types of the table under "## Rubric items". */
function documentedTypes(): string[] {
  const doc = readFileSync(join(REPO_ROOT, "docs", "case-format.md"), "utf8");
  const section = doc.split("\n## Rubric items\n")[1]!.split("\n## ")[0]!;
  const table = section.split("\n| type |")[1]!.split("\n\n")[0]!;
  return [...table.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]!);
}

test("docs/case-format.md documents every rubric type the schema accepts, and no other", () => {
  const types = RubricItem.options.map((o) => o.shape.type.value);
  expect(types.length).toBeGreaterThan(0);
  expect([...documentedTypes()].sort()).toEqual([...types].sort());
});
