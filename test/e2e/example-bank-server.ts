// The example bank (skill-bank/) on a "server" — a real git http-backend holding it and the GitHub
// double serving its pull requests — and `skillops evolve --model sim --github` run against it from a
// checkout, as the evolve job runs it. Shared by the frontier and nogoods end-to-end tests.
import { cpSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { main } from "../../src/apps/cli/main.js";
import type { GitServer } from "../support/git-server.js";
import type { GitHubDouble } from "../support/github-double/index.js";
import { addPullRoutes } from "../support/github-double/pulls.js";
import { REPO_ROOT } from "../support/repo-root.js";

export const CLI_TOKEN = "ghs_cli_installation_token";
const BANK = join(REPO_ROOT, "skill-bank");
const UNEVOLVED_MANIFEST =
  "operatingPoint: baseline\ncandidate: null\nrun: null\npullRequest: null\nmetrics: null\n";

/** Copies the example bank's skill folders into `<work>/skill-bank` (it validates strictly). */
export function copyExampleBank(work: string): void {
  for (const name of readdirSync(BANK).filter((d) => existsSync(join(BANK, d, "SKILL.md"))))
    cpSync(join(BANK, name), join(work, "skill-bank", name), { recursive: true });
}

/** The files of `<work>/skill-bank` by repository path, with a bank.yml that names no evolved revision. */
export function bankFilesIn(work: string): Record<string, string> {
  const files: Record<string, string> = { "skill-bank/bank.yml": UNEVOLVED_MANIFEST };
  for (const f of readdirSync(join(work, "skill-bank"), { recursive: true, withFileTypes: true })) {
    if (!f.isFile()) continue;
    const abs = join(f.parentPath, f.name);
    files[abs.slice(work.length + 1)] = readFileSync(abs, "utf8");
  }
  return files;
}

/** Creates acme/agent-skills on the git server with `files`; the double serves its pulls to the CLI's token. */
export async function serveRepo(git: GitServer, double: GitHubDouble, files: Record<string, string>) {
  await git.createRepo("acme/agent-skills", files);
  const gitDir = join(git.root, "acme/agent-skills.git");
  addPullRoutes(double, gitDir);
  double.state.tokens.set(CLI_TOKEN, double.state.botLogin);
  return gitDir;
}

/** `skillops evolve --model sim --bank skill-bank --github …` in `work`, against the server. */
export async function evolveAgainst(
  server: { git: GitServer; double: GitHubDouble },
  work: string,
  args: string[],
): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(["evolve", "--model", "sim", "--bank", "skill-bank", "--github", ...args], {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    cwd: work,
    isTTY: false,
    env: {
      SKILLOPS_GITHUB_TOKEN: CLI_TOKEN,
      GITHUB_REPOSITORY: "acme/agent-skills",
      GITHUB_API_URL: server.double.baseUrl,
      GITHUB_SERVER_URL: server.git.url("x").replace(/\/x\.git$/, ""),
      GITHUB_RUN_ID: "77",
    },
  });
  return { code, out, err };
}
