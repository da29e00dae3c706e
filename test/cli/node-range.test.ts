// The Node.js range bin/skillops.js enforces (issue 43: the CLI ran on Node 20 with no word while
// the README said Node 22). The range is package.json's engines.node, read as the bin reads it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nodeVersionProblem } from "../../src/apps/cli/node-range.js";
import { REPO_ROOT } from "../support/repo-root.js";

const engines = (
  JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
    engines: { node: string };
  }
).engines.node;

describe("the Node.js range of package.json's engines.node", () => {
  it("refuses Node 20 with a plain message naming the version needed and how to get it", () => {
    const p = nodeVersionProblem("20.20.2", engines);
    expect(p?.message).toContain(
      `skillops needs Node.js ${engines} (package.json engines.node); this is Node.js 20.20.2.`,
    );
    expect(p?.message).toContain("Install Node.js 22 from https://nodejs.org/en/download");
    expect(p?.message).toContain("`npm run skillops -- …`");
  });

  it("compares major, minor and patch as numbers", () => {
    expect(nodeVersionProblem("22.19.9", ">=22.20")).toBeDefined();
    expect(nodeVersionProblem("22.20.0", ">=22.20")).toBeUndefined();
    expect(nodeVersionProblem("22.100.0", ">=22.20")).toBeUndefined();
    expect(nodeVersionProblem("v24.0.0", ">=22.20.1")).toBeUndefined();
    expect(nodeVersionProblem("9.0.0", ">=22")).toBeDefined();
  });

  it("lets the Node.js running this suite through (the node@22 dev dependency)", () => {
    expect(nodeVersionProblem(process.versions.node, engines)).toBeUndefined();
  });

  it("names a range it cannot read instead of passing it", () => {
    expect(() => nodeVersionProblem("22.20.0", "^22 || >=24")).toThrow(
      'package.json engines.node "^22 || >=24" is not of the form ">=MAJOR[.MINOR[.PATCH]]"',
    );
  });
});
