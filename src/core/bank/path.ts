// Bank paths are relative, `/`-separated and stay inside the bank. Adapters (fsio, git) check every
// path before reading or writing so nothing escapes the bank root.

/** Why `path` is not a safe bank-relative path, or undefined when it is. */
export function pathProblem(path: string): string | undefined {
  if (path === "") return "path is empty";
  if (path.includes("\0")) return "path contains a NUL byte";
  if (path.includes("\\")) return "path contains a backslash";
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path)) return "path is absolute";
  const parts = path.split("/");
  if (parts.some((p) => p === "..")) return "path escapes the bank ('..')";
  if (parts.some((p) => p === "" || p === ".")) return "path has an empty or '.' segment";
  if (parts.some((p) => p.toLowerCase() === ".git")) return "path enters a .git folder";
  return undefined;
}

export function joinPath(prefix: string, path: string): string {
  const p = prefix.replace(/^\/+|\/+$/g, "");
  return p === "" ? path : `${p}/${path}`;
}

export function dirnameOf(path: string): string {
  const i = path.lastIndexOf("/");
  return i === -1 ? "" : path.slice(0, i);
}

export function basenameOf(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** Extensions we treat as text: they must decode as UTF-8. Anything else is kept as bytes. */
const TEXT_EXTENSIONS = new Set([
  "md",
  "markdown",
  "txt",
  "yml",
  "yaml",
  "json",
  "toml",
  "csv",
  "tsv",
  "xml",
  "html",
  "css",
  "py",
  "sh",
  "bash",
  "js",
  "mjs",
  "cjs",
  "ts",
  "rb",
  "go",
  "rs",
  "java",
  "sql",
  "ini",
  "cfg",
]);

export function isTextPath(path: string): boolean {
  const base = basenameOf(path);
  const dot = base.lastIndexOf(".");
  return dot > 0 && TEXT_EXTENSIONS.has(base.slice(dot + 1).toLowerCase());
}
