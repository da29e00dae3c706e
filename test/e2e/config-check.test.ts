// Issue 26: the `skillops/config` check of a PR that changes `.github/skillops.yml` runs off the
// request path, with the bounded reader. A 180 KB config of 16,000 keys (its YAML parse took seconds
// on one thread) must not block the webhook handler: the handler answers before anything is parsed,
// and the queued job refuses the file at the reader's caps, naming them, instead of parsing it.
import { execFileSync } from "node:child_process";
import type { Probot } from "probot";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createSkillopsApp, type SkillopsApp } from "../../src/apps/app/app.js";
import { CONFIG_CHECK } from "../../src/apps/app/frontier/check-run.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { createProbotOnDouble, deliver } from "../support/github-double/index.js";
import { checkRunsOf, pullPayload, refSha } from "../support/github-double/pulls.js";
import { double, gitDir, octokitAs, OWNER, REPO, setUp, tearDown, tmp } from "./rejection-fixture.js";

beforeAll(setUp);
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

async function app(): Promise<{ skillops: SkillopsApp; probot: Probot }> {
  const skillops = createSkillopsApp({ now: fixedClock("2026-11-30T03:00:00Z") });
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
  // Refused at the caps, before anything is composed: not 16,000 "unknown key" lines.
  expect(check!.output.summary).toMatch(/the config is [\d,]+ characters; the cap is 65,536/);
  expect(check!.output.summary).not.toMatch(/unknown key/);
  expect(skillops.queue.failures).toEqual([]);
  double.assertClean();
});

test("a small config with a typo gets the line and the nearest key", async () => {
  const work = tmp("skillops-typo-config-");
  execFileSync(
    "sh",
    [
      "-c",
      `git clone -q ${gitDir} . && git checkout -qb typo-config && mkdir -p .github && printf 'categories: [general]\\nevaluate:\\n  timoutMs: 5\\n' > .github/skillops.yml && git add .github && git -c user.name=Mo -c user.email=mo@example.com commit -qm config && git push -q origin typo-config`,
    ],
    { cwd: work, env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" } },
  );
  const { data } = await octokitAs("maintainer-mo").rest.pulls.create({
    owner: OWNER,
    repo: REPO,
    title: "Config typo",
    head: "typo-config",
    base: "main",
  });
  const { skillops, probot } = await app();
  await deliver(
    probot,
    "pull_request",
    pullPayload(double, gitDir, "opened", data.number, { sender: "maintainer-mo" }),
  );
  await skillops.queue.drain();
  const [check] = configChecks("typo-config");
  expect(check).toMatchObject({ conclusion: "failure" });
  expect(check!.output.summary).toMatch(/timoutMs/);
  expect(check!.output.summary).toMatch(/timeoutMs/);
  double.assertClean();
});
