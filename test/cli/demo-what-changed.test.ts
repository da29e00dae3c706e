// Issue 27 item 5, on the full demo: a PR and both reports once summarised a skill with its last
// rewrite's words (one check of three a lineage added). "What changed" is derived from the whole diff
// against the deployed bank, so every added check is counted and quoted everywhere, and the rewriter's
// words appear only as its labelled note. Lineages of several iterations are covered by the property
// test in test/bank/what-changed.test.ts; this one holds the rule on whatever the demo's P* changed.
// The same run checks docs/demo.md's figures (issue 27 item 8): they are what this demo prints.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runDemo, type DemoResult } from "../../demo/run-demo.js";
import { DEMO_FIGURES, renderDemoFigures } from "../../scripts/demo-figures.js";
import { readBlock } from "../../scripts/generated-blocks.js";
import type { RunRecord } from "../../src/records/run-record.js";
import { REPO_ROOT } from "../support/repo-root.js";

const out = mkdtempSync(join(tmpdir(), "skillops-demo-full-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));
let result: DemoResult | undefined;

/** The added list items of one skill's collapsed diff in a PR body. */
function addedItems(body: string, skill: string): string[] {
  const start = body.indexOf(`<details><summary>Diff of ${skill}</summary>`);
  const diff = body.slice(start, body.indexOf("</details>", start));
  return diff.split("\n").filter((l) => /^\+\s*- /.test(l));
}

describe("the full demo's recommended PR", () => {
  it("names every check P*'s whole diff adds, for each skill it changed, in the PR body and both reports", async () => {
    const io = { stdout: () => {}, stderr: () => {}, cwd: REPO_ROOT, isTTY: false, env: {} };
    result = await runDemo({ io, root: REPO_ROOT, out, quiet: true, fast: false });
    expect(result.ok, result.error).toBe(true);
    const record = JSON.parse(readFileSync(join(out, "run-record.json"), "utf8")) as RunRecord;
    const star = record.frontier.find((m) => m.selected)!;
    const body = starBody(out, star.candidate);
    const reports = [
      readFileSync(join(out, "report.md"), "utf8"),
      readFileSync(join(out, "report.html"), "utf8"),
    ];
    // Which skills P* changed is the demo's trajectory; the rule holds for each of them.
    const changed = star.changes.map((c) => c.skill);
    expect(changed.length).toBeGreaterThan(0);
    let checked = 0;
    for (const skill of changed) {
      const items = addedItems(body, skill);
      if (items.length === 0) continue;
      const count = `${items.length} list item${items.length === 1 ? "" : "s"} added: `;
      const surfaces = [body, ...reports].map((doc) => unescape(lineWith(doc, count, items)));
      for (const line of surfaces) {
        expect(line, `${skill}: no line names its ${count}`).not.toBe("");
        for (const l of items) expect(line).toContain(`“${l.replace(/^\+\s*- /, "").trim()}”`);
      }
      const note = star.changes.find((c) => c.skill === skill)!;
      expect(body).toContain(`> _The rewriter's note (unverified, iteration ${note.t}):_ `);
      checked += items.length;
    }
    expect(checked).toBeGreaterThan(0);
  }, 180_000);

  it("prints the figures docs/demo.md shows (else: npm run figures:docs)", ({ skip }) => {
    if (!result?.ok) skip("the full demo did not run to the end (the test above says why)");
    const page = readFileSync(join(REPO_ROOT, DEMO_FIGURES.page), "utf8");
    expect(readBlock(page, DEMO_FIGURES.name, DEMO_FIGURES.page), "stale: run npm run figures:docs").toBe(
      renderDemoFigures(result!),
    );
  });
});

const unescape = (t: string) =>
  t
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\\/g, "");

/** The line of `doc` that gives the added count and quotes the first added item. */
function lineWith(doc: string, count: string, items: readonly string[]): string {
  const first = items[0]!.replace(/^\+\s*- /, "").trim();
  return doc.split("\n").find((l) => l.includes(count) && unescape(l).includes(first)) ?? "";
}

/** The demo writes each PR body as pull-requests/pr-N.md; P*'s names its candidate in the marker. */
function starBody(dir: string, candidate: string): string {
  const bodies = readdirSync(join(dir, "pull-requests")).map((f) =>
    readFileSync(join(dir, "pull-requests", f), "utf8"),
  );
  const found = bodies.find((b) => b.includes(`"candidate":"${candidate}"`));
  if (!found) throw new Error(`no PR body names candidate ${candidate}`);
  return found;
}
