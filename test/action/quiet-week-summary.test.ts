// The Action's job summary says why a green run did nothing (a quiet week), and a failed one holds
// the error and its fix; the evolve verdict counts "nothing left to improve" as the job done; a
// GitHub request that got no answer is named a network failure, not "HTTP 500".
import { describe, expect, it } from "vitest";
import { outputsOf, summaryOf } from "../../src/apps/action/outputs.js";
import { fixFor } from "../../src/apps/action/failure-help.js";
import { evolveVerdict } from "../../src/apps/cli/evolve/evolve-verdict.js";
import {
  noAcceptedFeedback,
  nothingLine,
  nothingToEvolveIn,
} from "../../src/apps/cli/evolve/nothing-to-evolve.js";
import { describeRequestFailure } from "../../src/io/github-api/request-failure.js";
import type { RunRecord } from "../../src/records/run-record.js";

const idle = (reason: RunRecord["stop"]["reason"], note?: string) =>
  ({
    iterations: [],
    config: { maxIterations: 4 },
    stop: { reason, afterIteration: 0, ...(note ? { note } : {}) },
    simulated: false,
    runId: "r1",
    frontier: [],
  }) as unknown as RunRecord;

describe("a quiet week", () => {
  it("is an ok summary that says nothing was evolved, why, and how to give it something", () => {
    const line = nothingLine(noAcceptedFeedback());
    const nothing = nothingToEvolveIn(`github: 0 accepted case(s) from feedback issues\n${line}\n`);
    expect(nothing).toBe(
      "0 accepted feedback issues; accept one with the label skillops:accepted (or tick its box on the Skill Evolution Dashboard)",
    );
    expect(summaryOf("evolve", 0, outputsOf(undefined, ""), undefined, { nothing: nothing! })).toBe(
      `### skillops evolve: ok, nothing to evolve\n\nNothing was evolved: ${nothing}.\n`,
    );
  });

  it("a bank with nothing left to improve exits 0 and says so; a budget spent on the baseline is still exit 1", () => {
    const perfect = idle("perfect-root", "every run of P₀ passed every evolution case: nothing to improve");
    expect(evolveVerdict(perfect).exitCode).toBe(0);
    expect(summaryOf("evolve", 0, outputsOf(perfect, ""), perfect)).toContain(
      "Nothing was evolved: every run of P₀ passed every evolution case: nothing to improve; file feedback",
    );
    expect(
      evolveVerdict(idle("budget", "the run's token budget was spent before iteration 1")).exitCode,
    ).toBe(1);
  });
});

describe("a failed step's summary", () => {
  it("holds the error and its fix, not only the exit status", () => {
    const error =
      "--github: the repository acme/x does not answer at http://127.0.0.1:9 (network failure (ECONNREFUSED), no answer: fetch failed); nothing was run";
    const summary = summaryOf("evolve", 1, outputsOf(undefined, ""), undefined, { error });
    expect(summary).toContain("### skillops evolve: failed (exit 1)\n");
    expect(summary).toContain(`**Error:** ${error}\n`);
    expect(summary).toMatch(/\*\*Fix:\*\* A network failure: nothing answered\./);
    expect(fixFor("set OPENAI_API_KEY")).toMatch(/repository secret OPENAI_API_KEY/);
    expect(fixFor("something only the log explains")).toBeUndefined();
  });

  it("names a request with no answer a network failure, and an answered one by its status", () => {
    // Octokit reports fetch's failure with status 500; the cause says what really happened.
    const refused = Object.assign(new Error("fetch failed"), {
      status: 500,
      cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" }),
    });
    expect(describeRequestFailure(refused)).toBe("network failure (ECONNREFUSED), no answer: fetch failed");
    expect(
      describeRequestFailure(Object.assign(new Error("getaddrinfo ENOTFOUND api.example"), { status: 500 })),
    ).toMatch(/^network failure \(ENOTFOUND\)/);
    expect(describeRequestFailure(Object.assign(new Error("Not Found"), { status: 404 }))).toBe(
      "HTTP 404: Not Found",
    );
  });
});
