// `skillops evolve --github` checks the token, GITHUB_REPOSITORY and that the repository answers
// before the loop starts: a refused run writes no checkpoint and prints no baseline.
import { existsSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/apps/cli/main.js";
import { createGitHubDouble, type GitHubDouble } from "../support/github-double/index.js";
import { runCli } from "../cli/run-cli.js";

const TOKEN = "ghs_preconditions_token";
let double: GitHubDouble;
let dir: string;

beforeAll(async () => {
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  double.state.tokens.set(TOKEN, double.state.botLogin);
  dir = await mkdtemp(join(tmpdir(), "skillops-github-pre-"));
  await writeFile(join(dir, "world.yml"), (await runCli(["sim", "new", "--seed", "4"], dir)).stdout);
});
afterAll(async () => double?.close());

async function evolve(out: string, env: Record<string, string>) {
  let stderr = "";
  const code = await main(["evolve", "--world", "world.yml", "--out", out, "--github", "--json"], {
    stdout: () => undefined,
    stderr: (t) => void (stderr += t),
    cwd: dir,
    isTTY: false,
    env: { GITHUB_API_URL: double.baseUrl, ...env },
  });
  return { code, stderr, ran: existsSync(join(dir, out, "checkpoint.jsonl")) };
}

describe("evolve --github preconditions", () => {
  it("no token: exit 1 before the loop", async () => {
    const r = await evolve("a", { GITHUB_REPOSITORY: "acme/agent-skills" });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: --github needs a token: set SKILLOPS_GITHUB_TOKEN/m);
    expect(r.stderr).not.toMatch(/baseline/);
    expect(r.ran).toBe(false);
  });

  it("GITHUB_REPOSITORY missing or not owner/name: exit 1 before the loop", async () => {
    for (const slug of [undefined, "acme", "acme/x/y"]) {
      const r = await evolve("b", {
        SKILLOPS_GITHUB_TOKEN: TOKEN,
        ...(slug ? { GITHUB_REPOSITORY: slug } : {}),
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        `--github needs GITHUB_REPOSITORY as owner/name, got ${JSON.stringify(slug ?? "")}`,
      );
      expect(r.ran).toBe(false);
    }
  });

  it("a repository that does not answer: exit 1 before the loop, nothing written", async () => {
    const missing = await evolve("c", { SKILLOPS_GITHUB_TOKEN: TOKEN, GITHUB_REPOSITORY: "acme/nope" });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /^error: --github: the repository acme\/nope does not answer at .*HTTP 404/m,
    );
    expect(missing.ran).toBe(false);
    expect(double.writes()).toEqual([]);
  });
});
