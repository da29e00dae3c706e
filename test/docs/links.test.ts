// Docs that stay true (issue 27 item 8): every relative link in the project's Markdown resolves to a
// file in this repository (and to a heading, when it names one), none leaves the repository (a fresh
// clone has nothing beside it), and every pointer into docs/ that the code writes into a user's
// repository (a dashboard, a generated config) names a page that exists here.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { planScaffold } from "../../src/core/init/scaffold.js";
import { anchorsIn, linksIn, withoutCode } from "../support/markdown-links.js";
import { REPO_ROOT } from "../support/repo-root.js";

const MARKDOWN = [
  "README.md",
  "SECURITY.md",
  "CONTRIBUTING.md",
  "CHANGELOG.md",
  ...readdirSync(join(REPO_ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

const read = (file: string) => readFileSync(join(REPO_ROOT, file), "utf8");

/** What is wrong with a link from `from` (a repository path) to `target`, or undefined. */
function brokenLink(from: string, target: string): string | undefined {
  if (/^(https?:|mailto:)/.test(target)) return undefined;
  const [pathPart, anchor] = target.split("#", 2) as [string, string | undefined];
  const path = pathPart === "" ? from : normalize(join(dirname(from), decodeURIComponent(pathPart)));
  if (path.startsWith("..") || relative(REPO_ROOT, join(REPO_ROOT, path)).startsWith(".."))
    return `${target}: outside the repository (a fresh clone has nothing beside it)`;
  if (!existsSync(join(REPO_ROOT, path))) return `${target}: no such file ${path}`;
  if (anchor === undefined || anchor === "" || !path.endsWith(".md")) return undefined;
  if (statSync(join(REPO_ROOT, path)).isDirectory()) return undefined;
  return anchorsIn(read(path)).has(anchor) ? undefined : `${target}: ${path} has no heading #${anchor}`;
}

/** Every broken link in one Markdown file, as `file:line: problem`. */
function brokenLinksIn(file: string): string[] {
  return linksIn(read(file)).flatMap(({ line, target }) => {
    const problem = brokenLink(file, target);
    return problem ? [`${file}:${line}: ${problem}`] : [];
  });
}

describe("every relative link in the docs resolves in this repository", () => {
  it.each(MARKDOWN)("%s", (file) => {
    expect(brokenLinksIn(file)).toEqual([]);
  });
});

describe("the link reader", () => {
  const doc = [
    "# Ways to get it: npx, a `tarball`",
    "See [below](#ways-to-get-it-npx-a-tarball), [install](install.md#nope) and",
    "[the corpus](../../elsewhere/x.md). `[not a link](nowhere.md)`",
    "```md",
    "[in a fence](nowhere.md)",
    "```",
    "[ref]: missing.md",
    '<a href="README.md">x</a>',
  ].join("\n");

  it("finds inline, reference and HTML links, and skips code", () => {
    expect(linksIn(doc)).toEqual([
      { line: 2, target: "#ways-to-get-it-npx-a-tarball" },
      { line: 2, target: "install.md#nope" },
      { line: 3, target: "../../elsewhere/x.md" },
      { line: 7, target: "missing.md" },
      { line: 8, target: "README.md" },
    ]);
    expect(withoutCode(doc)).not.toContain("nowhere.md");
  });

  it("slugs headings as GitHub does, and reports each kind of broken link", () => {
    expect(anchorsIn(doc)).toEqual(new Set(["ways-to-get-it-npx-a-tarball"]));
    expect(brokenLink("docs/bank.md", "../../elsewhere/x.md")).toMatch(/outside the repository/);
    expect(brokenLink("docs/bank.md", "nowhere.md")).toMatch(/no such file docs\/nowhere.md/);
    expect(brokenLink("docs/bank.md", "install.md#nope")).toMatch(/has no heading #nope/);
    expect(brokenLink("README.md", "docs/install.md")).toBeUndefined();
  });
});

/** src/ files, for the pointers into docs/ the code writes. */
function sourceFiles(dir = "src"): string[] {
  return readdirSync(join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(`${dir}/${e.name}`) : e.name.endsWith(".ts") ? [`${dir}/${e.name}`] : [],
  );
}

describe("the docs the code points to", () => {
  const sources = sourceFiles().map((file) => ({ file, text: read(file) }));

  it("every docs/<page>.md the code names is a page of this repository", () => {
    const missing = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/\bdocs\/([\w.-]+\.md)/g)]
        .filter((m) => !existsSync(join(REPO_ROOT, "docs", m[1]!)))
        .map((m) => `${file}: docs/${m[1]}`),
    );
    expect(missing).toEqual([]);
  });

  it("no Markdown link the code writes points into docs/ relative to the user's repository", () => {
    // A relative link in an issue or PR body resolves against the repository it is posted in,
    // which holds the user's skills, not skillops's docs.
    const relativeDocs = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/\]\((?!https?:)[^)]*\bdocs\/[^)]*\)/g)].map((m) => `${file}: ${m[0]}`),
    );
    expect(relativeDocs).toEqual([]);
  });

  it("every skillops page init writes a link to exists at that path here", () => {
    const action = { kind: "pinned" as const, ref: { repo: "my-org/skillops", ref: "v0.1.0" } };
    const files = planScaffold({ action, app: "actions" });
    const prefix =
      /https:\/\/(?:github\.com\/my-org\/skillops\/blob|raw\.githubusercontent\.com\/my-org\/skillops)\/v0\.1\.0\/([^\s)"'`]*[^\s)"'`.,])/g;
    const urls = files.flatMap((f) => [...f.content.matchAll(prefix)].map((m) => `${f.path}: ${m[1]}`));
    // The config's schema and reference, the evolve and app workflows' explanations.
    expect(urls.length).toBeGreaterThanOrEqual(4);
    expect(urls.filter((u) => !existsSync(join(REPO_ROOT, u.split(": ")[1]!)))).toEqual([]);
    const config = files.find((f) => f.path === ".github/skillops.yml")!.content;
    expect(config).toMatch(
      /^## Reference: https:\/\/github\.com\/my-org\/skillops\/blob\/v0\.1\.0\/docs\/config\.md$/m,
    );
  });
});
