// The acceptance sweep of Actions (`skillops ingest --github`, `evolve --github`) with one bad issue
// among good ones: the model converter over HTTP against the OpenAI double, which rejects the key
// for one issue's requests only. That issue gets the failure comment and label, the others are
// converted, and the command's exit code and stderr say which issue failed.
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main } from "../../src/apps/cli/main.js";
import { Config } from "../../src/core/config/config.js";
import { acceptedCasesFromGitHub, repoFromActions } from "../../src/apps/app/intake/actions-cases.js";
import { readMarker } from "../../src/records/markers.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { createGitHubDouble, type GitHubDouble } from "../support/github-double/index.js";
import { startGitServer } from "../support/git-server.js";
import { addPullRoutes } from "../support/github-double/pulls.js";
import { formBody } from "../support/github-double/feedback-form.js";
import { startOpenAIDouble, type OpenAIDouble, type RecordedRequest } from "../support/openai-double.js";

const TOKEN = "ghs_sweep_token";
const SKILL =
  "---\nname: refunds\ndescription: Refund rules for tickets, and when refunds are allowed.\n---\nRefunds within 30 days.\n";
const servers: Array<{ close: () => Promise<void> }> = [];
const POISON = "POISON-PILL-EVIDENCE";
let double: GitHubDouble;
let openai: OpenAIDouble;

/** 401 for the requests that carry the poisoned issue's evidence; good structured answers otherwise. */
function answer(req: RecordedRequest) {
  if (JSON.stringify(req.body).includes(POISON))
    return {
      status: 401,
      json: { error: { message: "bad key", type: "invalid_request_error", param: null, code: null } },
    };
  const name = (req.body as { response_format?: { json_schema?: { name?: string } } }).response_format
    ?.json_schema?.name;
  const value =
    name === "classification"
      ? { kind: "case", reason: "a reproducible input", advice: null, injection: null }
      : {
          diagnosis: "Quoted a 60-day refund window; the refund rules allow refunds within 30 days.",
          prompt: "Refund after 40 days?",
          rubric: [{ type: "contains", value: "30 days", path: null, ignoreCase: true }],
        };
  return { completion: { content: JSON.stringify(value), usage: { input: 40, output: 10 } } };
}

const configYaml = () =>
  `categories: [general]\nmodels:\n  provider: openai\n  baseURL: ${openai.baseURL}\n  maxRetries: 0\n`;
const env = () => ({
  GITHUB_REPOSITORY: "acme/agent-skills",
  SKILLOPS_GITHUB_TOKEN: TOKEN,
  GITHUB_TOKEN: TOKEN,
  GITHUB_API_URL: double.baseUrl,
  OPENAI_API_KEY: "sk-sweep",
});

function accepted(title: string, evidence: string): number {
  const issue = double.state.openIssue({
    title,
    body: formBody({ did: "Said 60 days.", expected: 'Say "30 days".', evidence, category: "general" }),
    author: "joe",
    labels: ["skillops:feedback"],
  });
  double.state.labelIssue(issue.number, "skillops:accepted", "mona");
  return issue.number;
}

const caseKind = (n: number) =>
  double.state
    .commentsOn(n)
    .map((c) => readMarker(c.body, "case")?.data.kind)
    .find((k) => k !== undefined);

beforeEach(async () => {
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  double.state.tokens.set(TOKEN, double.state.botLogin);
  double.state.collaborators.set("mona", "triage");
  openai = await startOpenAIDouble(answer);
  double.state.setFile(".github/skillops.yml", configYaml());
});
afterEach(async () => {
  double.assertClean();
  await double.close();
  await openai.close();
  for (const server of servers.splice(0)) await server.close();
});

/** A checkout with the config and a one-skill bank, for `skillops evolve`. */
async function workdir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "skillops-sweep-"));
  await mkdir(join(dir, ".github"), { recursive: true });
  await writeFile(join(dir, ".github/skillops.yml"), configYaml());
  await mkdir(join(dir, "skill-bank/refunds"), { recursive: true });
  await writeFile(join(dir, "skill-bank/refunds/SKILL.md"), SKILL);
  return dir;
}

