// The demo runs in the test suite (its fast variant) exactly as a newcomer runs it: every step checks
// what it claims, so a broken flow anywhere in the product fails here.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DOMParser } from "@xmldom/xmldom";
import { REPO_ROOT } from "../support/repo-root.js";
import { runDemo } from "../../demo/run-demo.js";
import type { RunDemo } from "../../src/apps/cli/demo.js";
import { runCli } from "./run-cli.js";
import type { RunRecord } from "../../src/records/run-record.js";
import { vsDeployedSentences } from "../../src/core/report/baseline-sentence.js";

// The CLI writes out the demo's signature instead of importing it (dist/ is built from src/ alone);
// typecheck fails here when the two drift apart.
const _demoFitsTheCli: RunDemo = runDemo;

const out = mkdtempSync(join(tmpdir(), "skillops-demo-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("skillops demo", () => {
  it("plays feedback → cases → simulated run → frontier PRs → select → merge → rollback, and writes its outputs", async () => {
    const r = await runCli(["demo", "--fast", "--json", "--out", out], REPO_ROOT);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout) as {
      ok: boolean;
      steps: { title: string; lines: string[] }[];
      files: string[];
      wallMs: number;
      startupMs: number;
    };
    expect(result.ok).toBe(true);
    // The wall time counts from the command's start, the process's (performance.timeOrigin), so it
    // includes what ran before the demo itself: here, the test process up to this call.
    expect(result.startupMs).toBeGreaterThan(0);
    expect(result.wallMs).toBeGreaterThan(result.startupMs);
    const titles = result.steps.map((s) => s.title);
    for (const word of [
      "Feedback filed",
      "Triage",
      "Evolution run",
      "Frontier pull requests",
      "Select",
      "Merge",
      "Roll back",
      "not proposed again",
    ]) {
      expect(titles.some((t) => t.includes(word))).toBe(true);
    }
    const text = result.steps.flatMap((s) => s.lines).join("\n");
    expect(text).toContain("0 invalid or unexpected");
    expect(text).toMatch(/refuses; no case/);
    expect(text).toMatch(/skipped \(rolled-back\)/);
    expect(result.files).toEqual(
      expect.arrayContaining(["dashboard.md", "report.html", "report.md", "run-record.json", "README.md"]),
    );
    const bodies = result.files
      .filter((f) => f.startsWith("pull-requests/"))
      .map((f) => readFileSync(join(out, f), "utf8"));
    const frontier = bodies.filter((b) => b.includes("<!-- skillops:pr "));
    // The product's main decision (issue 43): two evolved members, a PR each, each linking its
    // sibling; selecting one takes the label from the other, and merging it supersedes the other.
    expect(frontier.length).toBeGreaterThanOrEqual(2);
    const numbers = result.files.flatMap((f) => /^pull-requests\/pr-(\d+)\.md$/.exec(f)?.[1] ?? []);
    const frontierNumbers = numbers.filter((_, i) => bodies[i]!.includes("<!-- skillops:pr "));
    frontier.forEach((body, i) => {
      for (const other of frontierNumbers.filter((_, j) => j !== i))
        expect(body).toMatch(new RegExp(`Its siblings? (is|are) .*#${other} \\(`));
    });
    expect(text).toMatch(/the label is removed from #\d+: skillops:select is a radio button/);
    expect(text).toMatch(/siblings closed as superseded: #\d+ \((cost|balanced|accuracy)\)/);
    expect(text).toMatch(
      /the choice \(simulated\): \w+ [0-9a-f]{8} costs .* buys .* more with .* more tokens per case/,
    );
    for (const body of frontier)
      expect(body).toContain("<details><summary>Legend: the terms used here</summary>");
    for (const body of frontier) {
      expect(body).toContain("**Simulated.**");
      expect(body).toContain("### Gates");
    }
    // The advice issue went into knowledge.md through the rolling PR, not into a case.
    expect(bodies.filter((b) => b.includes("<!-- skillops:knowledge-pr ")).length).toBe(1);
    expect(text).toMatch(/advice with no reproducible input/);
    const record = JSON.parse(readFileSync(join(out, "run-record.json"), "utf8")) as RunRecord;
    expect(record.simulated).toBe(true);
    // One deployed hash: the bank main holds is P₀, in the run record and in every PR body, and a
    // member's branch keeps main's other files.
    const onMain = /skill-bank\/ \(.*; candidate ([0-9a-f]{8})\)/.exec(text)![1]!;
    expect(record.baseline.candidate.slice(0, 8)).toBe(onMain);
    for (const body of frontier) {
      expect(body).toContain(`| Deployed now | \`${onMain}\` |`);
      expect(body).not.toContain("NOTICE.md removed");
    }
    // The run took time: its record does not start and finish at one instant.
    expect(Date.parse(record.finishedAt)).toBeGreaterThan(Date.parse(record.startedAt));
    const html = readFileSync(join(out, "report.html"), "utf8");
    expect(html).toContain("simulated");
    // Each PR'd member says whether it is better than the deployed bank, as do both reports.
    const report = readFileSync(join(out, "report.md"), "utf8");
    for (const body of frontier) {
      const m = record.frontier.find((f) => body.includes(`"candidate":"${f.candidate}"`))!;
      const [test, selection] = vsDeployedSentences(m, record.confirmationSet);
      const sentence = `${test} ${selection}`;
      expect(body).toContain(`**${test}**\n\n${selection}`);
      expect(report).toContain(sentence);
      expect(html).toContain(sentence.replace(/'/g, "&#39;"));
    }
    const svg = html.slice(html.indexOf("<svg"), html.indexOf("</svg>") + 6);
    const errors: string[] = [];
    new DOMParser({
      onError: (level, msg) => void (level !== "warning" && errors.push(msg)),
    }).parseFromString(svg, "image/svg+xml");
    expect(errors).toEqual([]);
    expect(readFileSync(join(out, "dashboard.md"), "utf8")).toContain("Skill Evolution Dashboard");
  }, 120_000);

  it("fails, naming the step and the problem, when the example repository is broken", async () => {
    const root = mkdtempSync(join(tmpdir(), "skillops-demo-root-"));
    try {
      for (const dir of ["skill-bank", "regression-pool", ".github", "examples"])
        cpSync(join(REPO_ROOT, dir), join(root, dir), { recursive: true });
      const skill = join(root, "skill-bank/compensation/SKILL.md");
      writeFileSync(skill, readFileSync(skill, "utf8").replace("name: compensation", "name: Compensation"));
      let stderr = "";
      const io = {
        stdout: () => {},
        stderr: (t: string) => void (stderr += t),
        cwd: root,
        isTTY: false,
        env: {},
      };
      const result = await runDemo({ io, root, out: join(root, "demo-out"), quiet: true, fast: true });
      expect(result.ok).toBe(false);
      expect(result.error).toMatch(
        /^step 1 \(The example repository, served on loopback\): the bank on main is empty or invalid: .*compensation\/SKILL.md:2: error SKILL_NAME/,
      );
      expect(stderr).toContain("demo failed");
      expect(existsSync(join(root, "demo-out"))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});
