// `readTextFolders` (port.ts): the files under a few folders of the default branch in one GraphQL
// request (REST would take one request per file), for the dashboard's count of active nogoods.
// GraphQL fragments cannot recurse, so the query nests FOLDER_DEPTH levels of tree entries.
import { FOLDER_DEPTH, type FolderText, type IssuesRepo, type RepoCoords } from "../../core/github/port.js";
import type { RestClient } from "./rest-client.js";

interface Entry {
  name: string;
  type: string;
  object?: { text?: string | null; isTruncated?: boolean; entries?: Entry[] } | null;
}

const BLOB = "... on Blob { text isTruncated }";
const level = (inner: string) =>
  `entries { name type object { ${BLOB}${inner ? ` ... on Tree { ${inner} }` : ""} } }`;
const ENTRIES = Array.from({ length: FOLDER_DEPTH }).reduce<string>((inner) => level(inner), "");

/** The operation, named so the GitHub double can recognise it (test/support/github-double). */
export function folderQuery(count: number): string {
  const vars = Array.from({ length: count }, (_, i) => `$e${i}: String!`).join(", ");
  const fields = Array.from(
    { length: count },
    (_, i) => `f${i}: object(expression: $e${i}) { ... on Tree { ${ENTRIES} } }`,
  ).join(" ");
  return `query skillopsFolders($owner: String!, $name: String!, ${vars}) { repository(owner: $owner, name: $name) { ${fields} } }`;
}

function flatten(entries: readonly Entry[], prefix: string, out: FolderText["files"]): void {
  for (const e of entries) {
    const path = `${prefix}${e.name}`;
    if (e.type === "tree") {
      // Below the last level the query asked for no entries: the folder is listed, unread.
      if (e.object?.entries) flatten(e.object.entries, `${path}/`, out);
      else out.push({ path: `${path}/`, text: null });
    } else if (e.type === "blob")
      // A truncated text is not the file's: as unreadable as a binary one.
      out.push({ path, text: e.object?.isTruncated ? null : (e.object?.text ?? null) });
  }
}

export function folderMethods(
  octokit: RestClient,
  { owner, repo }: RepoCoords,
): Pick<IssuesRepo, "readTextFolders"> {
  return {
    async readTextFolders(dirs) {
      if (dirs.length === 0) return [];
      const variables = Object.fromEntries(dirs.map((d, i) => [`e${i}`, `HEAD:${d}`]));
      const data = await octokit.graphql<{ repository: Record<string, { entries?: Entry[] } | null> }>(
        folderQuery(dirs.length),
        { owner, name: repo, ...variables },
      );
      return dirs.map((dir, i) => {
        const files: FolderText["files"] = [];
        flatten(data.repository[`f${i}`]?.entries ?? [], "", files);
        return { dir, files };
      });
    },
  };
}
