// Demo steps on the pull-request side: the evolve job opens one draft PR per frontier member, a
// maintainer selects one by label, merges it (deploying it), then rolls it back with a command.
import type { Case } from "../src/records/case.js";
import { parseBankManifest } from "../src/records/bank-manifest.js";
import { frontierBranch } from "../src/core/github/branch-name.js";
import { parsePrMarker } from "../src/records/pr-marker.js";
import { publishRun } from "../src/apps/app/frontier/publish.js";
import { commentPayload, deliver } from "../test/support/github-double/index.js";
import { pullPayload, pullsOf } from "../test/support/github-double/pulls.js";
import type { Evolved } from "./evolve-step.js";
import type { Narrator } from "./narrator.js";
import { APP_AUTHOR, BOT, MAINTAINER, OWNER, REPO, type Stage } from "./stage.js";

/** What the evolve job's `--github` step does with a run: one draft PR per frontier member. */
export async function publishAs(
  stage: Stage,
  record: Evolved["record"],
  run: Evolved,
  cases: Parameters<typeof publishRun>[0]["cases"],
  config: { bank: string; pool: string },
): ReturnType<typeof publishRun> {
  return publishRun({
    repo: stage.botRepo(),
    git: await stage.gitAccess(),
    record,
    banks: new Map([...run.banks].map(([k, b]) => [k, b.files])),
    cases,
    bankDir: config.bank,
    poolDir: config.pool,
    botLogin: BOT,
    author: APP_AUTHOR,
    version: "0.1.0",
    now: stage.clock,
  });
}

export interface Opened {
  candidate: string;
  number: number;
  operatingPoint: string;
}

const openFrontier = (stage: Stage) =>
  [...pullsOf(stage.double).values()].filter(
    (p) => p.headRef.startsWith("skillops/frontier/") && stage.double.state.issue(p.number).state === "open",
  );

export async function openFrontierPulls(
  stage: Stage,
  n: Narrator,
  run: Evolved,
  cases: Case[],
  config: { bank: string; pool: string },
): Promise<Opened[]> {
  n.step("Frontier pull requests: one draft PR per frontier member (skillops evolve --github)");
  const results = await publishAs(stage, run.record, run, cases, config);
  const opened: Opened[] = [];
  for (const r of results) {
    const member = run.record.frontier.find((m) => m.candidate === r.candidate)!;
    n.say(
      `${r.outcome} #${r.pullRequest ?? "—"}  ${frontierBranch(r.candidate)}  ${member.operatingPoint}${member.selected ? " (P*, recommended)" : ""}${r.reason ? ` — ${r.reason}` : ""}`,
    );
    if (r.outcome === "created" && r.pullRequest)
      opened.push({ candidate: r.candidate, number: r.pullRequest, operatingPoint: member.operatingPoint });
  }
  n.check(
    opened.length === run.record.frontier.filter((m) => m.born > 0).length,
    "not every evolved frontier member got a PR",
  );
  for (const o of opened) {
    const pull = pullsOf(stage.double).get(o.number)!;
    n.check(pull.draft, `#${o.number} should be a draft`);
    const manifest = parseBankManifest(
      stage.show(frontierBranch(o.candidate), `${config.bank}/bank.yml`) ?? "",
    );
    n.check(
      manifest.candidate === o.candidate,
      `#${o.number}: bank.yml on the branch does not name its candidate`,
    );
  }
  n.say(
    "Each branch holds the changed skills, bank.yml naming its operating point, and the pool files of the cases it resolves; a check run skillops/gates carries the gate results.",
  );
  return opened;
}

export async function selectPull(stage: Stage, n: Narrator, opened: Opened[], pick: Opened): Promise<void> {
  n.step(`Select: @${MAINTAINER} labels #${pick.number} skillops:select`);
  for (const o of opened.filter((x) => x !== pick)) {
    // A first choice that is then changed: the label has radio semantics across siblings.
    stage.double.state.labelIssue(o.number, "skillops:select", MAINTAINER);
    await deliver(
      stage.probot,
      "pull_request",
      pullPayload(stage.double, stage.gitDir, "labeled", o.number, {
        sender: MAINTAINER,
        label: "skillops:select",
      }),
    );
    n.say(`first picks #${o.number} (${o.operatingPoint}) → it leaves draft`);
  }
  stage.double.state.labelIssue(pick.number, "skillops:select", MAINTAINER);
  await deliver(
    stage.probot,
    "pull_request",
    pullPayload(stage.double, stage.gitDir, "labeled", pick.number, {
      sender: MAINTAINER,
      label: "skillops:select",
    }),
  );
  await stage.skillops.queue.drain();
  const siblings = opened.filter((x) => x !== pick).map((o) => o.number);
  n.say(
    `then picks #${pick.number} (${pick.operatingPoint}) → ready for review; the label is removed from ${siblings.map((s) => `#${s}`).join(", ")}: skillops:select is a radio button across a run's siblings, one operating point at a time`,
  );
  n.check(siblings.length > 0, "there is no sibling to take the label from");
  n.check(!pullsOf(stage.double).get(pick.number)!.draft, `#${pick.number} is still a draft`);
  n.check(
    siblings.every((s) => !stage.double.state.issue(s).labels.includes("skillops:select")),
    "a sibling kept skillops:select",
  );
}

