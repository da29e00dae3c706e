import { describe, expect, it } from "vitest";
import { detectRevert, revertDepth, revertPrText } from "../../src/core/github/revert-detect.js";
import { example } from "../support/github-double/webhooks.js";

describe("revert detection", () => {
  it("recognises GitHub's Revert button PR from a real pull_request.closed payload, reshaped", () => {
    const payload = example("pull_request", "closed");
    const pr = payload.pull_request;
    const owner = payload.repository.owner.login as string;
    const repo = payload.repository.name as string;
    pr.title = 'Revert "skillops: balanced skill bank 7f3a9c1e"';
    pr.body = `Reverts ${owner}/${repo}#12`;
    pr.head.ref = "revert-12-skillops/frontier/7f3a9c1e";
    expect(detectRevert({ title: pr.title, body: pr.body, headRef: pr.head.ref }, owner, repo)).toEqual({
      reverts: 12,
      revertedTitle: "skillops: balanced skill bank 7f3a9c1e",
      depth: 1,
      clues: ["title", "body", "branch"],
    });
    // The untouched example is not a revert.
    const plain = example("pull_request", "closed").pull_request;
    expect(
      detectRevert({ title: plain.title, body: plain.body, headRef: plain.head.ref }, owner, repo),
    ).toBeUndefined();
  });

  it("counts revert-of-revert layers and ignores a body naming another repository", () => {
    expect(revertDepth('Revert "Revert "x""')).toEqual({ depth: 2, inner: "x" });
    const hint = detectRevert(
      { title: 'Revert "Revert "x""', body: "Reverts other/repo#3", headRef: "fix" },
      "acme",
      "skills",
    );
    expect(hint).toEqual({ revertedTitle: 'Revert "x"', depth: 2, clues: ["title"] });
  });

  it("writes the revert PR in GitHub's shape, without mentions", () => {
    const t = revertPrText(
      { number: 7, title: "skillops: cost skill bank 1234abcd" },
      "acme",
      "skills",
      "@mona",
    );
    expect(t.title).toBe('Revert "skillops: cost skill bank 1234abcd"');
    expect(t.body.split("\n")[0]).toBe("Reverts acme/skills#7");
    expect(t.body).not.toContain("@mona");
  });
});
