import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../../src/apps/cli/main.js";
import { simulatedRecord } from "./fixtures.js";

async function cli(cwd: string, argv: string[], env: Record<string, string> = {}) {
  let out = "";
  let err = "";
  const code = await main(argv, {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    cwd,
    isTTY: false,
    env,
  });
  return { code, out, err };
}

describe("skillops report", () => {
  const dir = mkdtempSync(join(tmpdir(), "skillops-report-"));
  const ready = simulatedRecord().then((r) => writeFileSync(join(dir, "run.json"), JSON.stringify(r)));

  it("writes the HTML and Markdown reports and appends the Markdown to the Actions job summary", async () => {
    await ready;
    const summary = join(dir, "summary.md");
    writeFileSync(summary, "Triggered by: test\n\n");
    const r = await cli(dir, ["report", "run.json", "--html", "out/report.html", "--md", "out/report.md"], {
      GITHUB_STEP_SUMMARY: summary,
    });
    expect(r.code).toBe(0);
    expect(r.out).toBe("wrote out/report.html (simulated run)\nwrote out/report.md (simulated run)\n");
    expect(readFileSync(join(dir, "out/report.html"), "utf8")).toMatch(/^<!doctype html>/);
    const md = readFileSync(join(dir, "out/report.md"), "utf8");
    expect(readFileSync(summary, "utf8")).toBe(`Triggered by: test\n\n${md}\n`);
  });

  it("renders the record `skillops evolve --model sim --json` prints on the example bank", async () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
    const evolveOut = mkdtempSync(join(tmpdir(), "skillops-report-evolve-"));
    const evolved = await cli(root, [
      "evolve",
      "--model",
      "sim",
      "--json",
      "--out",
      evolveOut,
      // Nogoods the run learns stay in its temporary folder, not in this repository.
      "--nogoods",
      join(evolveOut, "nogoods"),
      "--max-iterations",
      "2",
    ]);
    expect(evolved.code).toBe(0);
    writeFileSync(join(dir, "evolved.json"), evolved.out);
    const r = await cli(dir, ["report", "evolved.json", "--html", "evolved.html", "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({
      simulated: true,
      written: ["evolved.html"],
      stepSummary: false,
    });
    const html = readFileSync(join(dir, "evolved.html"), "utf8");
    expect(html).toContain("(simulated)");
    expect(html).toMatch(/<svg [^>]*>[\s\S]*<\/svg>/);
  });

  it("prints the Markdown when no output file is named", async () => {
    await ready;
    const r = await cli(dir, ["report", "run.json"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^## skillops run `.+` \(simulated\)/);
  });

  it("names what is wrong with bad input", async () => {
    writeFileSync(join(dir, "garbage.json"), "{not json");
    writeFileSync(join(dir, "other.json"), JSON.stringify({ version: 1, simulated: true }));
    const missing = await cli(dir, ["report", "nope.json"]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/nope\.json: no such file/);
    const garbage = await cli(dir, ["report", "garbage.json"]);
    expect(garbage.code).toBe(1);
    expect(garbage.err).toMatch(/garbage\.json: not JSON .*skillops evolve --json/);
    const other = await cli(dir, ["report", "other.json"]);
    expect(other.code).toBe(1);
    expect(other.err).toMatch(
      /other\.json: not a skillops run record \(docs\/run-record\.md\):\n {2}runId: /,
    );
  });
});
