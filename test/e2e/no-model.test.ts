// An install with no model (no `models:` endpoint with its key in the app's environment): the work
// that needs a model is not run and nothing stands in for it. `/skillops coldstart` is refused, a
// policy push leaves its issue without draft cases and says why, the dashboard says so in one line,
// and no text the app writes comes from a simulated model.
import { afterAll, beforeAll, expect, test } from "vitest";
import { COLDSTART_BRANCH } from "../../src/apps/app/policy/coldstart-pr.js";
import { NO_MODEL_LINE } from "../../src/core/render/no-model.js";
import { deliver } from "../support/github-double/index.js";
import {
  appBranches,
  command,
  openIssue,
  openPulls,
  pushPolicy,
  startPolicyStage,
  type PolicyStage,
} from "./policy-fixture.js";

let stage: PolicyStage;

beforeAll(async () => {
  stage = await startPolicyStage({}); // no key in the app's environment
  stage.double.state.setFile(".github/skillops.yml", "categories: [general]\npolicy: [policy]\n");
}, 60_000);

afterAll(async () => stage?.close());

test("/skillops coldstart is refused: no model is configured; nothing written", async () => {
  const reply = await command(stage, openIssue(stage).number, "/skillops coldstart");
  expect(reply).toContain(
    "Cold start not started: no model is configured (`models:` in `.github/skillops.yml`, with its API key in the app's environment). Nothing was written.",
  );
  expect(openPulls(stage, COLDSTART_BRANCH)).toEqual([]);
  expect(appBranches(stage)).toBe("");
});

test("a policy push: the issue lists the change, drafts no case and says why; the dashboard says so", async () => {
  const payload = pushPolicy(stage, (t) => `${t}\n## Pets\n\n- Pets travel in the cabin only under 8 kg.\n`);
  await deliver(stage.probot, "push", payload, "push-no-model");
  await stage.skillops.queue.drain();
  expect(stage.skillops.queue.failures).toEqual([]);
  const issues = [...stage.double.state.issues.values()];
  const policy = issues.filter((i) => i.labels.includes("skillops:policy"));
  expect(policy).toHaveLength(1);
  expect(policy[0]!.body).toContain("**added**: `#pets`");
  expect(policy[0]!.body).toContain(
    "⚠️ 1 changed or added clause(s) no skill covers got no draft case: no model is configured",
  );
  expect(openPulls(stage, "skillops/")).toEqual([]);
  expect(appBranches(stage)).toBe("");
  const dashboard = issues.find((i) => i.labels.includes("skillops:dashboard"));
  expect(dashboard?.body).toContain(NO_MODEL_LINE);
  // Nothing the app wrote was answered by a simulated model.
  const written = [
    ...issues.map((i) => i.body ?? ""),
    ...issues.flatMap((i) => stage.double.state.commentsOn(i.number).map((c) => c.body)),
  ];
  expect(written.filter((b) => /simulated/i.test(b))).toEqual([]);
  stage.double.assertClean();
});
