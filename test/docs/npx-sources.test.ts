// No package named `skillops` is published on npm, and one published later by anyone else would be a
// stranger's code: every `npx` a doc tells someone to run names its source (docs/install.md, "Naming
// the source"): a GitHub repository at a tag, or `--no` (only what node_modules already holds).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/repo-root.js";

const DOCS = [
  ...readdirSync(REPO_ROOT).filter((f) => f.endsWith(".md")),
  ...readdirSync(join(REPO_ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** The code in a Markdown file: fenced blocks and inline spans, where commands are written. */
function codeIn(markdown: string): string[] {
  const fenced = [...markdown.matchAll(/^ *```[^\n]*\n([\s\S]*?)^ *```/gm)].map((m) => m[1]!);
  const prose = markdown.replace(/^ *```[^\n]*\n[\s\S]*?^ *```/gm, "");
  const inline = [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  return [...fenced, ...inline];
}

const NAMED = /^npx (--yes )?--package=github:[\w.-]+\/[\w.-]+#[\w./-]+ -- |^npx --no -- /;

/** Each `npx …` command in the code, from `npx` to the end of its line (a bare `npx` is the word). */
const npxCommands = (code: string) => [...code.matchAll(/\bnpx [^\n]*/g)].map((m) => m[0]);

describe("every npx line in the docs names its source", () => {
  it.each(DOCS)("%s", (file) => {
    const commands = codeIn(readFileSync(join(REPO_ROOT, file), "utf8")).flatMap(npxCommands);
    expect(commands.filter((c) => !NAMED.test(c))).toEqual([]);
  });

  it("finds a bare npx, and accepts both named forms", () => {
    const code = codeIn(
      "Run `npx skillops validate skill-bank`, then\n```\nnpx --yes --package=github:acme/skillops#v1.0.0 -- skillops init .\nnpx --no -- tsx x.ts\n```\n",
    );
    expect(code.flatMap(npxCommands).filter((c) => !NAMED.test(c))).toEqual([
      "npx skillops validate skill-bank",
    ]);
  });
});
