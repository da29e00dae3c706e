// Which pushed paths are policy: the `policy:` entries name Markdown files or folders of them.
import { describe, expect, test } from "vitest";
import { isPolicyPath } from "../../src/apps/app/policy/policy-files.js";
import { pushedPolicyPaths, type PushPayload } from "../../src/apps/app/policy/policy-push.js";
import { renderStaleSection } from "../../src/core/render/comments/stale-section.js";

describe("isPolicyPath", () => {
  test("a named file, or Markdown under a named folder; nothing else", () => {
    const entries = ["policy", "docs/terms.md", "./legal/"];
    expect(isPolicyPath("policy/airline.md", entries)).toBe(true);
    expect(isPolicyPath("policy/sub/pets.MD", entries)).toBe(true);
    expect(isPolicyPath("docs/terms.md", entries)).toBe(true);
    expect(isPolicyPath("legal/a.md", entries)).toBe(true);
    expect(isPolicyPath("policy/logo.png", entries)).toBe(false);
    expect(isPolicyPath("policy-old/airline.md", entries)).toBe(false); // a prefix is not a folder
    expect(isPolicyPath("docs/other.md", entries)).toBe(false);
    expect(isPolicyPath("policy/airline.md", [])).toBe(false);
  });
});

describe("pushedPolicyPaths", () => {
  const push = (commits: PushPayload["commits"]): PushPayload => ({
    ref: "refs/heads/main",
    before: "a".repeat(40),
    after: "b".repeat(40),
    repository: { default_branch: "main" },
    ...(commits ? { commits } : {}),
  });
  test("added, modified and removed policy files across commits, once each, sorted", () => {
    const p = push([
      { added: ["policy/pets.md", "README.md"], modified: ["policy/airline.md"], removed: [] },
      { modified: ["policy/airline.md"], removed: ["policy/old.md"] },
    ]);
    expect(pushedPolicyPaths(p, ["policy"])).toEqual([
      "policy/airline.md",
      "policy/old.md",
      "policy/pets.md",
    ]);
  });
  test("a push that touches no policy file, or lists no commits, has none", () => {
    expect(pushedPolicyPaths(push([{ modified: ["skill-bank/a/SKILL.md"] }]), ["policy"])).toEqual([]);
    expect(pushedPolicyPaths(push(undefined), ["policy"])).toEqual([]);
  });
});

describe("renderStaleSection", () => {
  test("nothing when no skill is stale; one line per skill and policy issue otherwise", () => {
    expect(renderStaleSection([])).toEqual([]);
    const lines = renderStaleSection([{ skill: "cancel-flight", issue: 7 }]);
    expect(lines[0]).toBe("## May be stale (1)");
    expect(lines).toContain("- `cancel-flight` · policy change #7");
  });
});