async function cli(args: string[], cwd = process.cwd(), extra: Record<string, string> = {}) {
  let out = "";
  let err = "";
  const io = {
    stdout: (t: string) => void (out += t),
    stderr: (t: string) => void (err += t),
    cwd,
    isTTY: false,
    env: { ...env(), ...extra },
  };
  const code = await main(args, io);
  return { code, out, err };
}

describe("the acceptance sweep with one failing issue", () => {
  it("records the failure on that issue and returns the others' cases", async () => {
    const a = accepted("Good one", "Refund after 40 days?");
    const bad = accepted("Bad one", `${POISON} refund?`);
    const c = accepted("Another good one", "Refund after 50 days?");
    const { repo } = repoFromActions(env());
    const { cases, ingested } = await acceptedCasesFromGitHub({
      repo,
      config: Config.parse({
        categories: ["general"],
        models: { provider: "openai", baseURL: openai.baseURL },
      }),
      env: env(),
      now: fixedClock("2026-11-30T00:00:00Z"),
    });
    expect(cases.map((x) => x.id)).toEqual([`issue-${a}`, `issue-${c}`]);
    expect(ingested.find((i) => i.issue === bad)).toMatchObject({
      outcome: "failed",
      detail: expect.stringContaining("rejected the API key (401)"),
    });
    expect(caseKind(bad)).toBe("failed");
    expect(double.state.issue(bad).labels).toContain("skillops:conversion-failed");
    expect(double.state.issue(a).labels).not.toContain("skillops:conversion-failed");
  });

  it("skillops ingest --github exits 1 and names the issue that failed; the others are converted", async () => {
    const a = accepted("Good one", "Refund after 40 days?");
    const bad = accepted("Bad one", `${POISON} refund?`);
    const r = await cli(["ingest", "--github"]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`error: the conversion of feedback issue(s) #${bad} failed`);
    expect(r.out).toContain(`#${a}\tconverted`);
    expect(caseKind(a)).toBe("case");
    expect(caseKind(bad)).toBe("failed");
  });

  it("evolve --github with one issue failing: evolves on the others with a warning, then exits 1 naming it", async () => {
    const good = accepted("Good one", "Refund after 40 days?");
    const bad = accepted("Bad one", `${POISON} refund?`);
    const dir = await workdir();
    // The frontier is published as usual: the repository on a loopback git server holds the same bank.
    const git = await startGitServer({ token: TOKEN });
    servers.push(git);
    await git.createRepo("acme/agent-skills", {
      "skill-bank/bank.yml":
        "operatingPoint: baseline\ncandidate: null\nrun: null\npullRequest: null\nmetrics: null\n",
      "skill-bank/refunds/SKILL.md": SKILL,
    });
    addPullRoutes(double, join(git.root, "acme/agent-skills.git"));
    const r = await cli(["evolve", "--github", "--out", "out", "--max-iterations", "0"], dir, {
      GITHUB_SERVER_URL: git.url("x").replace(/\/x\.git$/, ""),
    });
    expect(r.err).toContain(`github: could not convert feedback issue #${bad}: `);
    expect(r.err).toContain(
      `warning: evolving on the 1 accepted case(s) that converted; #${bad} could not be converted`,
    );
    expect(r.err).toContain(
      `error: the conversion of feedback issue(s) #${bad} failed; they were left out of this run`,
    );
    expect(r.code).toBe(1);
    const record = JSON.parse(await readFile(join(dir, "out/run-record.json"), "utf8")) as {
      cases: string[];
    };
    expect(record.cases).toEqual([`issue-${good}`]);
  });

  it("evolve --github with no case that converted: exit 1 before the loop, naming the issue", async () => {
    const bad = accepted("Bad one", `${POISON} refund?`);
    const dir = await workdir();
    const r = await cli(["evolve", "--github", "--out", "out"], dir);
    expect(r.err).toContain(`github: could not convert feedback issue #${bad}: `);
    expect(r.err).toContain(
      `error: no accepted case to evolve from: the conversion of feedback issue(s) #${bad} failed`,
    );
    expect(r.code).toBe(1);
    expect(r.err).not.toMatch(/baseline/);
  });
});
