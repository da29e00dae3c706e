// `skillops evolve` progress on stderr without a TTY, also with --json (stdout stays the record),
// and as workflow commands in GitHub Actions: groups per step, ::warning:: for a dropped rewrite,
// ::error:: when the run fails.
import { afterEach, describe, expect, it } from "vitest";
import { escapeCommandData } from "../../src/apps/cli/evolve/evolve-progress.js";
import { RunRecord } from "../../src/records/run-record.js";
import type { DoubleReply, RecordedRequest } from "../support/openai-double.js";
import { double, evolveIn, model, prepare, type Body } from "./openai-refund-world.js";

afterEach(async () => double?.close());

const roleOf = (req: RecordedRequest) => (req.body as Body).response_format?.json_schema?.name;
const refused: DoubleReply = {
  status: 400,
  json: { error: { message: "bad request: 100% wrong", type: "invalid_request_error" } },
};

describe("skillops evolve progress", () => {
  it("with --json, one line per step on stderr: baseline, each iteration's vote and gate, the stop", async () => {
    const dir = await prepare();
    const r = await evolveIn(dir);
    expect(r.code).toBe(0);
    const record = RunRecord.parse(JSON.parse(r.stdout));
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines[0]).toBe("read 0 nogood(s) from .skillops/nogoods/");
    expect(lines[1]).toBe(`scope: ${record.scope.skills.join(", ")}`);
    expect(lines[2]).toMatch(/^baseline E₀: pass rate 0\.0% \(general 0\.0%\)$/);
    for (const it of record.iterations) {
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^iteration ${it.t} vote: `)));
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^iteration ${it.t} gate: `)));
    }
    expect(lines).toContain("iteration 1 gate: child 100.0%, admitted, entered the frontier; frontier 2");
    expect(lines.at(-1)).toBe(`stopped: ${record.stop.reason} after iteration ${record.stop.afterIteration}`);
  });

  it("in Actions: balanced ::group::s, a ::warning:: per dropped rewrite, ::error:: for the failure", async () => {
    const dir = await prepare("", (req) => (roleOf(req) === "skill_rewrite" ? refused : model(req)));
    const r = await evolveIn(dir, [], { GITHUB_ACTIONS: "true" });
    expect(r.code).toBe(1);
    const lines = r.stderr.trimEnd().split("\n");
    const opened = lines.filter((l) => l.startsWith("::group::")).length;
    expect(opened).toBeGreaterThanOrEqual(2);
    expect(lines.filter((l) => l === "::endgroup::").length).toBe(opened);
    expect(lines).toContain("::group::baseline E₀: pass rate 0.0% (general 0.0%)");
    // The % of the model's message is escaped, so the annotation is the whole message.
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^::warning::iteration 1: rewrite of refunds dropped: rewriter failed: .*100%25 wrong/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^::error::every rewriter call failed \(\d+ of \d+\)/),
    );
    expect(lines.some((l) => l.startsWith("error:") || l.startsWith("warning:"))).toBe(false);
  });

  it("escapes workflow command data", () => {
    expect(escapeCommandData("50% done\r\nnext")).toBe("50%25 done%0D%0Anext");
  });
});
