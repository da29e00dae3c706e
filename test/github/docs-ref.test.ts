// The glossary a frontier PR's legend links (issue 43): the docs of the skillops release the
// Action step runs, from the runner's GITHUB_ACTION_REPOSITORY and GITHUB_ACTION_REF; none when
// they are not set (a vendored action, the hosted app), so nothing guesses a repository.
import { describe, expect, it } from "vitest";
import { glossaryUrlFromActions } from "../../src/apps/app/frontier/docs-ref.js";

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
