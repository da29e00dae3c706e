// npm run figures:structure: the code-structure figures issue 30 set targets for, measured on the
// working tree. Each figure is computed from the files and the lint config, never typed in, so the
// same script run on an older commit gives the "before".
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { ESLint } from "eslint";

const files = execFileSync("git", ["ls-files", "src"], { encoding: "utf8" })
  .split("\n")
  .filter((f) => f.endsWith(".ts"));
const read = (f: string) => readFileSync(f, "utf8");

/** Whether the lint lets this file touch the filesystem: the mark of an adapter. */
async function worldAllowed(eslint: ESLint, file: string): Promise<boolean> {
  const config = (await eslint.calculateConfigForFile(file)) as { rules?: Record<string, unknown> };
  const rule = config.rules?.["no-restricted-imports"] as
    [unknown, { paths?: { name: string }[] }] | undefined;
  return !(rule?.[1]?.paths ?? []).some((p) => p.name === "node:fs");
}

async function mixedFolders(): Promise<{ mixed: string[]; folders: number }> {
  const eslint = new ESLint();
  const byFolder = new Map<string, Set<boolean>>();
  for (const f of files) {
    const kinds = byFolder.get(dirname(f)) ?? new Set<boolean>();
    kinds.add(await worldAllowed(eslint, f));
    byFolder.set(dirname(f), kinds);
  }
  const mixed = [...byFolder].filter(([, k]) => k.size > 1).map(([d]) => d);
  return { mixed, folders: byFolder.size };
}

/** Layer rules (no-restricted-imports) whose `files` name single files rather than folders. */
async function fileNamedLayerEntries(): Promise<string[]> {
  const config = (await import(`${process.cwd()}/eslint.config.js`)).default as {
    files?: string[];
    ignores?: string[];
    rules?: Record<string, unknown>;
  }[];
  return config
    .filter((c) => c.rules?.["no-restricted-imports"])
    .flatMap((c) => [...(c.files ?? []), ...(c.ignores ?? [])])
    .filter(
      (g, i, all) => g.startsWith("src/") && g.endsWith(".ts") && !g.includes("*") && all.indexOf(g) === i,
    );
}

/** Imports of the engine (an `evolve/` folder) from the renderers, the app, the action and sim. */
function engineImports(): string[] {
  const outside =
    /^src\/(report|github|sim|action|core\/report|core\/render|core\/github|apps\/app|apps\/action)\//;
  return files
    .filter((f) => outside.test(f))
    .flatMap((f) => [...read(f).matchAll(/from "([^"]*\/evolve\/[^"]*)"/g)].map((m) => `${f} → ${m[1]}`));
}

/**
 * Declarations of a token cost {input, output[, cached]}: zod objects, interfaces and type literals
 * (a price per million tokens has the same fields but is not a cost, so it is not counted).
 */
function tokenCostDeclarations(): string[] {
  const field = (name: string) => `${name}\\??:\\s*(?:z\\.[^\\n]*?|number)[,;]?`;
  const gap = "(?:\\s*(?:\\/\\*\\*[^\\n]*\\*\\/|\\/\\/[^\\n]*))*\\s*";
  const re = new RegExp(`${field("input")}${gap}${field("output")}`, "g");
  return files.flatMap((f) => {
    const text = read(f);
    return [...text.matchAll(re)]
      .filter((m) => !/[Dd]ollars|price/.test(text.slice(m.index, m.index + m[0].length + 120)))
      .map(() => f);
  });
}

/** Places that test a search strategy by its name. */
function strategyNameTests(): string[] {
  const re = /[!=]== "(frames|neo|evolver|greedy)"/g;
  return files.flatMap((f) => [...read(f).matchAll(re)].map((m) => `${f}: ${m[0]}`));
}

const { mixed, folders } = await mixedFolders();
const engine = engineImports();
const tokens = tokenCostDeclarations();
const strategy = strategyNameTests();
const longest = Math.max(...files.map((f) => read(f).split("\n").length));
console.log(`source files: ${files.length}, folders: ${folders}`);
console.log(
  `folders mixing pure and I/O files (by the lint): ${mixed.length}${mixed.length ? ` (${mixed.join(", ")})` : ""}`,
);
const named = await fileNamedLayerEntries();
console.log(
  `layer-rule entries naming single files: ${named.length}${named.length ? ` (${named.join(", ")})` : ""}`,
);
console.log(`engine imports from renderers/app/action/sim: ${engine.length}`);
for (const e of engine) console.log(`  ${e}`);
console.log(`token-cost declarations: ${tokens.length} (${[...new Set(tokens)].join(", ")})`);
console.log(`strategy-name tests: ${strategy.length}`);
for (const s of strategy) console.log(`  ${s}`);
console.log(`longest source file: ${longest} lines`);
