// The branch rule's pure half: the seal recognises the app's own commit and nothing rewritten from it.
import { describe, expect, test } from "vitest";
import { isSealed, sealMessage } from "../../src/core/github/commit-seal.js";
import { branchNames, isBranchOf, judgeBranch } from "../../src/core/github/branch-guard.js";
import { parseFrontierBranch } from "../../src/core/github/branch-name.js";

const TREE = "a".repeat(40);
const PARENT = "b".repeat(40);
const own = { tree: TREE, parents: [PARENT], message: sealMessage("skillops: advice", TREE, [PARENT]) };

describe("judgeBranch", () => {
  test("absent, the app's own sealed head, or foreign", () => {
    expect(judgeBranch({ head: undefined, othersPulls: [] })).toBe("absent");
    expect(judgeBranch({ head: own, othersPulls: [] })).toBe("app");
    expect(judgeBranch({ head: own, othersPulls: [7] })).toBe("foreign"); // a person's PR on it
  });

  test("an amend (new tree), a rebase (new parent), an edited message or a plain commit is foreign", () => {
    const foreign = (head: typeof own) => judgeBranch({ head, othersPulls: [] });
    expect(foreign({ ...own, tree: "c".repeat(40) })).toBe("foreign");
    expect(foreign({ ...own, parents: ["d".repeat(40)] })).toBe("foreign");
    expect(foreign({ ...own, message: own.message.replace("advice", "Advice") })).toBe("foreign");
    expect(foreign({ ...own, message: "Tweak wording\n" })).toBe("foreign");
    expect(isSealed(own)).toBe(true);
  });
});

describe("fresh branch names", () => {
  test("usual, then -2 … -9; a fresh frontier name still names its candidate", () => {
    expect(branchNames("skillops/knowledge")).toEqual([
      "skillops/knowledge",
      ...[2, 3, 4, 5, 6, 7, 8, 9].map((n) => `skillops/knowledge-${n}`),
    ]);
    expect(isBranchOf("skillops/knowledge-2", "skillops/knowledge")).toBe(true);
    expect(isBranchOf("skillops/knowledge-10", "skillops/knowledge")).toBe(false);
    expect(parseFrontierBranch("skillops/frontier/7f3a9c1e-2")).toBe("7f3a9c1e");
    expect(parseFrontierBranch("skillops/frontier/7f3a9c1e-1")).toBeUndefined();
  });
});
