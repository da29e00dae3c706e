// The double's answer to `query skillopsFolders` (src/io/github-api/repo-folders.ts): each
// `HEAD:<dir>` expression as GitHub's GraphQL answers it, a Tree whose entries nest FOLDER_DEPTH
// levels deep (a folder below that is listed with no entries), each blob with its text. Files come
// from `options.listFiles` (a git server's tree) or the double's own `state.files`.
import { FOLDER_DEPTH } from "../../../src/core/github/port.js";
import type { DoubleResponse, GitHubDouble } from "./route.js";

const QUERY =
  /^query skillopsFolders\(\$owner: String!, \$name: String!(, \$e\d+: String!)+\) \{ repository\(owner: \$owner, name: \$name\) \{ .* \} \}$/;

/** How the double records the query (a read, though a POST). */
export const FOLDERS_OPERATION = "graphql:skillopsFolders";

export const isFoldersQuery = (query: unknown): boolean =>
  typeof query === "string" && QUERY.test(query.replace(/\s+/g, " ").trim());

interface Entry {
  name: string;
  type: "blob" | "tree";
  object: { text: string | null; isTruncated: boolean } | { entries?: Entry[] };
}

async function filesUnder(d: GitHubDouble, dir: string): Promise<string[]> {
  const ref = d.state.defaultBranch;
  const listed = await d.options.listFiles?.(ref, dir);
  if (listed) return listed;
  const prefix = `${dir}/`;
  return [...(d.state.files.get(ref)?.keys() ?? [])]
    .filter((p) => p.startsWith(prefix))
    .map((p) => p.slice(prefix.length));
}

async function entriesOf(
  d: GitHubDouble,
  dir: string,
  paths: readonly string[],
  depth: number,
): Promise<Entry[]> {
  const names = [...new Set(paths.map((p) => p.split("/")[0]!))].sort();
  const out: Entry[] = [];
  for (const name of names) {
    const inside = paths.filter((p) => p.startsWith(`${name}/`)).map((p) => p.slice(name.length + 1));
    if (inside.length === 0) {
      const ref = d.state.defaultBranch;
      const text =
        (await d.options.readFile?.(ref, `${dir}/${name}`)) ?? d.state.getFile(`${dir}/${name}`, ref) ?? null;
      out.push({ name, type: "blob", object: { text, isTruncated: false } });
    } else
      out.push({
        name,
        type: "tree",
        object: depth > 1 ? { entries: await entriesOf(d, `${dir}/${name}`, inside, depth - 1) } : {},
      });
  }
  return out;
}

export async function answerFolders(
  d: GitHubDouble,
  body: { variables?: Record<string, unknown> },
): Promise<DoubleResponse> {
  const repository: Record<string, { entries: Entry[] } | null> = {};
  for (const [key, value] of Object.entries(body.variables ?? {})) {
    const m = /^e(\d+)$/.exec(key);
    if (!m) continue;
    const expression = String(value);
    if (!expression.startsWith("HEAD:")) {
      d.problems.push(`POST /graphql: skillopsFolders expression ${expression} does not read HEAD`);
      continue;
    }
    const dir = expression.slice("HEAD:".length);
    const paths = await filesUnder(d, dir);
    repository[`f${m[1]}`] = paths.length ? { entries: await entriesOf(d, dir, paths, FOLDER_DEPTH) } : null;
  }
  return { status: 200, body: { data: { repository } } };
}
