import { describe, expect, it } from "vitest";
import { refusedCandidates, planFrontier } from "../../src/core/github/plan.js";
import type { ExistingPull } from "../../src/core/github/port.js";
import { manifestMetricsOf, parseBankManifest, renderBankManifest } from "../../src/records/bank-manifest.js";
import { renderConfigCheck, renderGatesCheck } from "../../src/apps/app/frontier/check-run.js";
import { renderPrMarker } from "../../src/records/pr-marker.js";
import { baseInput, balanced } from "./pr-fixtures.js";

const BOT = "skillops[bot]";
const A = "aaaaaaaa" + "1".repeat(56);
const B = "bbbbbbbb" + "2".repeat(56);
const C = "cccccccc" + "3".repeat(56);

function pull(n: number, hash8: string, over: Partial<ExistingPull> = {}): ExistingPull {
  return {
    number: n,
    state: "open",
    merged: false,
    draft: true,
    headRef: `skillops/frontier/${hash8}`,
    headSha: "f".repeat(40),
    baseRef: "main",
    title: "t",
    body: "",
    labels: ["skillops:frontier"],
    author: BOT,
    ...over,
  };
}

describe("planFrontier", () => {
  it("with disjoint scopes, a job only updates and supersedes the PRs of its own scope", () => {
    const marker = (candidate: string, scope?: string) =>
      renderPrMarker({
        v: 1,
        run: "r",
        candidate,
        base: "b",
        op: "accuracy",
        fixed: [],
        ...(scope ? { scope } : {}),
      });
    const support = pull(1, "aaaaaaaa", { body: marker(A, "support") });
    const gpu = pull(2, "cccccccc", { body: marker(C, "gpu") });
    const steps = planFrontier([B], null, [support, gpu], BOT, [], "r2", "support");
    expect(steps.map((s) => [s.kind, "candidate" in s ? s.candidate.slice(0, 8) : s.pull.number])).toEqual([
      ["create", "bbbbbbbb"],
      ["supersede", 1],
    ]);
    // A run without scopes leaves scoped PRs alone too.
    expect(planFrontier([B], null, [support, gpu], BOT).map((s) => s.kind)).toEqual(["create"]);
  });

  it("creates PRs for new members, reuses open ones and supersedes those that left the frontier", () => {
    const steps = planFrontier([A, B], null, [pull(1, "aaaaaaaa"), pull(2, "cccccccc")], BOT);
    expect(steps.map((s) => [s.kind, "candidate" in s ? s.candidate.slice(0, 8) : s.pull.number])).toEqual([
      ["update", "aaaaaaaa"],
      ["create", "bbbbbbbb"],
      ["supersede", 2],
    ]);
  });

  it("never re-proposes a rejected or rolled-back candidate, unless the dashboard allowed it", () => {
    const closedByHuman = pull(3, "aaaaaaaa", { state: "closed" });
    const rolledBack = pull(4, "bbbbbbbb", {
      state: "closed",
      merged: true,
      labels: ["skillops:frontier", "skillops:rolled-back"],
    });
    const superseded = pull(5, "cccccccc", { state: "closed", labels: ["skillops:superseded"] });
    const pulls = [closedByHuman, rolledBack, superseded];
    expect([...refusedCandidates(pulls).values()].map((n) => [n.hash8, n.reason])).toEqual([
      ["aaaaaaaa", "rejected"],
      ["bbbbbbbb", "rolled-back"],
    ]);
    const steps = planFrontier([A, B, C], null, pulls, BOT);
    expect(steps.map((s) => (s.kind === "skip" ? `${s.kind}:${s.reason}` : s.kind))).toEqual([
      "skip:rejected",
      "skip:rolled-back",
      "create",
    ]);
    expect(planFrontier([B], null, pulls, BOT, [B]).map((s) => s.kind)).toEqual(["create"]);
  });

  it("does not bring back the siblings of a member of the same run that was merged", () => {
    const body = (run: string) =>
      `<!-- skillops:pr {"v":1,"run":"${run}","candidate":"${A}","base":"b","op":"accuracy","fixed":[]} -->`;
    const merged = pull(7, "aaaaaaaa", { state: "closed", merged: true, body: body("run-9") });
    const sibling = pull(8, "bbbbbbbb", { state: "closed", labels: ["skillops:superseded"] });
    expect(
      planFrontier([A, B], A, [merged, sibling], BOT, [], "run-9").map((s) =>
        s.kind === "skip" ? s.reason : s.kind,
      ),
    ).toEqual(["deployed", "sibling-merged"]);
    expect(planFrontier([B], A, [merged, sibling], BOT, [], "run-10").map((s) => s.kind)).toEqual(["create"]);
  });

  it("skips the deployed candidate and ignores PRs on frontier branches opened by people", () => {
    const human = pull(6, "bbbbbbbb", { author: "mallory" });
    const steps = planFrontier([A, B], A, [human], BOT);
    expect(steps.map((s) => s.kind)).toEqual(["skip", "create"]);
  });
});

