// The glossary a frontier PR's legend links (issue 43): the docs of the skillops release the
// Action step runs, from the runner's GITHUB_ACTION_REPOSITORY and GITHUB_ACTION_REF; none when
// they are not set (a vendored action, the hosted app), so nothing guesses a repository.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { glossaryUrlFromActions } from "../../src/apps/app/frontier/docs-ref.js";
import { docsRefOf } from "../../src/apps/cli/package-version.js";
import { REPO_ROOT } from "../support/repo-root.js";

describe("glossaryUrlFromActions", () => {
  it("names docs/glossary.md of the pinned skillops release", () => {
    expect(
      glossaryUrlFromActions({ GITHUB_ACTION_REPOSITORY: "my-org/skillops", GITHUB_ACTION_REF: "v0.1.0" }),
    ).toBe("https://github.com/my-org/skillops/blob/v0.1.0/docs/glossary.md");
  });

  it("is undefined without both variables, or with a repository that is not OWNER/REPO", () => {
    expect(glossaryUrlFromActions({})).toBeUndefined();
    expect(glossaryUrlFromActions({ GITHUB_ACTION_REPOSITORY: "", GITHUB_ACTION_REF: "v1" })).toBeUndefined();
    expect(
      glossaryUrlFromActions({ GITHUB_ACTION_REPOSITORY: "a/b/c", GITHUB_ACTION_REF: "v1" }),
    ).toBeUndefined();
  });
});

describe("the glossary of this release, outside a published Action's step (package.json)", () => {
  it("is skillops's repository at the version's tag", () => {
    const pkg = { version: "0.2.0", repository: { url: "git+https://github.com/my-org/skillops.git" } };
    expect(docsRefOf(pkg)).toEqual({ repo: "my-org/skillops", ref: "v0.2.0" });
    expect(docsRefOf({ version: "0.2.0", repository: "github:my-org/skillops" })).toEqual({
      repo: "my-org/skillops",
      ref: "v0.2.0",
    });
  });

  it("is none while package.json marks the repository a placeholder, as it does today", () => {
    const here = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as Parameters<
      typeof docsRefOf
    >[0];
    expect(here.skillops?.placeholderRepository).toBeDefined();
    expect(docsRefOf(here)).toBeUndefined();
    expect(docsRefOf({ version: "0.2.0", repository: { url: "https://gitlab.com/a/b" } })).toBeUndefined();
  });
});
