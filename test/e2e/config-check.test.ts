// Issue 26: the `skillops/config` check of a PR that changes `.github/skillops.yml` runs off the
// request path under a time budget. A 180 KB config of 16,000 keys (its YAML parse took seconds on
// one thread) must not block the webhook handler: the handler answers before anything is parsed,
// the parse runs in a worker, and running out of budget is a failed check, not a hang.
import { execFileSync } from "node:child_process";
import type { Probot } from "probot";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createSkillopsApp, type SkillopsApp } from "../../src/github/app.js";
import { CONFIG_CHECK } from "../../src/github/frontier/check-run.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { createProbotOnDouble, deliver } from "../support/github-double/index.js";
import { checkRunsOf, pullPayload, refSha } from "../support/github-double/pulls.js";
import { double, gitDir, octokitAs, OWNER, REPO, setUp, tearDown, tmp } from "./rejection-fixture.js";

beforeAll(setUp, 60_000);
afterAll(tearDown);

/** A PR by a maintainer whose only change is a `.github/skillops.yml` of `keys` top-level keys. */
async function configPull(branch: string, keys: number): Promise<number> {
  const work = tmp("skillops-big-config-");
  execFileSync(
    "sh",
    [
      "-c",
      `git clone -q ${gitDir} . && git checkout -qb ${branch} && mkdir -p .github && (echo 'categories: [general]'; seq 1 ${keys} | awk '{ printf "k%05d: %d\\n", $1, $1 }') > .github/skillops.yml && git add .github && git -c user.name=Mo -c user.email=mo@example.com commit -qm config && git push -q origin ${branch}`,
    ],
    { cwd: work, env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" } },
  );
  const { data } = await octokitAs("maintainer-mo").rest.pulls.create({
    owner: OWNER,
    repo: REPO,
    title: `Config ${branch}`,
    head: branch,
    base: "main",
  });
  return data.number;
}

const configChecks = (branch: string) =>
  checkRunsOf(double).filter((r) => r.headSha === refSha(gitDir, branch) && r.name === CONFIG_CHECK);

async function app(budgetMs?: number): Promise<{ skillops: SkillopsApp; probot: Probot }> {
  const skillops = createSkillopsApp({
    now: fixedClock("2026-11-30T03:00:00Z"),
    ...(budgetMs ? { frontier: { configCheckBudgetMs: budgetMs } } : {}),
  });
  return { skillops, probot: await createProbotOnDouble(double, skillops.app) };
}

test("the handler answers before the 16,000-key config is parsed; the queued job writes the check", async () => {
  const number = await configPull("big-config", 16_000);
  const { skillops, probot } = await app();
  await deliver(
    probot,
    "pull_request",
    pullPayload(double, gitDir, "opened", number, { sender: "maintainer-mo" }),
  );
  expect(configChecks("big-config")).toEqual([]); // nothing parsed on the request path
  await skillops.queue.drain();
  const [check] = configChecks("big-config");
  expect(check).toMatchObject({ conclusion: "failure" });
  // Unknown keys, or (while the YAML parser is quadratic on a loaded machine) out of budget.
  expect(check!.output.summary).toMatch(/Unrecognized keys|could not be checked within 5 s \(1[89]\d KB\)/);
  expect(skillops.queue.failures).toEqual([]);
  double.assertClean();
});

test("a config that cannot be parsed within the budget fails the check, saying so", async () => {
  const number = await configPull("slow-config", 16_000);
  const { skillops, probot } = await app(50);
  await deliver(
    probot,
    "pull_request",
    pullPayload(double, gitDir, "opened", number, { sender: "maintainer-mo" }),
  );
  const started = performance.now();
  await skillops.queue.drain();
  expect(performance.now() - started).toBeLessThan(2_000); // the worker is stopped, not waited for
  const [check] = configChecks("slow-config");
  expect(check).toMatchObject({
    conclusion: "failure",
    output: { title: ".github/skillops.yml: 1 problem" },
  });
  expect(check!.output.summary).toMatch(/could not be checked within 0\.05 s \(\d+ KB\): it is too large/);
  double.assertClean();
});
