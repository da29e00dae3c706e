// `skillops validate` on a regression-pool folder: every case file against the Case schema, each
// problem with its file and line, one bad file never hiding another's.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli } from "./run-cli.js";

const scratch = mkdtempSync(join(tmpdir(), "skillops-validate-pool-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("skillops validate POOL", () => {
  it("the example pool validates (exit 0), and the repository's config beside it", async () => {
    const r = await runCli(["validate", "regression-pool"], REPO_ROOT);
    expect(r.stdout).toBe(
      "regression-pool: ok: 11 case(s), 0 error(s), 0 warning(s) [pool]\n.github/skillops.yml: ok [config]\n",
    );
    expect(r.code).toBe(0);
  });

  it("reports every broken case file with its line and exits 1", async () => {
    const pool = join(scratch, "pool");
    cpSync(join(REPO_ROOT, "regression-pool"), pool, { recursive: true });
    writeFileSync(
      join(pool, "general/broken-yaml.yml"),
      "id: broken-yaml\ncategory: general\ndiagnosis: [unclosed\n",
    );
    writeFileSync(
      join(pool, "special/unknown-rubric.yml"),
      "id: unknown-rubric\ncategory: special\ndiagnosis: d\ntask:\n  prompt: p\n  rubric:\n    - type: vibes\n      value: x\nprovenance:\n  channel: manual\n  created: '2026-11-30'\n",
    );
    const r = await runCli(["validate", pool, "--json"], REPO_ROOT);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as {
      kind: string;
      errors: number;
      cases: unknown[];
      diagnostics: { file: string; line: number; code: string }[];
    };
    expect(doc.kind).toBe("pool");
    expect(doc.cases).toHaveLength(11);
    expect(doc.diagnostics.map((d) => [d.file, d.code])).toEqual([
      [join(pool, "general/broken-yaml.yml"), "CASE_YAML"],
      [join(pool, "special/unknown-rubric.yml"), "CASE_RUBRIC_TYPE"],
    ]);
    expect(doc.diagnostics[1]!.line).toBe(7);
  });
});
