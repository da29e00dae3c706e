// Issue 27 item 5, on the full demo: P*'s `compensation` gained three checks over two iterations of
// its lineage, and its PR and both reports summarised it with the last rewrite's words (one check).
// "What changed" is now derived from the whole diff against the deployed bank, so all three are
// counted and quoted everywhere, and the rewriter's words appear only as its labelled note.
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
  it("names every check P*'s lineage added to compensation, in the PR body and both reports", async () => {
    const io = { stdout: () => {}, stderr: () => {}, cwd: REPO_ROOT, isTTY: false, env: {} };
    result = await runDemo({ io, root: REPO_ROOT, out, quiet: true, fast: false });
    expect(result.ok, result.error).toBe(true);
    const record = JSON.parse(readFileSync(join(out, "run-record.json"), "utf8")) as RunRecord;
    const star = record.frontier.find((m) => m.selected)!;
    // The scenario: compensation was rewritten in two iterations of P*'s lineage, and the record's
    // note is the last rewrite's alone.
    const bornOf = new Map(record.iterations.flatMap((it) => (it.child ? [[it.child.candidate, it]] : [])));
    const lineage = [];
    for (let it = bornOf.get(star.candidate); it; it = bornOf.get(it.parent)) lineage.push(it);
    const edits = lineage.filter((it) =>
      it.rewrites.some((r) => r.skill === "compensation" && r.status === "rewritten"),
    );
    expect(edits.length).toBeGreaterThanOrEqual(2);
    const note = star.changes.find((c) => c.skill === "compensation")!;
    expect(note.t).toBe(star.born);

    const body = starBody(out, star.candidate);
    const items = addedItems(body, "compensation");
    expect(items).toHaveLength(3);
    const prefix = `section “Checks” added: +5 lines, ${items.length} list items added: `;
    const texts = items.map((l) => l.replace(/^\+\s*- /, "").trim());
    // Each surface names every added check, not just their count.
    const lineOf = (doc: string, start: string) => doc.split("\n").find((l) => l.includes(start)) ?? "";
    const unescape = (t: string) =>
      t
        .replace(/&#39;|&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&")
        .replace(/\\/g, "");
    const surfaces = [
      unescape(lineOf(body, prefix.replace("+", "\\+"))),
      unescape(lineOf(readFileSync(join(out, "report.md"), "utf8"), prefix.replace("+", "\\+"))),
      unescape(lineOf(readFileSync(join(out, "report.html"), "utf8"), `<li>${prefix}`)),
    ];
    for (const line of surfaces) {
      expect(line).not.toBe("");
      for (const t of texts) expect(line).toContain(`“${t}”`);
    }
    expect(body).toContain(`> _The rewriter's note (unverified, iteration ${note.t}):_ `);
  }, 180_000);

  it("prints the figures docs/demo.md shows (else: npm run figures:docs)", ({ skip }) => {
    if (!result?.ok) skip("the full demo did not run to the end (the test above says why)");
    const page = readFileSync(join(REPO_ROOT, DEMO_FIGURES.page), "utf8");
    expect(readBlock(page, DEMO_FIGURES.name, DEMO_FIGURES.page), "stale: run npm run figures:docs").toBe(
      renderDemoFigures(result!),
    );
  });
});

/** The demo writes each PR body as pull-requests/pr-N.md; P*'s names its candidate in the marker. */
function starBody(dir: string, candidate: string): string {
  const bodies = readdirSync(join(dir, "pull-requests")).map((f) =>
    readFileSync(join(dir, "pull-requests", f), "utf8"),
  );
  const found = bodies.find((b) => b.includes(`"candidate":"${candidate}"`));
  if (!found) throw new Error(`no PR body names candidate ${candidate}`);
  return found;
}
