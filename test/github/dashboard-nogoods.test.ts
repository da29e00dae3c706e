// Issue 28 item 1: the dashboard says how many nogoods committed to the default branch are active
// against the bank there (every edited skill still at the version the edit was made on), read with
// one GraphQL request for both folders; a nogood whose skill changed since is counted as retired,
// and an invalid nogood file is a problem (a run would refuse to start).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Probot } from "probot";
import {
  createGitHubDouble,
  createProbotOnDouble,
  type GitHubDouble,
} from "../support/github-double/index.js";
import { createSkillopsApp } from "../../src/apps/app/app.js";
import { stripMarkers } from "../../src/records/markers.js";
import { refreshDashboard } from "../../src/apps/app/dashboard/dashboard-sync.js";
import { createSkillRepo } from "../../src/io/github-api/repo.js";
import { DEFAULT_CONFIG } from "../../src/core/config/config.js";
import { INSTALLATION_ID } from "../support/github-double/webhooks.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { loadBank } from "../../src/core/bank/bank.js";
import { rejectedNogoods } from "../../src/core/nogoods/rejected-nogoods.js";
import { NOGOODS_DIR, nogoodFileName, serialiseNogood } from "../../src/records/nogood-file.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { FOLDERS_OPERATION } from "../support/github-double/graphql-folders.js";

const SKILLS = ["compensation", "find-reservation"];
const encoder = new TextEncoder();
const skillText = (name: string) => readFileSync(join(REPO_ROOT, "skill-bank", name, "SKILL.md"), "utf8");
const bankOf = (texts: Record<string, string>) =>
  loadBank(Object.entries(texts).map(([name, t]) => ({ path: `${name}/SKILL.md`, bytes: encoder.encode(t) })))
    .bank;

/** A closed PR's nogoods: one per section edit a candidate made to `skill` of `base`. */
function nogoodsOn(base: Record<string, string>, skill: string, line: string) {
  const candidate = { ...base, [skill]: `${base[skill]!.trimEnd()}\n\n${line}\n` };
  return rejectedNogoods(
    {
      origin: "closed-pr",
      base: bankOf(base),
      candidate: bankOf(candidate),
      candidateHash: "c".repeat(64),
      reason: "#4 closed unmerged by @alice",
    },
    fixedClock("2026-11-30T00:00:00Z"),
  );
}

describe("the dashboard's count of active nogoods", () => {
  let double: GitHubDouble;
  let probot: Probot;
  beforeEach(async () => {
    double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
    probot = await createProbotOnDouble(
      double,
      createSkillopsApp({ now: fixedClock("2026-11-30T03:00:00Z") }).app,
    );
  });
  afterEach(async () => {
    double.assertClean();
    await double.close();
  });

  const refresh = async () => {
    const repo = createSkillRepo(await probot.auth(INSTALLATION_ID), { owner: "acme", repo: "agent-skills" });
    const before = double.requests.length;
    await refreshDashboard({
      repo,
      config: { ok: true, config: DEFAULT_CONFIG },
      now: fixedClock("2026-11-30T03:00:00Z"),
      botLogin: "acme-skills[bot]",
    });
    const body = [...double.state.issues.values()].find((i) =>
      i.labels.includes("skillops:dashboard"),
    )!.body!;
    return { body, requests: double.requests.slice(before) };
  };

  test("counts active and retired nogoods against the default branch's bank, in one request", async () => {
    const now = Object.fromEntries(SKILLS.map((s) => [s, skillText(s)]));
    const old = { ...now, "find-reservation": `${now["find-reservation"]!.trimEnd()}\n\nAn older line.\n` };
    const active = nogoodsOn(now, "compensation", "Always offer a voucher, whatever the delay.");
    const retired = nogoodsOn(old, "find-reservation", "Guess the reservation from the name alone.");
    expect([active.length, retired.length]).toEqual([1, 1]);
    for (const s of SKILLS) double.state.setFile(`skill-bank/${s}/SKILL.md`, now[s]!);
    for (const n of [...active, ...retired])
      double.state.setFile(`${NOGOODS_DIR}/${nogoodFileName(n)}`, serialiseNogood(n));

    const { body, requests } = await refresh();
    expect(body).toContain(
      "**1 active nogood** in `.skillops/nogoods/`: section edits the gate, a rollback or a closed PR refused, which the next run vetoes unevaluated while their skills are unchanged; 1 retired (a skill they edit has changed since).",
    );
    expect(requests.filter((r) => r.operationId === FOLDERS_OPERATION)).toHaveLength(1);
    expect(requests.filter((r) => r.operationId === "repos/get-content")).toHaveLength(1); // bank.yml, as before

    // The skill changes on the default branch: the active one retires too.
    double.state.setFile("skill-bank/compensation/SKILL.md", `${now.compensation!}\nA new line.\n`);
    expect((await refresh()).body).toContain("**0 active nogoods** in `.skillops/nogoods/`");
  });

  test("says nothing without nogoods, and lists an invalid nogood file as a problem", async () => {
    double.state.setFile("skill-bank/compensation/SKILL.md", skillText("compensation"));
    const first = await refresh();
    // The visible text; the marker's snapshot keeps the (zero) count under its key `nogoods`.
    expect(stripMarkers(first.body)).not.toContain("nogood");
    double.state.setFile(`${NOGOODS_DIR}/${"a".repeat(64)}.json`, "{ not json");
    const { body } = await refresh();
    expect(body).toMatch(/## ⚠️ Problems[\s\S]*- nogood \.skillops\/nogoods\/a{64}\.json: not JSON/);
  });
});