describe("bank.yml", () => {
  it("keeps a member's rates and tokens, its cost estimate reduced to `estimated`", () => {
    const rate = { rate: 0.8, low: 0.7, high: 0.9, n: 10 };
    const member = {
      total: rate,
      perCategory: { general: rate },
      cost: { input: 100, output: 20, cached: 5 },
    };
    expect(manifestMetricsOf(member)).toEqual(member);
    const estimate = { runs: 6, planned: 10, low: 110, high: 130 };
    expect(manifestMetricsOf({ ...member, costEstimate: estimate })).toEqual({
      ...member,
      cost: { ...member.cost, estimated: true },
    });
  });

  it("round-trips and reads the example bank's baseline file", () => {
    const m = {
      operatingPoint: "balanced" as const,
      candidate: A,
      run: "r1",
      pullRequest: null,
      simulated: true,
      metrics: {
        total: { rate: 0.8, low: 0.7, high: 0.9, n: 10 },
        perCategory: { general: { rate: 0.8, low: 0.7, high: 0.9, n: 10 } },
        cost: { input: 100, output: 20, cached: 0 },
      },
    };
    expect(parseBankManifest(renderBankManifest(m))).toEqual(m);
    expect(
      parseBankManifest(
        "operatingPoint: baseline\ncandidate: null\nrun: null\npullRequest: null\nmetrics: null\n",
      ).operatingPoint,
    ).toBe("baseline");
  });

  it("refuses a bank.yml whose metrics have no `total`, naming the field", () => {
    const old = [
      "operatingPoint: balanced",
      `candidate: ${A}`,
      "run: r1",
      "pullRequest: 7",
      "simulated: false",
      "metrics:",
      "  passRate: 0.8",
      "  perCategory:",
      "    general: { rate: 0.8, low: 0.7, high: 0.9, n: 10 }",
      "  cost: { input: 100, output: 20 }",
      "",
    ].join("\n");
    expect(() => parseBankManifest(old)).toThrow(/^skill-bank\/bank.yml: metrics.total: /);
  });

  it("names the file and field at fault", () => {
    expect(() =>
      parseBankManifest("operatingPoint: fastest\ncandidate: null\nrun: null\nmetrics: null\n"),
    ).toThrow(/^skill-bank\/bank.yml: operatingPoint: /);
    expect(() => parseBankManifest("a: [", "x/bank.yml")).toThrow(/^x\/bank.yml: not valid YAML/);
  });
});

describe("check runs", () => {
  it("passes a member above every floor and fails it when stale, saying why", () => {
    const input = baseInput();
    expect(renderGatesCheck(input, "f".repeat(40))).toMatchObject({
      conclusion: "success",
      title: "Every category at or above its floor",
    });
    const stale = renderGatesCheck(input, "f".repeat(40), { movedTo: "1234567890" });
    expect(stale.conclusion).toBe("failure");
    expect(stale.summary).toContain("`main` moved from `abc1234` to `1234567`");
    const sibling = renderGatesCheck(input, "f".repeat(40), { siblingMerged: 125 });
    expect(sibling.title).toBe("Stale: sibling #125 merged");
  });

  it("fails a member the gate refused and lists every case and the pool sample in the text", () => {
    const gate = {
      ...balanced.gate!,
      categories: balanced.gate!.categories.map((c) => ({ ...c, rate: 0.1, ok: false })),
    };
    const check = renderGatesCheck(baseInput({ member: { ...balanced, gate } }), "f".repeat(40));
    expect(check).toMatchObject({ conclusion: "failure", title: "3 categories below the floor" });
    expect(check.text).toContain("| `fb-105` | special | #105 | ❌ fails |");
    expect(check.text).toContain("<details><summary>12 regression-pool cases the gate sampled</summary>");
    expect(check.text).toContain("| `pool-halluc-4` | hallucination |");
  });

  it("repeats the gate's rate and n beside the evolution-set rate, never a recomputed verdict", () => {
    const check = renderGatesCheck(baseInput(), "f".repeat(40));
    expect(check.summary).toContain(
      "| special | 60.0% (40.0–80.0%, n=20) | 57.0% | 63.6% (n=22) | 70.0% (50.0–90.0%, n=20), +10.0 pp | ✅ pass — 63.6% ≥ 57.0% |",
    );
    expect(check.summary).toContain(
      "judged 132 cases: the 120 evolution cases and 12 sampled from the regression pool",
    );
    // Evolution-set rates far below every floor, but the gate admitted it: the check says what the gate said.
    const low = { ...balanced, perCategory: balanced.perCategory.map((c) => ({ ...c, rate: 0.1 })) };
    expect(renderGatesCheck(baseInput({ member: low }), "f".repeat(40)).conclusion).toBe("success");
    const { gate: _gate, ...unrecorded } = low;
    expect(renderGatesCheck(baseInput({ member: unrecorded }), "f".repeat(40))).toMatchObject({
      conclusion: "neutral",
      title: "No gate figures in the run record",
    });
  });

  it("reports config problems as a failing check, and passes a valid file", () => {
    expect(
      renderConfigCheck("a".repeat(40), ["`.github/skillops.yml`: `evolve.epsilon`: Too big"]),
    ).toMatchObject({ conclusion: "failure", title: ".github/skillops.yml: 1 problem" });
    expect(renderConfigCheck("a".repeat(40), []).conclusion).toBe("success");
  });
});
