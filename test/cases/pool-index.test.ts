import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PoolEntry } from "../../src/core/cases/pool.js";
import { buildPoolIndex, compare, poolIndexBuilder } from "../../src/core/cases/pool.js";

/** Entries with odd paths, drafts, link texts, non-ASCII and repeated ids: every column's special case. */
const entries = fc
  .array(
    fc.record({
      id: fc.oneof(
        fc.constantFrom("a", "b", "é-1", "case-0"),
        fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,12}$/),
      ),
      category: fc.constantFrom("general", "special", "zz"),
      skills: fc.subarray(["book", "cancel", "bags"]),
      yaml: fc.boolean(),
      draft: fc.boolean(),
      link: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
    }),
    { maxLength: 60 },
  )
  .map((rows) =>
    rows.map((r): PoolEntry => {
      const e: PoolEntry = {
        id: r.id,
        category: r.category,
        skills: r.skills,
        path: `${r.category}/${r.id}.${r.yaml ? "yaml" : "yml"}`,
      };
      if (r.draft) e.draft = true;
      if (r.link !== undefined) e.linkText = r.link;
      return e;
    }),
  );

describe("the columnar pool index", () => {
  it("gives back each kept entry by row and by id, the first by path of a repeated id", () => {
    fc.assert(
      fc.property(entries, (input) => {
        const { index, diagnostics } = buildPoolIndex(input);
        const unique = [...input].sort((a, b) => compare(a.path, b.path));
        const kept = unique.filter((e, i) => unique.findIndex((f) => f.id === e.id) === i);
        expect(index.size).toBe(kept.length);
        expect(diagnostics.map((d) => d.file)).toEqual(
          unique.filter((e) => !kept.includes(e)).map((e) => e.path),
        );
        kept.forEach((e, row) => {
          expect(index.entryAt(row)).toEqual(e);
          expect(index.rowOf(e.id)).toBe(row);
          expect(index.idAt(row)).toBe(e.id);
          expect(index.categoryAt(row)).toBe(e.category);
        });
        expect(index.rowOf("not-in-the-pool")).toBe(-1);
        expect(index.draftRows()).toEqual(kept.flatMap((e, row) => (e.draft ? [row] : [])));
        expect(index.entries).toEqual(kept);
      }),
    );
  });

  it("lists each skill's and each category's rows in path order, categories by name", () => {
    fc.assert(
      fc.property(entries, (input) => {
        const { index } = buildPoolIndex(input);
        for (const skill of ["book", "cancel", "bags", "none"]) {
          const rows = [...index.skillRows(skill)];
          expect(rows).toEqual(index.entries.flatMap((e, row) => (e.skills.includes(skill) ? [row] : [])));
          expect(rows.map((row) => index.entryAt(row))).toEqual(index.bySkill.get(skill) ?? []);
        }
        expect([...index.categoryRows.keys()]).toEqual([...index.byCategory.keys()]);
        for (const [c, rows] of index.categoryRows)
          expect([...rows].map((row) => index.entryAt(row))).toEqual(index.byCategory.get(c));
      }),
    );
  });

  it("finds every one of many ids (its hash table grows) and still refuses a repeat", () => {
    const builder = poolIndexBuilder();
    const ids = Array.from({ length: 5000 }, (_, i) => `case-${String(i).padStart(5, "0")}`);
    for (const id of ids) builder.add({ id, category: "general", skills: [], path: `general/${id}.yml` });
    builder.add({ id: "case-00042", category: "special", skills: [], path: "special/case-00042.yml" });
    const { index, diagnostics } = builder.finish();
    expect(ids.every((id, row) => index.rowOf(id) === row)).toBe(true);
    expect(diagnostics.map((d) => [d.file, d.code])).toEqual([
      ["special/case-00042.yml", "CASE_DUPLICATE_ID"],
    ]);
    expect(diagnostics[0]!.message).toContain("general/case-00042.yml");
  });

  it("refuses entries out of path order and a row it does not have, saying which", () => {
    const builder = poolIndexBuilder();
    builder.add({ id: "b", category: "general", skills: [], path: "general/b.yml" });
    expect(() => builder.add({ id: "a", category: "general", skills: [], path: "general/a.yml" })).toThrow(
      "ascending path order: general/a.yml after general/b.yml",
    );
    const { index } = builder.finish();
    expect(() => index.entryAt(1)).toThrow("no pool row 1 (the pool has 1)");
  });
});
