// The generated blocks of the docs (scripts/generated-blocks.ts): read and rewritten between their
// markers only, and a page without the markers is an error naming it, never a silent no-op.
import { describe, expect, it } from "vitest";
import { readBlock, writeBlock } from "../../scripts/generated-blocks.js";

const page = [
  "# Figures",
  "<!-- generated:counts-2 -->",
  "other",
  "<!-- /generated:counts-2 -->",
  "<!-- generated:counts (npm run figures:docs) -->",
  "old 1",
  "<!-- /generated:counts -->",
  "after",
].join("\n");

describe("generated blocks", () => {
  it("reads and rewrites one block, leaving the rest of the page", () => {
    expect(readBlock(page, "counts", "p.md")).toBe("old 1\n");
    const next = writeBlock(page, "counts", "p.md", "new 2\nnew 3\n");
    expect(readBlock(next, "counts", "p.md")).toBe("new 2\nnew 3\n");
    expect(readBlock(next, "counts-2", "p.md")).toBe("other\n");
    expect(next.replace("new 2\nnew 3\n", "old 1\n")).toBe(page);
  });

  it("refuses a page without the block, naming the page and the markers", () => {
    expect(() => writeBlock(page, "sizes", "docs/x.md", "1\n")).toThrow(
      "docs/x.md: no <!-- generated:sizes --> … <!-- /generated:sizes --> block",
    );
  });
});
