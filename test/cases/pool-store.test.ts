import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Case } from "../../src/records/case.js";
import { parseCase, renderCase } from "../../src/core/cases/parse-case.js";
import { poolFiles } from "../../src/core/cases/pool.js";
import {
  loadPoolIndex,
  readCases,
  readPool,
  resolveCaseFiles,
  writeCase,
} from "../../src/io/fsio/pool-store.js";

const make = (id: string, category: string, skills: string[] = ["cancel-reservation"]): Case =>
  Case.parse({
    id,
    category,
    diagnosis: `failure record for ${id}`,
    task: {
      prompt: "Cancel ABC123.",
      rubric: [{ type: "not-contains", path: "$.actions", value: "cancel_reservation" }],
    },
    skills,
    provenance: { channel: "manual", created: "2026-11-30T00:00:00Z" },
  });

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "skillops-pool-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("pool store", () => {
  it("writes cases to <category>/<id>.yml and reads them back", async () => {
    const a = make("a", "general");
    const b = make("b", "special", ["compensation"]);
    expect(await writeCase(root, a)).toBe("general/a.yml");
    await writeCase(root, b);
    expect(await readFile(join(root, "general/a.yml"), "utf8")).toBe(renderCase(a));
    const pool = await readPool(root);
    expect(pool.diagnostics).toEqual([]);
    expect(pool.cases).toEqual([a, b]);
    const { index } = await loadPoolIndex(root);
    expect(index.bySkill.get("compensation")?.map((e) => e.id)).toEqual(["b"]);
    const read = await readCases(root, [index.byId.get("b")!]);
    expect(read.cases).toEqual([b]);
  });

  it("refuses to write an id that another category already uses", async () => {
    await writeCase(root, make("a", "general"));
    await expect(writeCase(root, make("a", "special"))).rejects.toThrow(/already used by general\/a\.yml/);
    await writeCase(root, { ...make("a", "general"), diagnosis: "updated" }); // same place: an update
    expect((await readPool(root)).cases[0]?.diagnosis).toBe("updated");
  });

  it("reports every bad file and still loads the good ones", async () => {
    await writeCase(root, make("good", "general"));
    await mkdir(join(root, "special"), { recursive: true });
    // The parser notices the unclosed flow sequence at the end of the file (line 3).
    await writeFile(join(root, "special/broken.yml"), "id: broken\ncategory: [special\n");
    await writeFile(
      join(root, "special/typeless.yml"),
      renderCase(make("typeless", "special")).replace("type: not-contains", "type: fuzzy"),
    );
    await writeFile(
      join(root, "special/escape.yml"),
      renderCase({
        ...make("escape", "special"),
        task: { ...make("escape", "special").task, files: [{ path: "../../etc/passwd" }] },
      }),
    );
    await writeFile(join(root, "special/moved.yml"), renderCase(make("moved", "general")));
    await writeFile(join(root, "special/latin1.yml"), Buffer.from([0x69, 0x64, 0x3a, 0x20, 0xe9, 0x0a]));
    await writeFile(join(root, "stray.yml"), "id: x\n");
    await symlink(join(root, "general/good.yml"), join(root, "special/link.yml"));
    await writeFile(join(root, "special/good.yml"), renderCase(make("good", "special")));

    const { cases, diagnostics } = await readPool(root);
    expect(cases.map((c) => c.id)).toEqual(["good"]);
    expect(diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual([
      "special/broken.yml:3 CASE_YAML",
      "special/escape.yml:7 CASE_FILE_ESCAPES",
      "special/good.yml:0 CASE_DUPLICATE_ID",
      "special/latin1.yml:0 CASE_ENCODING",
      "special/link.yml:0 POOL_SYMLINK",
      "special/moved.yml:2 CASE_CATEGORY_MISMATCH",
      "special/typeless.yml:8 CASE_RUBRIC_TYPE",
      "stray.yml:0 CASE_LOCATION",
    ]);
    // The index scans files instead of parsing them: what only the schema can see (an unknown rubric
    // type, an escaping input path) is reported when the case is sampled, with its path and line.
    const loaded = await loadPoolIndex(root);
    expect(loaded.index.entries.map((e) => e.path)).toEqual([
      "general/good.yml",
      "special/escape.yml",
      "special/typeless.yml",
    ]);
    const lazy = new Set(["CASE_FILE_ESCAPES", "CASE_RUBRIC_TYPE"]);
    expect(loaded.diagnostics.map((d) => d.code)).toEqual(
      diagnostics.map((d) => d.code).filter((c) => !lazy.has(c)),
    );
    const sampled = await readCases(root, loaded.index.entries);
    expect(sampled.cases.map((c) => c.id)).toEqual(["good"]);
    expect(sampled.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual([
      "special/escape.yml:7 CASE_FILE_ESCAPES",
      "special/typeless.yml:8 CASE_RUBRIC_TYPE",
    ]);
  });

  it("reuses cached entries for unchanged files and re-parses changed ones", async () => {
    const cacheFile = join(root, ".cache/pool-index.json");
    for (const id of ["a", "b", "c"]) await writeCase(root, make(id, "general"));
    const first = await loadPoolIndex(root, { cacheFile });
    expect([first.parsed, first.reused]).toEqual([3, 0]);
    await writeCase(root, make("b", "general", ["compensation"]));
    const second = await loadPoolIndex(root, { cacheFile });
    expect([second.parsed, second.reused]).toEqual([1, 2]);
    expect(second.index.bySkill.get("compensation")?.map((e) => e.id)).toEqual(["b"]);
    await rm(join(root, "general/c.yml"));
    const third = await loadPoolIndex(root, { cacheFile });
    expect(third.index.entries.map((e) => e.id)).toEqual(["a", "b"]);
    await writeFile(cacheFile, "{not json");
    expect((await loadPoolIndex(root, { cacheFile })).parsed).toBe(2);
  });

  it("indexes by a scan, loads a sampled case in full, and reports a file changed since indexing", async () => {
    const a = make("a", "general", ["compensation", "cancel-reservation"]);
    await writeCase(root, a);
    await writeCase(root, make("b", "general"));
    const { index, diagnostics } = await loadPoolIndex(root);
    expect(diagnostics).toEqual([]);
    expect(index.byId.get("a")).toEqual({
      id: "a",
      category: "general",
      skills: ["compensation", "cancel-reservation"],
      path: "general/a.yml",
    });
    const full = await readCases(root, [index.byId.get("a")!]);
    expect(full).toEqual({ cases: [a], diagnostics: [] }); // every field, validated by the schema
    // A file edited after the index was built: the sample was drawn on stale skills.
    await writeCase(root, make("b", "general", ["other-skill"]));
    const stale = await readCases(root, [index.byId.get("b")!]);
    expect(stale.cases).toEqual([]);
    expect(stale.diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual(["general/b.yml CASE_INDEX_STALE"]);
    expect(stale.diagnostics[0]!.message).toMatch(/rebuild the index/);
  });

  it("falls back to the full parse for a file the scan cannot read, and reports its problems at once", async () => {
    await mkdir(join(root, "general"), { recursive: true });
    const quoted = renderCase(make("q", "general")).replace("  - cancel-reservation", '  - "quoted skill"');
    await writeFile(join(root, "general/q.yml"), quoted);
    await writeFile(join(root, "general/bad.yml"), "id: bad\ncategory: general\nskills: [x\n");
    const { index, diagnostics } = await loadPoolIndex(root);
    expect(index.byId.get("q")?.skills).toEqual(["quoted skill"]);
    expect(diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual(["general/bad.yml:4 CASE_YAML"]);
  });

  it("treats a missing pool as empty", async () => {
    expect(await readPool(join(root, "nope"))).toEqual({ cases: [], diagnostics: [] });
  });

  it("gives files to commit under the pool prefix, parseable at their location", () => {
    const files = poolFiles([make("b", "special"), make("a", "general")]);
    expect(files.map((f) => f.path)).toEqual([
      "regression-pool/general/a.yml",
      "regression-pool/special/b.yml",
    ]);
    const text = new TextDecoder().decode(files[0]!.bytes);
    expect(parseCase(text, files[0]!.path).diagnostics).toEqual([]);
  });
});

describe("resolveCaseFiles", () => {
  const withFiles = (files: Case["task"]["files"]): Case => ({
    ...make("inputs", "general"),
    task: { ...make("inputs", "general").task, files },
  });

  it("returns inline contents and reads the rest from <category>/<id>/", async () => {
    await mkdir(join(root, "general/inputs/data"), { recursive: true });
    await writeFile(join(root, "general/inputs/data/records.yml"), "reservation: ABC123\n");
    const files = await resolveCaseFiles(
      root,
      withFiles([{ path: "note.txt", content: "inline" }, { path: "data/records.yml" }]),
    );
    expect(files).toEqual({ "note.txt": "inline", "data/records.yml": "reservation: ABC123\n" });
    // An input file inside the case's folder is not mistaken for a case.
    await writeCase(root, make("other", "general"));
    expect((await readPool(root)).diagnostics).toEqual([]);
  });

  it("refuses missing files, escaping paths and symlinked folders with the case and file named", async () => {
    await expect(resolveCaseFiles(root, withFiles([{ path: "absent.txt" }]))).rejects.toThrow(
      /case inputs: input file general\/inputs\/absent\.txt/,
    );
    await expect(resolveCaseFiles(root, withFiles([{ path: "../../x" }]))).rejects.toThrow(/climbs out/);
    const outside = await mkdtemp(join(tmpdir(), "skillops-outside-"));
    try {
      await writeFile(join(outside, "secret.txt"), "secret");
      await mkdir(join(root, "general"), { recursive: true });
      await symlink(outside, join(root, "general/inputs"));
      await expect(resolveCaseFiles(root, withFiles([{ path: "secret.txt" }]))).rejects.toThrow(
        /outside the pool/,
      );
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});
