// `npm run figures:names`: lists the exported type names (type aliases, interfaces, enums, classes
// and zod schema consts) declared in more than one file under src/, and exits 1 when any remain.
// One name per concept (issue 30): two files that export the same name make a reader guess which one
// an import means, so the count is kept at zero.
import { readdir, readFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SRC = join(ROOT, "src");

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return sourceFiles(path);
      return e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [path] : [];
    }),
  );
  return nested.flat();
}

function isExported(node: ts.Node): boolean {
  return ts.canHaveModifiers(node)
    ? (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    : false;
}

/** The identifier a call or property chain starts from: `z` for `z.object({…}).strict()`. */
function chainRoot(expr: ts.Expression): ts.Expression {
  let e = expr;
  for (;;) {
    if (ts.isCallExpression(e) || ts.isPropertyAccessExpression(e)) e = e.expression;
    else if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e)) e = e.expression;
    else return e;
  }
}

function isZodSchema(init: ts.Expression | undefined): boolean {
  if (!init) return false;
  const root = chainRoot(init);
  return ts.isIdentifier(root) && root.text === "z";
}

/** The type-level names a file declares and exports itself (re-exports are not declarations). */
function exportedTypeNames(file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const s of file.statements) {
    if (!isExported(s)) continue;
    if (
      ts.isTypeAliasDeclaration(s) ||
      ts.isInterfaceDeclaration(s) ||
      ts.isEnumDeclaration(s) ||
      (ts.isClassDeclaration(s) && s.name)
    ) {
      names.add(s.name!.text);
    } else if (ts.isVariableStatement(s)) {
      for (const d of s.declarationList.declarations)
        if (ts.isIdentifier(d.name) && isZodSchema(d.initializer)) names.add(d.name.text);
    }
  }
  return names;
}

const filesByName = new Map<string, string[]>();
for (const path of (await sourceFiles(SRC)).sort()) {
  const text = await readFile(path, "utf8");
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  for (const name of exportedTypeNames(file)) {
    const files = filesByName.get(name) ?? [];
    files.push(relative(ROOT, path));
    filesByName.set(name, files);
  }
}

const shared = [...filesByName]
  .filter(([, files]) => files.length > 1)
  .sort(([a], [b]) => a.localeCompare(b));
for (const [name, files] of shared) process.stdout.write(`${name}: ${files.join(", ")}\n`);
process.stdout.write(`${shared.length} exported type name(s) declared in more than one file under src/\n`);
if (shared.length > 0) process.exitCode = 1;