export async function mergePull(
  stage: Stage,
  n: Narrator,
  opened: Opened[],
  pick: Opened,
  cases: Case[],
  bankDir: string,
): Promise<number[]> {
  n.step(`Merge #${pick.number}: merging deploys the member`);
  await stage.octokitAs(MAINTAINER).rest.pulls.merge({ owner: OWNER, repo: REPO, pull_number: pick.number });
  await deliver(
    stage.probot,
    "pull_request",
    pullPayload(stage.double, stage.gitDir, "closed", pick.number, { sender: MAINTAINER }),
  );
  await stage.skillops.queue.drain();
  const manifest = parseBankManifest(stage.show("main", `${bankDir}/bank.yml`) ?? "");
  n.say(
    `main: ${bankDir}/bank.yml now names ${manifest.candidate?.slice(0, 8)} (${manifest.operatingPoint})`,
  );
  n.check(manifest.candidate === pick.candidate, "bank.yml on main does not name the merged candidate");
  const siblings = opened.filter((o) => o !== pick);
  for (const s of siblings)
    n.check(stage.double.state.issue(s.number).state === "closed", `sibling #${s.number} is still open`);
  for (const s of siblings)
    n.check(
      stage.double.state.issue(s.number).labels.includes("skillops:superseded"),
      `sibling #${s.number} is not labelled skillops:superseded`,
    );
  n.say(
    `siblings closed as superseded: ${siblings.map((s) => `#${s.number} (${s.operatingPoint})`).join(", ")} (labelled skillops:superseded, branches deleted)`,
  );
  const fixed = parsePrMarker(stage.double.state.issue(pick.number).body)?.fixed ?? [];
  for (const i of fixed)
    n.check(
      stage.double.state.issue(i).labels.includes("skillops:shipped") &&
        stage.double.state.issue(i).state === "closed",
      `feedback #${i} was not shipped and closed`,
    );
  n.say(`feedback shipped and closed: ${fixed.map((i) => `#${i}`).join(", ") || "none"}`);
  const pooled = cases
    .filter((c) => fixed.includes(c.provenance.issue ?? -1))
    .map((c) => `${c.category}/${c.id}.yml`);
  for (const p of pooled)
    n.check(stage.show("main", `regression-pool/${p}`) !== undefined, `regression-pool/${p} is not on main`);
  n.say(`regression pool grew by ${pooled.length}: ${pooled.join(", ")}`);
  return fixed;
}

export async function rollBack(
  stage: Stage,
  n: Narrator,
  merged: Opened,
  fixed: number[],
  bankDir: string,
): Promise<number> {
  n.step(`Roll back: @${MAINTAINER} comments "/skillops rollback" on #${merged.number}`);
  const comment = stage.double.state.addComment(merged.number, MAINTAINER, "/skillops rollback");
  await deliver(stage.probot, "issue_comment", commentPayload(stage.double, comment.id));
  await stage.skillops.queue.drain();
  const revert = [...pullsOf(stage.double).values()].find((p) =>
    p.headRef.startsWith(`revert-${merged.number}-`),
  );
  n.check(revert !== undefined, "no revert PR was opened");
  n.say(`the app opened #${revert!.number} "${stage.double.state.issue(revert!.number).title}"`);
  await stage
    .octokitAs(MAINTAINER)
    .rest.pulls.merge({ owner: OWNER, repo: REPO, pull_number: revert!.number });
  await deliver(
    stage.probot,
    "pull_request",
    pullPayload(stage.double, stage.gitDir, "closed", revert!.number, { sender: MAINTAINER }),
  );
  await stage.skillops.queue.drain();
  const manifest = parseBankManifest(stage.show("main", `${bankDir}/bank.yml`) ?? "");
  n.say(
    `merged #${revert!.number}: ${bankDir}/bank.yml back to ${manifest.operatingPoint}; #${merged.number} labelled skillops:rolled-back`,
  );
  n.check(manifest.candidate !== merged.candidate, "bank.yml still names the rolled-back candidate");
  n.check(
    stage.double.state.issue(merged.number).labels.includes("skillops:rolled-back"),
    `#${merged.number} is not labelled rolled-back`,
  );
  for (const i of fixed)
    n.check(stage.double.state.issue(i).state === "open", `feedback #${i} was not reopened`);
  n.say(
    `feedback reopened with a comment: ${fixed.map((i) => `#${i}`).join(", ") || "none"}; candidate ${merged.candidate.slice(0, 8)} will not be proposed again automatically`,
  );
  n.check(openFrontier(stage).length === 0, "a frontier PR is still open after the rollback");
  return revert!.number;
}
